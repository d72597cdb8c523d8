import React, { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "gatsby";
import { ariaCurrentFor } from "../lib/active-link";
import type { NavItem } from "../lib/nav";
import { ROUTES } from "../lib/paths";
import { useHoverDisclosure } from "../hooks/use-hover-disclosure";
import { useHydrated } from "../hooks/use-hydrated";
import { DesktopNav } from "./desktop-nav";
import { MobileNav } from "./mobile-nav";
import { Logo } from "./logo";
import * as styles from "./header.module.css";

export interface HeaderLabels {
  homeLabel: string;
  servicesToggle: string;
  menuOpen: string;
  menuClose: string;
  mainLabel: string;
}

export interface HeaderProps {
  firmName: string;
  nav: NavItem[];
  labels: HeaderLabels;
  pathname: string;
}

export const DROPDOWN_ID = "services-dropdown";
export const MOBILE_MENU_ID = "mobile-menu";

/** Sticky site header: logo, the desktop bar with its services dropdown, and the mobile menu. */
export function Header({ firmName, nav, labels, pathname }: HeaderProps) {
  const headerRef = useRef<HTMLElement>(null);
  const dropdown = useHoverDisclosure();
  const [mobileOpen, setMobileOpen] = useState(false);
  const hydrated = useHydrated();
  const { setOpen: setDropdownOpen } = dropdown;

  const closeAll = useCallback(() => {
    setDropdownOpen(false);
    setMobileOpen(false);
  }, [setDropdownOpen]);

  // A page change (link, back, forward) closes the menus.
  useEffect(() => {
    closeAll();
  }, [pathname, closeAll]);

  // A click or tap anywhere outside the header closes them too.
  const anyOpen = dropdown.open || mobileOpen;
  useEffect(() => {
    if (!anyOpen) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (headerRef.current && !headerRef.current.contains(event.target as Node)) closeAll();
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [anyOpen, closeAll]);

  return (
    <header ref={headerRef} className={styles.header} data-enhanced={hydrated ? "" : undefined}>
      <div className={styles.inner}>
        <Link
          to={ROUTES.home}
          className={styles.logo}
          aria-label={labels.homeLabel}
          aria-current={ariaCurrentFor(pathname, ROUTES.home)}
          onClick={closeAll}
        >
          <Logo name={firmName} />
        </Link>
        <DesktopNav
          items={nav}
          pathname={pathname}
          label={labels.mainLabel}
          toggleLabel={labels.servicesToggle}
          dropdownId={DROPDOWN_ID}
          dropdown={dropdown}
          onNavigate={closeAll}
        />
        <MobileNav
          items={nav}
          pathname={pathname}
          label={labels.mainLabel}
          openLabel={labels.menuOpen}
          closeLabel={labels.menuClose}
          menuId={MOBILE_MENU_ID}
          open={mobileOpen}
          enhanced={hydrated}
          onToggle={() => setMobileOpen((open) => !open)}
          onClose={() => setMobileOpen(false)}
          onNavigate={closeAll}
        />
      </div>
    </header>
  );
}
