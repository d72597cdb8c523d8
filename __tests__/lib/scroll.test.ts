import {
  REDUCED_MOTION_QUERY,
  decideScroll,
  easeInOutCubic,
  handleRouteScroll,
  takeOverScrollRestoration,
  prefersReducedMotion,
  scrollDuration,
  trackNavigationAction,
} from "../../src/lib/scroll";
import { onClientEntry, shouldUpdateScroll } from "../../gatsby-browser";
import { matchMediaStub } from "../helpers/match-media";

const originalMatchMedia = window.matchMedia;
const originalScrollTo = window.scrollTo;

/** Replaces window.matchMedia with one that answers `reduce` for the reduced-motion query. */
function stubReducedMotion(reduce: boolean): jest.Mock {
  const matchMedia = matchMediaStub((query) => query === REDUCED_MOTION_QUERY && reduce);
  window.matchMedia = matchMedia;
  return matchMedia;
}

/** Lets every animation frame of a scroll run to its end. */
function runFrames() {
  jest.advanceTimersByTime(1000);
}

/** The page's scroll position; window.scrollTo moves it, as in a browser. */
let currentY = 0;
const positions = () => scrollTo.mock.calls.map(([x, y]) => (typeof x === "object" ? (x as ScrollToOptions).top : y));
let scrollTo: jest.Mock;
beforeEach(() => {
  jest.useFakeTimers();
  currentY = 2000;
  Object.defineProperty(window, "scrollY", { configurable: true, get: () => currentY });
  scrollTo = jest.fn((x: number | ScrollToOptions, y?: number) => {
    currentY = typeof x === "object" ? (x.top ?? currentY) : (y ?? currentY);
  });
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  stubReducedMotion(false);
});
afterEach(() => {
  jest.useRealTimers();
  window.matchMedia = originalMatchMedia;
  window.scrollTo = originalScrollTo;
});

describe("decideScroll", () => {
  test("back/forward (POP) restores the previous position, even with a hash", () => {
    expect(decideScroll({ action: "POP", hash: "", prefersReducedMotion: false })).toEqual({ kind: "restore" });
    expect(decideScroll({ action: "POP", hash: "#team", prefersReducedMotion: true })).toEqual({ kind: "restore" });
  });

  test("a link to a #hash lets the target come into view", () => {
    expect(decideScroll({ action: "PUSH", hash: "#main-content", prefersReducedMotion: false })).toEqual({
      kind: "hash",
    });
  });

  test.each(["PUSH", "REPLACE", undefined])("a new page (%s) goes to the top smoothly", (action) => {
    expect(decideScroll({ action, hash: "", prefersReducedMotion: false })).toEqual({
      kind: "top",
      behavior: "smooth",
    });
  });

  test("a bare # is not a hash target", () => {
    expect(decideScroll({ action: "PUSH", hash: "#", prefersReducedMotion: false })).toEqual({
      kind: "top",
      behavior: "smooth",
    });
  });

  test("reduced motion goes to the top instantly", () => {
    expect(decideScroll({ action: "PUSH", hash: "", prefersReducedMotion: true })).toEqual({
      kind: "top",
      behavior: "auto",
    });
  });
});

describe("prefersReducedMotion", () => {
  test("asks matchMedia for (prefers-reduced-motion: reduce) and returns its answer", () => {
    const matchMedia = stubReducedMotion(true);
    expect(prefersReducedMotion(window)).toBe(true);
    expect(matchMedia).toHaveBeenCalledWith("(prefers-reduced-motion: reduce)");
    stubReducedMotion(false);
    expect(prefersReducedMotion(window)).toBe(false);
  });

  test("is false where matchMedia does not exist", () => {
    const bareWindow = {} as unknown as Window;
    expect(prefersReducedMotion(bareWindow)).toBe(false);
  });
});

describe("handleRouteScroll", () => {
  test("a new page animates smoothly to the top over several frames and tells Gatsby not to scroll (false)", () => {
    expect(handleRouteScroll(window, "PUSH", "")).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled(); // starts on the next frame, once the new page is laid out
    runFrames();
    const ys = positions();
    expect(ys[ys.length - 1]).toBe(0);
    const between = ys.filter((y) => y! > 0 && y! < 2000);
    expect(between.length).toBeGreaterThan(10);
    ys.slice(1).forEach((y, i) => expect(y).toBeLessThanOrEqual(ys[i]!));
  });

  test("the animation lasts scrollDuration(distance)", () => {
    handleRouteScroll(window, "PUSH", "");
    jest.advanceTimersByTime(scrollDuration(2000) - 50);
    expect(currentY).toBeGreaterThan(0);
    jest.advanceTimersByTime(100);
    expect(currentY).toBe(0);
  });

  test("with reduced motion it jumps to the top at once, with no step between", () => {
    stubReducedMotion(true);
    expect(handleRouteScroll(window, "PUSH", "")).toBe(false);
    runFrames();
    expect(positions()).toEqual([0]);
  });

  test("the visitor scrolling (wheel, touch, key) stops the animation where it is", () => {
    handleRouteScroll(window, "PUSH", "");
    jest.advanceTimersByTime(150);
    const calls = scrollTo.mock.calls.length;
    window.dispatchEvent(new Event("wheel"));
    runFrames();
    expect(scrollTo.mock.calls.length).toBe(calls);
    expect(currentY).toBeGreaterThan(0);
  });

  test("back/forward does not scroll and leaves restoring to Gatsby (true)", () => {
    expect(handleRouteScroll(window, "POP", "")).toBe(true);
    runFrames();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  test("a #hash link does not scroll to the top and leaves it to Gatsby (true)", () => {
    expect(handleRouteScroll(window, "PUSH", "#main-content")).toBe(true);
    runFrames();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe("easing and duration", () => {
  test("easeInOutCubic runs from 0 to 1 through 0.5 at half time, never backwards", () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    const samples = Array.from({ length: 21 }, (_, i) => easeInOutCubic(i / 20));
    samples.slice(1).forEach((v, i) => expect(v).toBeGreaterThanOrEqual(samples[i]));
  });

  test("scrollDuration grows with distance between 250 and 700 ms", () => {
    expect(scrollDuration(100)).toBe(250);
    expect(scrollDuration(1000)).toBe(350);
    expect(scrollDuration(10000)).toBe(700);
  });
});

describe("trackNavigationAction", () => {
  test("reports PUSH, then POP after a popstate event, then PUSH again", () => {
    const take = trackNavigationAction(window);
    expect(take()).toBe("PUSH");
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(take()).toBe("POP");
    expect(take()).toBe("PUSH");
  });

  test("several popstate events before one navigation still report one POP", () => {
    const take = trackNavigationAction(window);
    window.dispatchEvent(new PopStateEvent("popstate"));
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(take()).toBe("POP");
    expect(take()).toBe("PUSH");
  });
});

describe("gatsby-browser shouldUpdateScroll (the wiring)", () => {
  type ScrollArgs = Parameters<NonNullable<typeof shouldUpdateScroll>>[0];
  type EntryArgs = Parameters<NonNullable<typeof onClientEntry>>;
  const location = (pathname: string, hash = "") => ({ location: { pathname, hash } });
  const routeChange = (from: string, to: string, hash = "") =>
    ({ prevRouterProps: location(from), routerProps: location(to, hash) }) as unknown as ScrollArgs;
  /** What Gatsby's router would do after a route change: ask shouldUpdateScroll. */
  const afterRouteChange = (args: ScrollArgs) => shouldUpdateScroll?.(args, { plugins: [] });

  beforeAll(() => {
    onClientEntry?.(...([{}, { plugins: [] }] as unknown as EntryArgs));
  });

  test("the first page of a visit is left alone", () => {
    const firstRender = { routerProps: location("/") } as unknown as ScrollArgs;
    expect(afterRouteChange(firstRender)).toBe(true);
    runFrames();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  test("a link to another page scrolls smoothly to the top", () => {
    expect(afterRouteChange(routeChange("/", "/about"))).toBe(false);
    runFrames();
    expect(positions().length).toBeGreaterThan(10);
    expect(currentY).toBe(0);
  });

  test("back/forward (a popstate) restores instead, and the next link scrolls to the top again", () => {
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(afterRouteChange(routeChange("/about", "/"))).toBe(true);
    runFrames();
    expect(scrollTo).not.toHaveBeenCalled();
    expect(afterRouteChange(routeChange("/", "/contact"))).toBe(false);
    runFrames();
    expect(positions().length).toBeGreaterThan(10);
    expect(currentY).toBe(0);
  });

  test("a #hash link does not jump to the top", () => {
    expect(afterRouteChange(routeChange("/about", "/about", "#story"))).toBe(true);
    runFrames();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe("takeOverScrollRestoration", () => {
  // jsdom has no history.scrollRestoration; browsers start every page on "auto".
  beforeEach(() => {
    Object.defineProperty(window.history, "scrollRestoration", { value: "auto", writable: true, configurable: true });
  });

  test("the runtime restores positions itself while it runs, and hands restoration back when the page is left", () => {
    expect(window.history.scrollRestoration).toBe("auto");
    takeOverScrollRestoration(window);
    expect(window.history.scrollRestoration).toBe("manual");
    window.dispatchEvent(new Event("pagehide"));
    expect(window.history.scrollRestoration).toBe("auto");
    const shown = new Event("pageshow") as Event & { persisted: boolean };
    Object.defineProperty(shown, "persisted", { value: true });
    window.dispatchEvent(shown);
    expect(window.history.scrollRestoration).toBe("manual");
  });
});
