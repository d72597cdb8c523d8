// The header, dropdown, mobile menu, active link and scrolling, in a real browser, at 1280 and 375 px.
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  services,
  hydrated,
  isMobile,
  contentFile,
  ROUTES,
  servicePath,
  escaped,
  words,
} from "./fixtures";

const SERVICES = services();
const WORDS = words();
const NAV = contentFile<{ nav: { about: string; services: string; contact: string; servicesToggle: string } }>(
  "layout.yaml",
).nav;
/** The n-th service, or the last one when the content has fewer (any count from 1 is valid content). */
const serviceAt = (n: number) => SERVICES[Math.min(n, SERVICES.length - 1)];
const desktopNav = (page: Page) => page.locator("header nav").first();
const mobileNav = (page: Page) => page.locator("header nav").nth(1);
const dropdownButton = (page: Page) => desktopNav(page).getByRole("button", { name: NAV.servicesToggle });
const menuButton = (page: Page) => mobileNav(page).getByRole("button");

test.describe("wide screens", () => {
  test.beforeEach(async ({ page }) => {
    test.skip(isMobile(page), "desktop navigation");
    await page.goto(ROUTES.about);
    await hydrated(page);
  });

  test("About, Services and Contact; Services opens on hover and closes exactly 200 ms after the pointer leaves", async ({
    page,
  }) => {
    await expect(desktopNav(page).locator(":scope > ul > li > a")).toHaveText([NAV.about, NAV.services, NAV.contact]);
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    const panel = page.locator("#services-dropdown");
    await expect(panel).toBeHidden();
    await desktopNav(page).getByRole("link", { name: NAV.services, exact: true }).hover();
    await expect(panel).toBeVisible();
    await expect(dropdownButton(page)).toHaveAttribute("aria-expanded", "true");
    await expect(panel.getByRole("link")).toHaveText(SERVICES.map((s) => s.navLabel));
    await page.mouse.move(640, 600);
    await page.clock.runFor(199);
    await expect(panel).toBeVisible();
    await page.clock.runFor(1);
    await expect(panel).toBeHidden();
    await expect(dropdownButton(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("a pointer that comes back within 200 ms, or moves from the item into the panel, keeps it open", async ({
    page,
  }) => {
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    const panel = page.locator("#services-dropdown");
    const services = desktopNav(page).getByRole("link", { name: NAV.services, exact: true });
    await services.hover();
    await page.mouse.move(640, 600);
    await page.clock.runFor(150);
    await services.hover();
    await page.clock.runFor(500);
    await expect(panel).toBeVisible();
    // Slowly from the Services link down into the last entry of the panel.
    const from = (await services.boundingBox())!;
    const to = (await panel.getByRole("link").last().boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.move(to.x + 20, to.y + to.height / 2, { steps: 25 });
    await page.clock.runFor(1000);
    await expect(panel).toBeVisible();
    await panel.getByRole("link").last().click();
    await expect(page).toHaveURL(new RegExp(`/services/${SERVICES[SERVICES.length - 1].slug}/$`));
    await expect(panel).toBeHidden();
  });

  test("keyboard: the disclosure button opens it, Tab reaches all five services, Escape closes and refocuses", async ({
    page,
  }) => {
    const button = dropdownButton(page);
    await expect(button).toHaveAttribute("aria-controls", "services-dropdown");
    await desktopNav(page).getByRole("link", { name: NAV.services, exact: true }).focus();
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    for (const svc of SERVICES) {
      await page.keyboard.press("Tab");
      await expect(page.locator(":focus")).toHaveText(svc.navLabel);
      await expect(page.locator(":focus")).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(page.locator("#services-dropdown")).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    // Space toggles too; Tab past the last service closes it.
    await page.keyboard.press("Space");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    for (let i = 0; i <= SERVICES.length; i++) await page.keyboard.press("Tab");
    await expect(page.locator(":focus")).toHaveText(NAV.contact);
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("a click outside the header closes the dropdown", async ({ page }) => {
    await dropdownButton(page).click();
    await expect(page.locator("#services-dropdown")).toBeVisible();
    await page.locator("main h1").click();
    await expect(page.locator("#services-dropdown")).toBeHidden();
  });
});

test.describe("narrow screens", () => {
  test.beforeEach(async ({ page }) => {
    test.skip(!isMobile(page), "mobile navigation");
    await page.goto(ROUTES.home);
    await hydrated(page);
  });

  test("the menu button opens About, Services, the five services indented, and Contact", async ({ page }) => {
    const button = menuButton(page);
    await expect(button).toHaveAccessibleName(WORDS.menuOpen);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toHaveAttribute("aria-controls", "mobile-menu");
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await button.tap();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const links = page.locator("#mobile-menu").getByRole("link");
    await expect(links).toHaveText([NAV.about, NAV.services, ...SERVICES.map((s) => s.navLabel), NAV.contact]);
    const servicesBox = (await links.nth(1).boundingBox())!;
    const servicesText = await links
      .nth(1)
      .evaluate((el) => el.getBoundingClientRect().left + parseFloat(getComputedStyle(el).paddingLeft));
    for (let i = 2; i < 2 + SERVICES.length; i++) {
      const indent = await links
        .nth(i)
        .evaluate((el) => el.getBoundingClientRect().left + parseFloat(getComputedStyle(el).paddingLeft));
      expect(indent).toBeGreaterThan(servicesText + 8);
      await expect(links.nth(i)).toBeInViewport();
    }
    expect(servicesBox.height).toBeGreaterThanOrEqual(44);
  });

  test("a tap outside the header closes the menu", async ({ page }) => {
    await menuButton(page).tap();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await page.mouse.click(180, 700);
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("selecting a link navigates and closes the menu; Escape closes and refocuses the button", async ({ page }) => {
    await menuButton(page).tap();
    await page
      .locator("#mobile-menu")
      .getByRole("link", { name: serviceAt(1).navLabel })
      .tap();
    await expect(page).toHaveURL(new RegExp(`/services/${serviceAt(1).slug}/$`));
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await menuButton(page).click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });
});

const ACTIVE_CASES: [string, string][] = [
  [ROUTES.about, NAV.about],
  [ROUTES.services, NAV.services],
  [servicePath(SERVICES[0].slug), NAV.services],
  [servicePath(serviceAt(3).slug), NAV.services],
  [ROUTES.contact, NAV.contact],
];

test("the active link is highlighted and marked with aria-current on each route", async ({ page }) => {
  for (const [path, label] of ACTIVE_CASES) {
    await page.goto(path);
    await hydrated(page);
    const nav = isMobile(page) ? mobileNav(page) : desktopNav(page);
    if (isMobile(page)) await menuButton(page).tap();
    const active = nav.getByRole("link", { name: label, exact: true });
    await expect(active).toHaveAttribute(
      "aria-current",
      path.startsWith(ROUTES.services) && path !== ROUTES.services ? "true" : "page",
    );
    await expect(nav.locator("a[aria-current]").filter({ hasText: new RegExp(`^${escaped(label)}$`) })).toHaveCount(1);
    // Highlighted: it looks different from an inactive top-level link.
    const other = nav.getByRole("link", { name: label === NAV.about ? NAV.contact : NAV.about, exact: true });
    const look = (el: HTMLElement) => {
      const s = getComputedStyle(el);
      return `${s.borderBottomColor}|${s.borderLeftColor}|${s.backgroundColor}`;
    };
    expect(await active.evaluate(look)).not.toBe(await other.evaluate(look));
  }
  await page.goto(ROUTES.home);
  await hydrated(page);
  await expect(page.locator("header a[aria-current]")).toHaveCount(1);
  await expect(page.locator("header a[aria-current]")).toHaveAttribute("href", "/");
});

test("the header stays at the top while the page scrolls, with no layout shift on load", async ({ page }) => {
  await page.goto(ROUTES.home);
  await hydrated(page);
  const cls = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
  expect(cls).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await page.waitForFunction(() => window.scrollY >= 1400);
  const box = await page.locator("header").first().boundingBox();
  expect(box?.y).toBe(0);
  await expect(page.locator("header").first()).toBeInViewport();
});

async function scrollSamples(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const samples: number[] = [];
        const start = performance.now();
        const tick = () => {
          samples.push(Math.round(window.scrollY));
          if (performance.now() - start < 4000 && !(samples.length > 3 && samples.slice(-3).every((y) => y === 0))) {
            requestAnimationFrame(tick);
          } else resolve(samples);
        };
        tick();
      }),
  );
}

type SamplingWindow = Window & { __scrollSamples?: number[]; __scrollSampled?: boolean };

/**
 * The scroll position at every frame from before `action` until it has rested at 0 for three frames (or 8 s). The
 * client-side navigation keeps the window, so the loop started here sees the whole scroll.
 */
async function scrollSamplesAround(page: Page, action: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as SamplingWindow;
    const samples: number[] = [];
    w.__scrollSamples = samples;
    w.__scrollSampled = false;
    const start = performance.now();
    const tick = () => {
      samples.push(Math.round(window.scrollY));
      if (performance.now() - start < 8000 && !(samples.length > 3 && samples.slice(-3).every((y) => y === 0))) {
        requestAnimationFrame(tick);
      } else w.__scrollSampled = true;
    };
    requestAnimationFrame(tick);
  });
  await action();
  await page.waitForFunction(() => (window as SamplingWindow).__scrollSampled === true, null, { timeout: 10_000 });
  return page.evaluate(() => (window as SamplingWindow).__scrollSamples ?? []);
}

test("navigating scrolls smoothly to the top, through intermediate positions", async ({ page }) => {
  await page.goto(ROUTES.home);
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => window.scrollY > 1000);
  const startY = await page.evaluate(() => window.scrollY);
  // Sampling starts before the click: on a busy machine the whole smooth scroll can be over by the time click() returns.
  const samples = await scrollSamplesAround(page, () =>
    page.getByRole("link", { name: WORDS.ctaButton, exact: true }).click(),
  );
  await expect(page).toHaveURL(/\/contact\/$/);
  expect(samples[samples.length - 1]).toBe(0);
  // An instant jump has no position between the start and the top; a smooth scroll has at least one, and more on an
  // idle machine (on a busy one, the browser paints few frames: 2427, 775, 775, 0 was seen).
  const intermediate = samples.filter((y) => y > 0 && y < startY - 50);
  expect(intermediate.length, `samples: ${samples.join(",")}`).toBeGreaterThan(0);
});

test("with reduced motion the jump to the top is instant", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(ROUTES.home);
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => window.scrollY > 1000);
  await page.getByRole("link", { name: WORDS.ctaButton, exact: true }).click();
  await expect(page).toHaveURL(/\/contact\/$/);
  const samples = await scrollSamples(page);
  // At most the frame the new page first paints at the old (clamped) position, then straight to 0: no steps between.
  const [first] = samples;
  expect(
    samples.filter((y) => y > 0 && y < first),
    `samples: ${samples.join(",")}`,
  ).toEqual([]);
  expect(samples.indexOf(0), `samples: ${samples.join(",")}`).toBeLessThanOrEqual(2);
});

test("back and forward restore the position the visitor left; a #hash lands on its target", async ({ page }) => {
  await page.goto(ROUTES.services);
  await hydrated(page);
  const link = page.locator("main").getByRole("link", { name: new RegExp(escaped(serviceAt(4).navLabel)) });
  await link.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -120));
  // A visitor rests there before clicking: Gatsby records the position on scroll, a frame or two later.
  await page.waitForTimeout(200);
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(300);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/services/${serviceAt(4).slug}/$`));
  await page.waitForFunction(() => window.scrollY === 0);
  await page.waitForTimeout(100); // Gatsby records the position on the next frame; a visitor is never faster.
  await page.goBack();
  await expect(page).toHaveURL(/\/services\/$/);
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, left, { timeout: 5000 });
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`/services/${serviceAt(4).slug}/$`));
  await page.waitForFunction(() => window.scrollY === 0);

  await page.evaluate(() =>
    (window as unknown as { ___navigate: (to: string) => void }).___navigate("/about/#credential-heading"),
  );
  await expect(page).toHaveURL(/\/about\/#credential-heading$/);
  await expect(page.locator("#credential-heading")).toBeInViewport();
  await page.goto("/about/#why-heading");
  await expect(page.locator("#why-heading")).toBeInViewport();
});

test("a page chunk that fails to load still lands the visitor on the page", async ({ page, guard }) => {
  // Gatsby logs the failed load, then falls back to a full page load of the same address.
  guard.allowed.push(/Failed to load resource|ChunkLoadError|Loading chunk|page resources for \/contact\/? not found/i);
  await page.route(/component---src-pages-contact-tsx-.*\.js$/, (route) => route.abort());
  await page.goto(ROUTES.about);
  await hydrated(page);
  await page.unroute(/component---src-pages-contact-tsx-.*\.js$/);
  await page.route(/component---src-pages-contact-tsx-.*\.js$/, (route, request) =>
    request.frame() === page.mainFrame() && !request.isNavigationRequest() ? route.abort() : route.continue(),
  );
  await page
    .locator('header a[href="/contact/"]')
    .first()
    .evaluate((a: HTMLAnchorElement) => a.click());
  await expect(page).toHaveURL(/\/contact\/$/);
  await expect(page.locator("h1")).toHaveText(WORDS.contactHeading);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every link works from the static HTML, and the narrow menu still opens", async ({ page }) => {
    await page.goto(ROUTES.home);
    if (isMobile(page)) {
      // The toggle is a popover button: it opens the menu with no script at all.
      await menuButton(page).click();
      await expect(page.locator("#mobile-menu")).toBeVisible();
      await page
        .locator("#mobile-menu")
        .getByRole("link", { name: serviceAt(2).navLabel })
        .click();
    } else {
      await desktopNav(page).getByRole("link", { name: NAV.services, exact: true }).hover();
      await expect(page.locator("#services-dropdown")).toBeVisible();
      await page
        .locator("#services-dropdown")
        .getByRole("link", { name: serviceAt(2).navLabel })
        .click();
    }
    await expect(page).toHaveURL(new RegExp(`/services/${serviceAt(2).slug}/$`));
    await expect(page.locator("h1")).toHaveText(serviceAt(2).title);
    await page.locator("footer").scrollIntoViewIfNeeded();
    await page.getByRole("link", { name: WORDS.ctaButton, exact: true }).click();
    await expect(page.locator("h1")).toHaveText(WORDS.contactHeading);
  });
});
