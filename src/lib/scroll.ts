/** What to do with the scroll position after a route change. */

export type NavigationAction = "PUSH" | "POP" | "REPLACE" | string | undefined;

export type ScrollDecision =
  /** Back/forward: let Gatsby restore the position the visitor left. */
  | { kind: "restore" }
  /** A link to #hash: let Gatsby bring the target into view. */
  | { kind: "hash" }
  /** Any other navigation: go to the top, smoothly unless the visitor asked for reduced motion. */
  | { kind: "top"; behavior: ScrollBehavior };

type Navigation = { action: NavigationAction; hash: string; prefersReducedMotion: boolean };
export function decideScroll({ action, hash, prefersReducedMotion }: Navigation): ScrollDecision {
  if (action === "POP") return { kind: "restore" };
  if (hash && hash !== "#") return { kind: "hash" };
  return { kind: "top", behavior: prefersReducedMotion ? "auto" : "smooth" };
}

export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

export function prefersReducedMotion(win: Window): boolean {
  return typeof win.matchMedia === "function" && win.matchMedia(REDUCED_MOTION_QUERY).matches;
}

/** Visitor input that means "I am scrolling myself": the animation stops and never fights it. */
const USER_SCROLL_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/** Length of the smooth scroll to the top: longer for longer distances, within bounds. */
export const scrollDuration = (distance: number) => Math.round(Math.min(700, Math.max(250, distance * 0.35)));

/** Ease-in-out: slow start, fast middle, gentle landing. `t` from 0 to 1. */
export const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/**
 * Scrolls to the top. "auto" jumps at once. "smooth" animates frame by frame rather than with the browser's
 * `behavior: "smooth"`, which work done right after a route change (Gatsby focusing the new page, the browser clamping
 * the old position to a shorter page) cancels mid-way on mobile Chromium. Visitor input stops the animation.
 */
function scrollToTop(win: Window, behavior: ScrollBehavior): void {
  if (behavior !== "smooth") {
    win.scrollTo(0, 0);
    return;
  }
  let startTime: number | undefined;
  let from = 0;
  let duration = 0;
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const type of USER_SCROLL_EVENTS) win.removeEventListener(type, stop);
  };
  for (const type of USER_SCROLL_EVENTS) win.addEventListener(type, stop, { passive: true });
  const frame = (now: number) => {
    if (stopped) return;
    if (startTime === undefined) {
      // First frame: the new page is laid out, so the starting point is where the visitor now is.
      startTime = now;
      from = win.scrollY;
      duration = scrollDuration(from);
    }
    const progress = Math.min(1, (now - startTime) / duration);
    win.scrollTo(0, Math.round(from * (1 - easeInOutCubic(progress))));
    if (progress < 1 && from > 0) win.requestAnimationFrame(frame);
    else stop();
  };
  win.requestAnimationFrame(frame);
}

/**
 * Handles a route update in the browser: scrolls a new page to the top. Returns what Gatsby's `shouldUpdateScroll`
 * should return: true to let Gatsby restore or scroll to a hash, false when this function scrolls to the top itself.
 */
export function handleRouteScroll(win: Window, action: NavigationAction, hash: string): boolean {
  const decision = decideScroll({ action, hash, prefersReducedMotion: prefersReducedMotion(win) });
  if (decision.kind !== "top") return true;
  scrollToTop(win, decision.behavior);
  return false;
}

/**
 * Gatsby's router does not tell `shouldUpdateScroll` whether a navigation came from back/forward. The browser does:
 * those fire `popstate`, link navigations don't. Returns a function that reports the last navigation's action and
 * resets it.
 */
export function trackNavigationAction(win: Window): () => "POP" | "PUSH" {
  let popped = false;
  win.addEventListener("popstate", () => void (popped = true));
  return () => {
    const action = popped ? "POP" : "PUSH";
    popped = false;
    return action;
  };
}

/**
 * While the runtime runs, Gatsby restores the position of each page on back/forward from its own record, which it
 * updates from scroll events for the page it believes is current. With the browser's own restoration ("auto") the
 * browser scrolls first, on the traversal, before React has rendered the page it goes to, and Gatsby records that
 * position under the page being left: back and then forward would land the visitor mid-page instead of where they had
 * been. So the runtime takes restoration over ("manual"), and hands it back to the browser when the document is left,
 * so a full-page back to a prebuilt page (no runtime yet) still restores.
 */
export function takeOverScrollRestoration(win: Window): void {
  if (!("scrollRestoration" in win.history)) return;
  win.history.scrollRestoration = "manual";
  win.addEventListener("pagehide", () => void (win.history.scrollRestoration = "auto"));
  // Back from the back/forward cache: the runtime is still running, so it restores again.
  win.addEventListener("pageshow", (event) => {
    if (event.persisted) win.history.scrollRestoration = "manual";
  });
}
