import React, { useEffect, useRef } from "react";
import { Link } from "gatsby";
import { ariaCurrentFor, isActivePath } from "../lib/active-link";
import type { NavItem } from "../lib/nav";
import * as styles from "./mobile-nav.module.css";

export interface MobileNavProps {
  items: NavItem[];
  pathname: string;
  label: string;
  openLabel: string;
  closeLabel: string;
  menuId: string;
  open: boolean;
  /** False in the prebuilt HTML: the toggle is then a link to the menu, which CSS shows as the :target. */
  enhanced: boolean;
  onToggle: () => void;
  onClose: () => void;
  onNavigate: () => void;
}

/** The narrow-screen menu: a toggle button and a list with every page, the services indented under Services. */
export function MobileNav({
  items,
  pathname,
  label,
  openLabel,
  closeLabel,
  menuId,
  open,
  enhanced,
  onToggle,
  onClose,
  onNavigate,
}: MobileNavProps) {
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        onClose();
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, onClose]);

  const icon = (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );

  const renderLink = (to: string, text: string, section: boolean, className: string) => {
    const active = isActivePath(pathname, to, { section });
    return (
      <Link
        to={to}
        className={`${className} ${active ? styles.active : ""}`}
        aria-current={ariaCurrentFor(pathname, to, { section })}
        onClick={onNavigate}
      >
        {text}
      </Link>
    );
  };

  return (
    <nav className={styles.nav} aria-label={label}>
      {enhanced ? (
        <button
          ref={toggleRef}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={onToggle}
        >
          {icon}
          <span>{open ? closeLabel : openLabel}</span>
        </button>
      ) : (
        <a href={`#${menuId}`} className={styles.toggle}>
          {icon}
          <span>{openLabel}</span>
        </a>
      )}
      <div id={menuId} className={styles.panel} data-open={open ? "" : undefined}>
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.to}>
              {renderLink(item.to, item.label, item.children.length > 0, styles.link)}
              {item.children.length > 0 && (
                <ul className={styles.sublist}>
                  {item.children.map((child) => (
                    <li key={child.to}>{renderLink(child.to, child.label, false, styles.sublink)}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
