import React, { useCallback, useEffect, useRef } from "react";
import { DROPDOWN_CLOSE_DELAY_MS, type HoverDisclosure } from "../hooks/use-hover-disclosure";
import { useDismiss } from "../hooks/use-dismiss";
import { NavLink, NavLinkList, type MenuProps } from "./nav-link";
import * as styles from "./desktop-nav.module.css";

export interface DesktopNavProps extends MenuProps {
  toggleLabel: string;
  dropdownId: string;
  dropdown: HoverDisclosure;
}

/** The CSS-only close delay (before the runtime starts) comes from the same constant as the script's. */
const closeDelayStyle = { "--dropdown-close-delay": `${DROPDOWN_CLOSE_DELAY_MS}ms` } as React.CSSProperties;

/**
 * The wide-screen bar. An item with children (Services) is a link plus a disclosure button that shows its dropdown,
 * following the WAI-ARIA disclosure navigation pattern: hover opens it, the button opens it from the keyboard, Tab
 * walks its links, Escape closes it and returns focus to the button. Before the runtime starts, CSS opens it on hover
 * and focus; when React takes over, a dropdown the visitor has open (hovered or focused) stays open.
 */
export function DesktopNav({
  items,
  pathname,
  label,
  toggleLabel,
  dropdownId,
  dropdown,
  enhanced,
  boundary,
  onNavigate,
}: DesktopNavProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRef = useRef<HTMLLIElement>(null);
  const { setOpen, onPointerEnter } = dropdown;

  // Handover: adopt what CSS shows when React takes over, in the same batch that switches the CSS fallback off.
  useEffect(() => {
    const item = itemRef.current;
    if (item?.matches(":focus-within")) setOpen(true);
    else if (item?.matches(":hover")) onPointerEnter({ pointerType: "mouse" });
  }, [setOpen, onPointerEnter]);

  const close = useCallback(() => setOpen(false), [setOpen]);
  useDismiss(dropdown.open, close, { boundary, scope: itemRef, toggle: buttonRef });

  const onBlur = (event: React.FocusEvent) => {
    // Focus that leaves the item (Tab past the last service) closes the dropdown.
    const next = event.relatedTarget as Node | null;
    if (next && itemRef.current && !itemRef.current.contains(next)) setOpen(false);
  };

  return (
    <nav className={styles.nav} aria-label={label}>
      <ul className={styles.list}>
        {items.map((item) => {
          if (item.children.length === 0) {
            return (
              <li key={item.to} className={styles.item}>
                <NavLink to={item.to} pathname={pathname} className={styles.link} onNavigate={onNavigate}>
                  {item.label}
                </NavLink>
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
              style={closeDelayStyle}
              data-open={dropdown.open ? "" : undefined}
              onPointerEnter={dropdown.onPointerEnter}
              onPointerLeave={dropdown.onPointerLeave}
              onBlur={onBlur}
            >
              <NavLink to={item.to} pathname={pathname} section className={styles.link} onNavigate={onNavigate}>
                {item.label}
              </NavLink>
              <button
                ref={buttonRef}
                type="button"
                className={styles.toggle}
                aria-expanded={enhanced ? dropdown.open : undefined}
                aria-controls={dropdownId}
                aria-label={toggleLabel}
                onClick={dropdown.toggle}
              >
                <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
                  <path d="M2 4.5l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </button>
              <NavLinkList
                id={dropdownId}
                links={item.children}
                pathname={pathname}
                className={styles.dropdown}
                linkClassName={styles.dropdownLink}
                onNavigate={onNavigate}
              />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
