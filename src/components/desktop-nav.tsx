import React, { useEffect, useRef } from "react";
import { Link } from "gatsby";
import { ariaCurrentFor, isActivePath } from "../lib/active-link";
import type { NavItem } from "../lib/nav";
import type { HoverDisclosure } from "../hooks/use-hover-disclosure";
import * as styles from "./desktop-nav.module.css";

export interface DesktopNavProps {
  items: NavItem[];
  pathname: string;
  label: string;
  toggleLabel: string;
  dropdownId: string;
  dropdown: HoverDisclosure;
  onNavigate: () => void;
}

/**
 * The wide-screen bar. An item with children (Services) is a link plus a disclosure button that shows its dropdown,
 * following the WAI-ARIA disclosure navigation pattern: hover opens it, the button opens it from the keyboard, Tab
 * walks its links, Escape closes it and returns focus to the button.
 */
export function DesktopNav({ items, pathname, label, toggleLabel, dropdownId, dropdown, onNavigate }: DesktopNavProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRef = useRef<HTMLLIElement>(null);

  const { open, setOpen } = dropdown;

  // Escape closes the open dropdown; if focus was inside it, focus goes back to its button.
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const focusInside = itemRef.current?.contains(document.activeElement) ?? false;
      setOpen(false);
      if (focusInside) buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, setOpen]);

  const onBlur = (event: React.FocusEvent) => {
    // Focus that leaves the item (Tab past the last service) closes the dropdown.
    const next = event.relatedTarget as Node | null;
    if (next && itemRef.current && !itemRef.current.contains(next)) dropdown.setOpen(false);
  };

  return (
    <nav className={styles.nav} aria-label={label}>
      <ul className={styles.list}>
        {items.map((item) => {
          const section = item.children.length > 0;
          const active = isActivePath(pathname, item.to, { section });
          const linkClass = `${styles.link} ${active ? styles.active : ""}`;
          if (!section) {
            return (
              <li key={item.to} className={styles.item}>
                <Link
                  to={item.to}
                  className={linkClass}
                  aria-current={ariaCurrentFor(pathname, item.to)}
                  onClick={onNavigate}
                >
                  {item.label}
                </Link>
              </li>
            );
          }
          return (
            // Pointer enter/leave on the item are the hover behaviour (SPEC §2); keyboard and touch use the button.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
            <li
              key={item.to}
              ref={itemRef}
              className={`${styles.item} ${styles.hasDropdown}`}
              data-open={dropdown.open ? "" : undefined}
              onPointerEnter={dropdown.onPointerEnter}
              onPointerLeave={dropdown.onPointerLeave}
              onBlur={onBlur}
            >
              <Link
                to={item.to}
                className={linkClass}
                aria-current={ariaCurrentFor(pathname, item.to, { section: true })}
                onClick={onNavigate}
              >
                {item.label}
              </Link>
              <button
                ref={buttonRef}
                type="button"
                className={styles.toggle}
                aria-expanded={dropdown.open}
                aria-controls={dropdownId}
                aria-label={toggleLabel}
                onClick={dropdown.toggle}
              >
                <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
                  <path d="M2 4.5l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </button>
              <ul id={dropdownId} className={styles.dropdown}>
                {item.children.map((child) => {
                  const current = ariaCurrentFor(pathname, child.to);
                  return (
                    <li key={child.to}>
                      <Link
                        to={child.to}
                        className={`${styles.dropdownLink} ${current ? styles.active : ""}`}
                        aria-current={current}
                        onClick={onNavigate}
                      >
                        {child.label}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
