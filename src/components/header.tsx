import React, { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { NavItem } from "../lib/nav";
import { ROUTES } from "../lib/paths";
import { useHoverDisclosure } from "../hooks/use-hover-disclosure";
import { useHydrated } from "../hooks/use-hydrated";
import { DesktopNav } from "./desktop-nav";
import { MobileNav } from "./mobile-nav";
import { NavLink } from "./nav-link";
import { Logo } from "./logo";
import * as styles from "./header.module.css";

export type HeaderLabels = { servicesToggle: string; menuOpen: string; menuClose: string; mainLabel: string };

export interface HeaderProps {
  firmName: string;
  nav: NavItem[];
  labels: HeaderLabels;
  pathname: string;
}

export const DROPDOWN_ID = "services-dropdown";
export const MOBILE_MENU_ID = "mobile-menu";

/**
 * Sticky site header: logo, the desktop bar with its services dropdown, and the mobile menu. Complete before any
 * script runs (CSS dropdown, popover menu); `data-enhanced` marks the moment React has taken over.
 */
export function Header({ firmName, nav, labels, pathname }: HeaderProps) {
  const headerRef = useRef<HTMLElement>(null);
  const dropdown = useHoverDisclosure();
  const [mobileOpen, setMobileOpen] = useState(false);
  const hydrated = useHydrated();
  const { setOpen: setDropdownOpen } = dropdown;
  // One element for the life of the header, so the memoized logo link does not render again when a menu opens.
  const logo = useMemo(() => <Logo name={firmName} />, [firmName]);

  const closeAll = useCallback(() => {
    setDropdownOpen(false);
    setMobileOpen(false);
  }, [setDropdownOpen]);

  // A page change (link, back, forward) closes the menus. Only a change: hydration keeps what the visitor opened.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closeAll();
  }, [pathname, closeAll]);

  const menu = { items: nav, pathname, label: labels.mainLabel, enhanced: hydrated, boundary: headerRef };
  return (
    <header ref={headerRef} className={styles.header} data-enhanced={hydrated ? "" : undefined}>
      <div className={styles.inner}>
        <NavLink to={ROUTES.home} pathname={pathname} className={styles.logo} onNavigate={closeAll}>
          {logo}
        </NavLink>
        <DesktopNav
          {...menu}
          toggleLabel={labels.servicesToggle}
          dropdownId={DROPDOWN_ID}
          dropdown={dropdown}
          onNavigate={closeAll}
        />
        <MobileNav
          {...menu}
          openLabel={labels.menuOpen}
          closeLabel={labels.menuClose}
          menuId={MOBILE_MENU_ID}
          open={mobileOpen}
          onOpenChange={setMobileOpen}
          onNavigate={closeAll}
        />
      </div>
    </header>
  );
}
