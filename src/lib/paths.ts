/**
 * The site's one URL form. Gatsby writes every page as a folder with an index.html, and every host we deploy to
 * serves such a folder at its path with a trailing slash (…/about/) and redirects the form without it
 * (docs/deploy.md has the measurements). So every link, canonical URL, sitemap entry and header rule names pages with
 * a trailing slash; gatsby-config.ts sets `trailingSlash: "always"` to match.
 */
export const ROUTES = {
  home: "/",
  about: "/about/",
  services: "/services/",
  contact: "/contact/",
} as const;

export function servicePath(slug: string): string {
  return `${ROUTES.services}${slug}/`;
}

/** Every page of the site, in menu order: the fixed routes with one page per service (slugs in their `order`). */
export function sitePaths(serviceSlugs: readonly string[]): string[] {
  return [ROUTES.home, ROUTES.about, ROUTES.services, ...serviceSlugs.map(servicePath), ROUTES.contact];
}

/** The served form of a page's path: `/about` and `/about/` → `/about/`; `/` stays `/`. */
export function pagePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : `${trimmed}/`;
}
