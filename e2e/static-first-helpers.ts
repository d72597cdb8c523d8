// Steering and observing the static-first handover in a browser: the site's labels and routes, the header's parts,
// holding back the runtime's scripts, recording layout shifts, and waiting for React's hydration.
import type { Page } from "@playwright/test";
import { test, expect, services, contentFile, sitePaths } from "./fixtures";

export const SERVICES = services();
export const LABELS = contentFile<{
  nav: {
    menuOpen: string;
    menuClose: string;
    about: string;
    services: string;
    contact: string;
    servicesToggle: string;
  };
}>("layout.yaml").nav;
export const PAGES = sitePaths();
export const desktopNav = (page: Page) => page.locator("header nav").first();
export const servicesLink = (page: Page) => desktopNav(page).getByRole("link", { name: LABELS.services, exact: true });
export const dropdownButton = (page: Page) => desktopNav(page).getByRole("button", { name: LABELS.servicesToggle });
export const dropdown = (page: Page) => page.locator("#services-dropdown");
export const menuButton = (page: Page) => page.locator("header nav").nth(1).getByRole("button");
export const menu = (page: Page) => page.locator("#mobile-menu");
export const enhanced = (page: Page) => page.locator("header[data-enhanced]");

/** Holds back every script request until release(): the moment between the first interaction and the runtime. */
export async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route(/\.js(\?.*)?$/, async (route) => {
    requested.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue();
  });
  /** Waits until the runtime's three scripts have been requested (after the visitor's pause): they are loading. */
  const loading = () => expect.poll(() => requested.length).toBeGreaterThanOrEqual(3);
  return { requested, release, loading };
}

/** Records every layout shift of the page (with or without recent input) from the start, with what moved and where. */
export async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const describe = (node: Node | null | undefined): string => {
      if (!node) return "(removed)";
      if (!(node instanceof Element)) return `${node.nodeName} in ${describe(node.parentElement)}`;
      const id = node.id ? `#${node.id}` : "";
      const cls =
        typeof node.className === "string" && node.className ? `.${node.className.split(/\s+/).join(".")}` : "";
      return `${node.tagName.toLowerCase()}${id}${cls}`;
    };
    const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
    const w = window as unknown as { shifts: string[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & {
          value: number;
          sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        const moved = shift.sources.map((s) => `${describe(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`);
        w.shifts.push(`${shift.value.toFixed(4)} at ${Math.round(shift.startTime)} ms: ${moved.join("; ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}
export const shifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);

/**
 * Waits until React has begun hydrating (its root listens on Gatsby's container) and returns whether the header was
 * still not enhanced then: input from here on lands while React hydrates in slices (src/lib/hydrate.tsx). On a fast
 * machine hydration may already be over; the checks that follow hold either way, and the annotation says which.
 */
async function whileHydrating(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById("___gatsby");
    return !!root && Object.keys(root).some((key) => key.startsWith("__reactContainer"));
  });
  const during = (await enhanced(page).count()) === 0;
  test.info().annotations.push({ type: "input during hydration", description: String(during) });
}

/** Opens `route` with the scripts held back, starts the runtime with a key press, and returns once React hydrates. */
export async function startHydrating(page: Page, route: string): Promise<void> {
  const held = await holdScripts(page);
  await page.goto(route);
  await page.keyboard.press("Shift");
  held.release();
  await whileHydrating(page);
}
