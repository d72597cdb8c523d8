/** What to do with the scroll position after a route change. */

export type NavigationAction = "PUSH" | "POP" | "REPLACE" | string | undefined;

export type ScrollDecision =
  /** Back/forward: let Gatsby restore the position the visitor left. */
  | { kind: "restore" }
  /** A link to #hash: let Gatsby bring the target into view. */
  | { kind: "hash" }
  /** Any other navigation: go to the top, smoothly unless the visitor asked for reduced motion. */
  | { kind: "top"; behavior: ScrollBehavior };

export function decideScroll({
  action,
  hash,
  prefersReducedMotion,
}: {
  action: NavigationAction;
  hash: string;
  prefersReducedMotion: boolean;
}): ScrollDecision {
  if (action === "POP") return { kind: "restore" };
  if (hash && hash !== "#") return { kind: "hash" };
  return { kind: "top", behavior: prefersReducedMotion ? "auto" : "smooth" };
}

export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

export function prefersReducedMotion(win: Window): boolean {
  return typeof win.matchMedia === "function" && win.matchMedia(REDUCED_MOTION_QUERY).matches;
}

/**
 * Handles a route update in the browser. Returns what Gatsby's `shouldUpdateScroll` should return: true to let Gatsby
 * restore or scroll to a hash, false when this function has scrolled to the top itself.
 */
export function handleRouteScroll(win: Window, action: NavigationAction, hash: string): boolean {
  const decision = decideScroll({ action, hash, prefersReducedMotion: prefersReducedMotion(win) });
  if (decision.kind !== "top") return true;
  win.scrollTo({ top: 0, left: 0, behavior: decision.behavior });
  return false;
}

/**
 * Gatsby's router does not tell `shouldUpdateScroll` whether a navigation came from back/forward. The browser does:
 * those fire `popstate`, link navigations don't. Returns a function that reports the last navigation's action and
 * resets it.
 */
export function trackNavigationAction(win: Window): () => "POP" | "PUSH" {
  let popped = false;
  win.addEventListener("popstate", () => {
    popped = true;
  });
  return () => {
    const action = popped ? "POP" : "PUSH";
    popped = false;
    return action;
  };
}
