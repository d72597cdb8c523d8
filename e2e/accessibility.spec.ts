// WCAG 2.2 AA with axe on every route (the 404 too), with the menus open, plus the skip link and visible focus.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, hydrated, isMobile, sitePaths, words } from "./fixtures";

const ROUTES = [...sitePaths(), "/no-such-page"];
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

for (const route of ROUTES) {
  test(`axe finds no WCAG 2.2 AA violation on ${route}`, async ({ page, guard }) => {
    guard.allowed.push(/status of 404 \((Not Found)?\)/);
    await page.goto(route);
    await hydrated(page);
    expect(await violations(page)).toEqual([]);
  });
}

test("axe finds no violation with the dropdown or the mobile menu open", async ({ page }) => {
  await page.goto("/services/litigation-support/");
  await hydrated(page);
  if (isMobile(page)) await page.locator("header nav").nth(1).getByRole("button").click();
  else await page.getByRole("button", { name: words().servicesToggle }).click();
  expect(await violations(page)).toEqual([]);
});

test("the skip link is the first stop, becomes visible and moves focus to the content", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: words().skipLink });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  await page.keyboard.press("Tab");
  // The next stop is the first link of the page content, not back in the header.
  await expect(page.getByRole("link", { name: words().heroCta, exact: true })).toBeFocused();
});

test("keyboard focus is always visible", async ({ page }) => {
  await page.goto("/contact/");
  await hydrated(page);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { width: parseFloat(style.outlineWidth), style: style.outlineStyle, tag: el.tagName };
    });
    expect(outline.style, `focus ring on ${outline.tag}`).not.toBe("none");
    expect(outline.width).toBeGreaterThanOrEqual(2);
  }
});
