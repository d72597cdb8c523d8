/** The active-link rule: which navigation entry matches the current path, and how it is announced. */

/** `/about/` and `/about` are the same page. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** True when `pathname` is `href` itself or, for a section (e.g. /services), any page inside it. */
export function isActivePath(pathname: string, href: string, { section = false } = {}): boolean {
  const current = normalizePath(pathname);
  const target = normalizePath(href);
  if (current === target) return true;
  return section && target !== "/" && current.startsWith(`${target}/`);
}

/**
 * The aria-current value for a link: "page" for the page itself, "true" for a section link while a page inside the
 * section is shown, undefined otherwise.
 */
export function ariaCurrentFor(pathname: string, href: string, { section = false } = {}): "page" | "true" | undefined {
  if (normalizePath(pathname) === normalizePath(href)) return "page";
  return isActivePath(pathname, href, { section }) ? "true" : undefined;
}
