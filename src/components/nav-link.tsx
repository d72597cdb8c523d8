import React, { memo, type RefObject } from "react";
import { Link } from "gatsby";
import { ariaCurrentFor } from "../lib/active-link";
import type { NavItem, NavLink as NavLinkModel } from "../lib/nav";

/** What both header menus take (desktop-nav.tsx, mobile-nav.tsx). */
export interface MenuProps {
  items: NavItem[];
  pathname: string;
  label: string;
  /** False until React runs: CSS and the browser's popover then open and close the menus on their own. */
  enhanced: boolean;
  /** The header: a press outside it closes the menu. */
  boundary: RefObject<HTMLElement>;
  onNavigate: () => void;
}

export interface NavLinkProps {
  to: string;
  pathname: string;
  /** A section link (Services) is current for every page inside it too. */
  section?: boolean;
  className: string;
  onNavigate: () => void;
  "aria-label"?: string;
  children: React.ReactNode;
}

/**
 * A header link: Gatsby's Link with `aria-current` ("page", or "true" for a section) from the active-link rule. The
 * menus style the current link from that attribute, so what is announced and what is highlighted are one fact.
 * Before the runtime starts it is a plain link: a click loads the page.
 *
 * Memoized, as is the list: opening a menu re-renders the header (synchronously, in the popover's toggle event), and
 * without it every Gatsby Link of both menus (17 on this site) rendered again for a change none of them shows. Its
 * props are strings and the header's stable callbacks; the header keeps one logo element for the same reason.
 */
export const NavLink = memo(function NavLink({
  to,
  pathname,
  section = false,
  className,
  onNavigate,
  children,
  ...rest
}: NavLinkProps) {
  return (
    <Link
      to={to}
      className={className}
      aria-current={ariaCurrentFor(pathname, to, { section })}
      onClick={onNavigate}
      aria-label={rest["aria-label"]}
    >
      {children}
    </Link>
  );
});

export interface NavLinkListProps {
  links: readonly NavLinkModel[];
  pathname: string;
  id?: string;
  className: string;
  linkClassName: string;
  onNavigate: () => void;
}

/** A list of sub-page links: the desktop dropdown and the mobile menu's indented services. */
export const NavLinkList = memo(function NavLinkList({
  links,
  pathname,
  id,
  className,
  linkClassName,
  onNavigate,
}: NavLinkListProps) {
  return (
    <ul id={id} className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} pathname={pathname} className={linkClassName} onNavigate={onNavigate}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
});
