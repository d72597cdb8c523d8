// Static first: every page is complete before Gatsby's runtime starts, the runtime starts after the first interaction,
// once the visitor pauses, and React takes over what the visitor has open without closing it, moving focus,
// shifting layout or logging an error
// (a hydration mismatch, React #418/#423, is a console error and fails every test here through the guard).
// Interactions happen before the scripts are requested, while they load (held back by the test), and after hydration,
// at normal CPU speed and with the CPU throttled 4x.
import { test, expect, hydrated, isMobile, contentFile, ROUTES, words } from "./fixtures";
import {
  SERVICES,
  LABELS,
  PAGES,
  desktopNav,
  servicesLink,
  dropdownButton,
  dropdown,
  menuButton,
  menu,
  enhanced,
  holdScripts,
  recordShifts,
  shifts,
  startHydrating,
} from "./static-first-helpers";
import { LOADER_MAX_BYTES, RUNTIME_QUIET_MS } from "../plugins/publish/static-first/deferred-runtime";
import { COMPILE_HINT } from "../plugins/publish/static-first/compile-hints";

test("every route: no script is requested before an interaction, yet the page is complete with the visitor's year", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.clock.setFixedTime(new Date("2031-06-15T12:00:00"));
  for (const route of PAGES) {
    await page.goto(route);
    await page.waitForLoadState("networkidle");
    expect(scripts, route).toEqual([]);
    await expect(page.locator("h1")).toBeVisible();
    await expect(page.getByTestId("footer-year")).toHaveText("2031");
    await expect(enhanced(page)).toHaveCount(0);
    // One small loader stands in for the scripts.
    const loader = await page.locator("script#gatsby-runtime-loader").textContent();
    expect(Buffer.byteLength(loader ?? "")).toBeLessThanOrEqual(LOADER_MAX_BYTES);
  }
  // The first interaction starts the runtime; the year survives hydration (no mismatch: the guard sees no error).
  await hydrated(page);
  expect(scripts.length).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId("footer-year")).toHaveText("2031");
});

test("after the first interaction, the runtime is fetched and run once the visitor pauses their key presses", async ({
  page,
}) => {
  // In the page: when each key press happened, and when the loader added the runtime's scripts to <body>.
  await page.addInitScript(() => {
    const w = window as unknown as { keys: number[]; inserted?: number };
    w.keys = [];
    addEventListener("keydown", () => w.keys.push(performance.now()), true);
    new MutationObserver(() => {
      if (w.inserted === undefined && document.querySelector("body > script[src]")) w.inserted = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(ROUTES.home);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Shift");
    // The input is the point: a burst of key presses 100 ms apart, as a visitor types.
    await page.waitForTimeout(100);
  }
  await expect(enhanced(page)).toBeAttached();
  const { keys, inserted, fetched } = await page.evaluate(() => {
    const w = window as unknown as { keys: number[]; inserted: number };
    const runtime = performance
      .getEntriesByType("resource")
      .find((e) => /\/webpack-runtime-[0-9a-f]+\.js$/.test(e.name));
    return { keys: w.keys, inserted: w.inserted, fetched: runtime?.startTime ?? Infinity };
  });
  expect(keys).toHaveLength(6);
  // The rule, whatever this machine's speed: the scripts run after the first press followed by a pause, not before.
  const pause = keys.findIndex((at, i) => i === keys.length - 1 || keys[i + 1] - at >= RUNTIME_QUIET_MS);
  expect(inserted - keys[pause]).toBeGreaterThanOrEqual(RUNTIME_QUIET_MS);
  // A key after the pause postpones nothing (the loader has stopped listening), though on a busy machine it can land
  // between the pause's end and the scripts' insertion.
  if (pause < keys.length - 1) expect(inserted).toBeLessThan(keys[pause + 1] + RUNTIME_QUIET_MS);
  // Nothing is fetched during the burst either: the download starts after the pause.
  expect(fetched).toBeGreaterThan(keys[pause] + RUNTIME_QUIET_MS);
});

test("the runtime starts in tasks an input can come between: React's modules first, then webpack's start of the app", async ({
  page,
}) => {
  await page.goto(ROUTES.home);
  await hydrated(page);
  // Webpack lists every chunk it took in on its chunk-loading global, in order, with its start function if it had one.
  const chunks = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    const global = Object.keys(w).filter((key) => key.startsWith("webpackChunk"));
    const list = global.length === 1 ? (w[global[0]] as [(number | string)[], object, unknown?][]) : [];
    return list.map(([ids, modules, start]) => ({ ids, modules: Object.keys(modules).length, start: !!start }));
  });
  // The app's chunk came in with its modules and without its start; two starts of the loader's own came right after
  // it, the framework's modules (-1), then webpack's start of the app (-2); no chunk was started any other way.
  const listed = JSON.stringify(chunks);
  expect(
    chunks.filter((chunk) => chunk.start).map((chunk) => chunk.ids),
    listed,
  ).toEqual([[-1], [-2]]);
  const first = chunks.findIndex((chunk) => chunk.start);
  expect(chunks[first - 1], listed).toMatchObject({ start: false });
  expect(chunks[first - 1].modules, listed).toBeGreaterThan(0);
  expect(chunks[first + 1].ids, listed).toEqual([-2]);
});

test("every script the runtime runs opens with V8's compile hint, so its functions compile off the main thread", async ({
  page,
}) => {
  const scripts: Promise<{ url: string; head: string }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") {
      scripts.push(response.text().then((text) => ({ url: response.url(), head: text.slice(0, COMPILE_HINT.length) })));
    }
  });
  await page.goto(ROUTES.home);
  await hydrated(page);
  const loaded = await Promise.all(scripts);
  // The runtime, React, the app, and the page's own chunks.
  expect(loaded.length).toBeGreaterThanOrEqual(4);
  for (const { url, head } of loaded) expect(head, url).toBe(COMPILE_HINT);
});

test("a link clicked before the runtime is ready simply loads the page", async ({ page }) => {
  const held = await holdScripts(page);
  await page.goto(ROUTES.home);
  const link = page.locator("main").getByRole("link", { name: words().ctaButton, exact: true });
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await expect(page).toHaveURL(/\/contact\/?$/);
  await expect(page.locator("h1")).toHaveText(words().contactHeading);
  held.release();
});

// Before the runtime loads, the page is CSS alone, whose timing the first test slows itself: a slower CPU changes
// nothing on that path, which runs at 1x only.
const CSS_ALONE = "CSS alone, before the runtime: the same at any CPU speed";

for (const cpu of [1, 4]) {
  test.describe(`handover, CPU ${cpu}x`, () => {
    test.beforeEach(async ({ page }) => {
      if (cpu > 1) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
      }
      await recordShifts(page);
    });

    test.describe("wide screens", () => {
      test.beforeEach(async ({ page }) => {
        test.skip(isMobile(page), "desktop navigation");
      });

      test("before: CSS opens the dropdown on hover, and closes it 200 ms after the pointer leaves unless it returns", async ({
        page,
      }) => {
        test.skip(cpu > 1, CSS_ALONE);
        const held = await holdScripts(page);
        await page.goto(ROUTES.about);
        await expect(dropdown(page)).toBeHidden();
        await servicesLink(page).hover();
        await expect(dropdown(page)).toBeVisible();
        await expect(dropdown(page).getByRole("link")).toHaveText(SERVICES.map((s) => s.navLabel));
        // The hover asked for the runtime (fetched once the pointer rests); it is held back, so this is still CSS alone.
        await held.loading();
        await expect(enhanced(page)).toHaveCount(0);
        // CSS time in slow motion (a tenth of real time), so the checks inside the 200 ms do not race a busy machine.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Animation.enable");
        await cdp.send("Animation.setPlaybackRate", { playbackRate: 0.1 });
        await page.mouse.move(640, 600);
        await page.waitForTimeout(1000); // 100 ms of CSS time: within the delay
        await expect(dropdown(page)).toBeVisible();
        await servicesLink(page).hover(); // back within the delay: stays open
        await page.waitForTimeout(3000);
        await expect(dropdown(page)).toBeVisible();
        const left = Date.now();
        await page.mouse.move(640, 600);
        await expect(dropdown(page)).toBeHidden();
        expect(Date.now() - left).toBeGreaterThanOrEqual(1900); // 200 ms of CSS time
        held.release();
      });

      test("while loading: a dropdown open under the pointer stays open when React takes over, and in sync", async ({
        page,
      }) => {
        const held = await holdScripts(page);
        await page.goto(ROUTES.about);
        await servicesLink(page).hover();
        await expect(dropdown(page)).toBeVisible();
        await held.loading();
        held.release();
        await enhanced(page).waitFor({ state: "attached" });
        await expect(dropdown(page)).toBeVisible();
        await expect(dropdownButton(page)).toHaveAttribute("aria-expanded", "true");
        // From here the script closes it, 200 ms after the pointer leaves.
        await page.mouse.move(640, 600);
        await expect(dropdown(page)).toBeHidden();
        await expect(dropdownButton(page)).toHaveAttribute("aria-expanded", "false");
        expect(await shifts(page)).toEqual([]);
      });

      test("while loading: a dropdown opened from the keyboard keeps focus and stays open", async ({ page }) => {
        const held = await holdScripts(page);
        await page.goto(ROUTES.about);
        await servicesLink(page).focus();
        await page.keyboard.press("Tab");
        await expect(dropdownButton(page)).toBeFocused();
        await expect(dropdown(page)).toBeVisible(); // :focus-within
        await held.loading();
        held.release();
        await enhanced(page).waitFor({ state: "attached" });
        await expect(dropdownButton(page)).toBeFocused();
        await expect(dropdown(page)).toBeVisible();
        await expect(dropdownButton(page)).toHaveAttribute("aria-expanded", "true");
        await page.keyboard.press("Tab");
        await expect(page.locator(":focus")).toHaveText(SERVICES[0].navLabel);
        await page.keyboard.press("Escape");
        await expect(dropdown(page)).toBeHidden();
        await expect(dropdownButton(page)).toBeFocused();
        expect(await shifts(page)).toEqual([]);
      });

      test("during hydration: a click on the dropdown button opens it as CSS does, and React keeps it open", async ({
        page,
      }) => {
        await startHydrating(page, ROUTES.about);
        await dropdownButton(page).click();
        await expect(dropdown(page)).toBeVisible();
        await expect(dropdownButton(page)).toBeFocused();
        await enhanced(page).waitFor({ state: "attached" });
        await expect(dropdownButton(page)).toHaveAttribute("aria-expanded", "true");
        await expect(dropdown(page)).toBeVisible();
        await expect(dropdownButton(page)).toBeFocused();
        // React's from here: Escape closes it and keeps focus on the button.
        await page.keyboard.press("Escape");
        await expect(dropdown(page)).toBeHidden();
        await expect(dropdownButton(page)).toHaveAttribute("aria-expanded", "false");
        await expect(dropdownButton(page)).toBeFocused();
        expect(await shifts(page)).toEqual([]);
      });

      test("during hydration: a link clicked goes to its page", async ({ page }) => {
        await startHydrating(page, ROUTES.about);
        await desktopNav(page).getByRole("link", { name: LABELS.contact, exact: true }).click();
        await expect(page).toHaveURL(/\/contact\/$/);
        await expect(page.locator("h1")).toHaveText(contentFile<{ title: string }>("contact.yaml").title);
        await hydrated(page);
        expect(await shifts(page)).toEqual([]);
      });

      test("after: once hydrated the dropdown works as the script's", async ({ page }) => {
        await page.goto(ROUTES.about);
        await hydrated(page);
        await expect(dropdownButton(page)).toHaveAttribute("aria-expanded", "false");
        await servicesLink(page).hover();
        await expect(dropdownButton(page)).toHaveAttribute("aria-expanded", "true");
        await page.locator("main h1").click();
        await expect(dropdown(page)).toBeHidden();
        expect(await shifts(page)).toEqual([]);
      });
    });

    test.describe("narrow screens", () => {
      test.beforeEach(async ({ page }) => {
        test.skip(!isMobile(page), "mobile navigation");
      });

      test("before: the toggle opens and closes the menu with no script running", async ({ page }) => {
        test.skip(cpu > 1, CSS_ALONE);
        const held = await holdScripts(page);
        await page.goto(ROUTES.home);
        await expect(menu(page)).toBeHidden();
        await expect(menuButton(page)).toHaveAccessibleName(LABELS.menuOpen);
        const size = await menuButton(page).boundingBox();
        await menuButton(page).tap();
        await expect(menu(page)).toBeVisible();
        await expect(menuButton(page)).toHaveAccessibleName(LABELS.menuClose);
        expect(await menuButton(page).boundingBox()).toEqual(size);
        await expect(enhanced(page)).toHaveCount(0);
        await menuButton(page).tap();
        await expect(menu(page)).toBeHidden();
        held.release();
        expect(await shifts(page)).toEqual([]);
      });

      test("while loading: a menu opened stays open when React takes over, in sync, focus kept", async ({ page }) => {
        const held = await holdScripts(page);
        await page.goto(ROUTES.home);
        await page.keyboard.press("Shift"); // the first interaction
        await menuButton(page).tap();
        await expect(menu(page)).toBeVisible();
        await expect(menuButton(page)).toBeFocused();
        await held.loading(); // the runtime is requested once the visitor pauses (and held)
        held.release();
        await enhanced(page).waitFor({ state: "attached" });
        await expect(menu(page)).toBeVisible();
        await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
        await expect(menuButton(page)).toBeFocused();
        const links = menu(page).getByRole("link");
        await expect(links).toHaveText([
          LABELS.about,
          LABELS.services,
          ...SERVICES.map((s) => s.navLabel),
          LABELS.contact,
        ]);
        // The script's dismissal: Escape closes it and keeps focus on the toggle.
        await page.keyboard.press("Escape");
        await expect(menu(page)).toBeHidden();
        await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
        await expect(menuButton(page)).toBeFocused();
        expect(await shifts(page)).toEqual([]);
      });

      test("during hydration: a tap on the toggle opens the menu at once, and React keeps it open", async ({
        page,
      }) => {
        await startHydrating(page, ROUTES.home);
        await menuButton(page).tap();
        await expect(menu(page)).toBeVisible();
        await expect(menuButton(page)).toBeFocused();
        await enhanced(page).waitFor({ state: "attached" });
        await expect(menu(page)).toBeVisible();
        await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
        await expect(menuButton(page)).toBeFocused();
        // React's from here: an outside tap closes it.
        await page.mouse.click(180, 700);
        await expect(menu(page)).toBeHidden();
        await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
        expect(await shifts(page)).toEqual([]);
      });

      test("during hydration: a tap that opens and a tap that closes the menu leave it closed, React agreeing", async ({
        page,
      }) => {
        await startHydrating(page, ROUTES.home);
        await menuButton(page).tap();
        await menuButton(page).tap();
        await expect(menu(page)).toBeHidden();
        await enhanced(page).waitFor({ state: "attached" });
        await expect(menu(page)).toBeHidden();
        await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
        await menuButton(page).tap();
        await expect(menu(page)).toBeVisible();
        await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
        expect(await shifts(page)).toEqual([]);
      });

      test("after: the toggle, an outside tap and a link behave as the script's", async ({ page }) => {
        await page.goto(ROUTES.home);
        await hydrated(page);
        await menuButton(page).tap();
        await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
        await page.mouse.click(180, 700);
        await expect(menu(page)).toBeHidden();
        await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
        await menuButton(page).tap();
        await menu(page).getByRole("link", { name: SERVICES[0].navLabel }).tap();
        await expect(page).toHaveURL(new RegExp(`/services/${SERVICES[0].slug}/?$`));
        await expect(menu(page)).toBeHidden();
        await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
        expect(await shifts(page)).toEqual([]);
      });
    });
  });
}
