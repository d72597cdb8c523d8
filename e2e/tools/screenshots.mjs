// Full-page screenshots of every route at 375, 768 and 1280 px from the served production build (npm run serve), and
// of the open menu before the runtime starts.
/* global window, document -- used inside page.evaluate, which runs in the browser */
// Usage: node e2e/tools/screenshots.mjs [outDir] [baseUrl]
import fs from "node:fs";
import path from "node:path";
import sitePaths from "./routes.cjs";
import { launchChromium } from "./perf-lib.mjs";

const outDir = process.argv[2] ?? "reports/screenshots";
const base = process.argv[3] ?? "http://127.0.0.1:9000";
// Every page (from the content and src/lib/paths.ts, via routes.cjs) and the 404 page.
const routes = [...sitePaths, "/no-such-page"];
const widths = [375, 768, 1280];

fs.mkdirSync(outDir, { recursive: true });
const browser = await launchChromium();
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const route of routes) {
    await page.goto(base + route, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    // Scroll through the page so lazy images load, as they do for a visitor, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 50));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState("networkidle");
    const name = `${width}-${route === "/" ? "home" : route.slice(1).replace(/\/$/, "").replace(/\//g, "_")}.png`;
    await page.screenshot({ path: path.join(outDir, name), fullPage: true });
  }
  // The open menu before the runtime has started (scripts held back): CSS dropdown on wide screens, popover on narrow.
  await page.route(/\.js$/, () => {});
  await page.goto(base + sitePaths[1], { waitUntil: "load" }); // the about page (sitePaths: home, about, …)
  if (width < 768) await page.locator("button[popovertarget]").click();
  else await page.locator("#services-dropdown").locator("..").hover();
  // Transitions (the toggle's hover and focus, the panel's opening) shown at their end, not wherever they are.
  await page.screenshot({ path: path.join(outDir, `${width}-menu-open-before-runtime.png`), animations: "disabled" });
  await page.unroute(/\.js$/);
  await page.close();
}
await browser.close();
console.log(`Screenshots in ${outDir}`);
