import React, { useCallback, useEffect, useRef } from "react";
import { flushSync } from "react-dom";
import { useDismiss } from "../hooks/use-dismiss";
import { NavLink, NavLinkList, type MenuProps } from "./nav-link";
import * as styles from "./mobile-nav.module.css";

export interface MobileNavProps extends MenuProps {
  openLabel: string;
  closeLabel: string;
  menuId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const supportsPopover = () => typeof HTMLElement !== "undefined" && "showPopover" in HTMLElement.prototype;
/** The toggle's icons: lines drawn round-ended in the text's colour. */
const STROKE = { stroke: "currentColor", strokeWidth: "2", strokeLinecap: "round" } as const;

function isPopoverOpen(element: HTMLElement): boolean {
  try {
    return element.matches(":popover-open");
  } catch {
    return false; // A browser without the popover API does not know the selector.
  }
}

/**
 * The narrow-screen menu: a toggle and every page, the services indented under Services. An HTML popover, so the same
 * button opens it before the runtime and after (nothing swapped at the handover, focus kept); React follows its
 * `toggle` events. The toggle's two labels share one grid cell, so it never changes size. Without popover support the
 * menu works once the runtime runs (data-open).
 */
export function MobileNav({
  items,
  pathname,
  label,
  openLabel,
  closeLabel,
  menuId,
  open,
  enhanced,
  boundary,
  onOpenChange,
  onNavigate,
}: MobileNavProps) {
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // Handover: a menu the visitor opened before the runtime started is open in React's state too, in the same batch
  // that marks the header enhanced.
  useEffect(() => {
    if (panelRef.current && isPopoverOpen(panelRef.current)) onOpenChange(true);
  }, [onOpenChange]);

  // The popover → React, synchronously (flushSync): React would commit a `toggle` in a later task, and a quick second
  // tap on a slow phone in that gap closed the popover only for the late effect to open it again.
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return undefined;
    const onToggle = (event: Event) => flushSync(() => onOpenChange((event as ToggleEvent).newState === "open"));
    panel.addEventListener("toggle", onToggle);
    return () => panel.removeEventListener("toggle", onToggle);
  }, [onOpenChange]);

  // React → the popover: Escape, an outside press, a link, a page change. Only changes count: the first render's
  // "closed" is the prebuilt HTML's, not a decision to close what the visitor opened.
  const shown = useRef(open);
  useEffect(() => {
    const panel = panelRef.current;
    if (shown.current === open || !panel) return;
    shown.current = open;
    if (!supportsPopover() || isPopoverOpen(panel) === open) return;
    if (open) panel.showPopover();
    else panel.hidePopover();
  }, [open]);

  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  useDismiss(open, close, { boundary, scope: navRef, toggle: toggleRef });

  // With popovers the button's popovertarget toggles the menu; without, the script does once it runs.
  const onClick = () => {
    if (!supportsPopover()) onOpenChange(!open);
  };

  return (
    <nav ref={navRef} className={styles.nav} aria-label={label}>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        popovertarget={menuId}
        aria-expanded={enhanced ? open : undefined}
        aria-controls={menuId}
        onClick={onClick}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path className={styles.iconOpen} d="M4 7h16M4 12h16M4 17h16" {...STROKE} />
          <path className={styles.iconClose} d="M6 6l12 12M18 6L6 18" {...STROKE} />
        </svg>
        <span className={styles.labels}>
          <span className={styles.openLabel}>{openLabel}</span>
          <span className={styles.closeLabel}>{closeLabel}</span>
        </span>
      </button>
      <div
        ref={panelRef}
        id={menuId}
        popover="auto"
        className={styles.panel}
        data-open={open && !supportsPopover() ? "" : undefined}
      >
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                pathname={pathname}
                section={item.children.length > 0}
                className={styles.link}
                onNavigate={onNavigate}
              >
                {item.label}
              </NavLink>
              {item.children.length > 0 && (
                <NavLinkList
                  links={item.children}
                  pathname={pathname}
                  className={styles.sublist}
                  linkClassName={styles.sublink}
                  onNavigate={onNavigate}
                />
              )}
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
