/** The one navigation model, built from the layout's labels and the services, used by the desktop and mobile menus. */
import { ROUTES } from "./paths";

export type NavLink = { label: string; to: string };

export interface NavItem extends NavLink {
  /** Sub-pages shown in the dropdown (desktop) or indented (mobile); their parent is active for all of them. */
  children: NavLink[];
}

export type NavLabels = { about: string; services: string; contact: string };

export type NavService = { navLabel: string; path: string };

export function buildNav(labels: NavLabels, services: readonly NavService[]): NavItem[] {
  return [
    { label: labels.about, to: ROUTES.about, children: [] },
    {
      label: labels.services,
      to: ROUTES.services,
      children: services.map((service) => ({ label: service.navLabel, to: service.path })),
    },
    { label: labels.contact, to: ROUTES.contact, children: [] },
  ];
}
