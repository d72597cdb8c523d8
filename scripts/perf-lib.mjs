// What the performance scripts (perf-compare, perf-inputs) share: a script-free copy of a
// build, a build served by scripts/serve.mjs on a port of its own, Chromium launched as they launch it, a throttled page
// as a phone or desktop visitor has it, and opening a page until it is loaded and quiet.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { chromium as playwrightChromium } from "@playwright/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const chromium = createRequire(import.meta.url)("./chromium.json");

/** Every <script> the browser would run (data blocks such as JSON-LD stay) and script preloads, removed. */
export function stripScripts(html) {
  return html
    .replace(/<script\b(?![^>]*type=["']?application\/(ld\+)?json)[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*\bas=["']?script["']?[^>]*>/gi, "");
}

/** A copy of the build in `dir` with every page's scripts removed (the floor: HTML and CSS alone), in a temp folder. */
export function copyStripped(dir, prefix = "perf-stripped-") {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(dir, out, { recursive: true });
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".html")) fs.writeFileSync(full, stripScripts(fs.readFileSync(full, "utf8")));
    }
  };
  walk(out);
  return out;
}

/** Serves `dir` with scripts/serve.mjs (its _headers applied) on `port`; resolves with the child once it listens. */
export function serve(dir, port) {
  const child = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs")], {
    env: { ...process.env, PORT: String(port), SERVE_DIR: dir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout.once("data", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`server for ${dir} exited with ${code}`)));
  });
}

/**
 * Opens `url` and waits until the page has loaded (the whole document parsed, so the inline runtime loader at the end of
 * <body> is listening) and the network has been idle for 500 ms. `networkidle` alone is not enough: with the CPU
 * throttled on a busy machine Chromium reports it while the parser is still short of the loader, and an input pressed
 * then never starts the runtime (seen in 3-9 of 16-30 trials with two browsers running).
 */
export async function openQuiet(page, url) {
  await page.goto(url, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
}

/** Debian's Chromium (or CHROME_PATH), launched by Playwright with the flags every script here uses. */
export function launchChromium() {
  return playwrightChromium.launch({ executablePath: chromium.path, args: chromium.args });
}

/**
 * A fresh browser context and page as a visitor at `width` px has it (375 px and narrower: a phone, with touch), with
 * `init` run in the page before any of its scripts, and the CPU throttled `cpu` times.
 */
export async function throttledPage(browser, { width, cpu, init }) {
  const mobile = width < 768;
  const context = await browser.newContext({
    viewport: { width, height: mobile ? 740 : 800 },
    hasTouch: mobile,
    isMobile: mobile,
  });
  const page = await context.newPage();
  if (init) await page.addInitScript(init);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  return { context, page, cdp };
}
