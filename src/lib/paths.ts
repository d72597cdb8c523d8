/** The site's fixed routes and the rule that turns a service's slug into its page's path. */
export const ROUTES = {
  home: "/",
  about: "/about",
  services: "/services",
  contact: "/contact",
} as const;

export function servicePath(slug: string): string {
  return `${ROUTES.services}/${slug}`;
}
