// The speed gate (`npm run test:speed`): how much script each page runs while it loads, measured so that a busy
// machine can neither pass a slow page nor fail a fast one. Every route of a build (public/, or SPEED_DIR) is served
// with its real headers (scripts/serve.ts) and loaded in Debian's Chromium at a phone's size, RUNS times; Chromium's
// own count of the page's script execution (the Performance domain's ScriptDuration, in the main thread's CPU time,
// which a descheduled process does not inflate, unlike wall time) must stay under SCRIPT_BUDGET_MS, on the
// second-slowest load (one load may meet the machine's own hiccup). Then the gate checks itself: the home page of a
// copy of the build with 40 ms more script at load (its hash in the page's policy, as the build would write it) must
// fail. SPEED_RUNS sets the loads per route (default 3).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { launchChromium, serve } from "./perf-lib.mjs";

const routes = createRequire(import.meta.url)("./routes.cjs");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** What a page may run at load (static first: the footer's year and the loader's listeners, well under 1 ms). */
const SCRIPT_BUDGET_MS = 10;
/** What the self-check adds: a regression a visitor on a slow phone would feel. */
const INJECTED_MS = 40;
const RUNS = Number(process.env.SPEED_RUNS || 3);

/**
 * A loop of `ms` of CPU work on this machine, timed here in V8 as Chromium runs it: fixed work, not a time, so a
 * busy machine stretching its wall time does not shrink what the gate must see.
 */
function busyScript(ms) {
  const body = "let x=0;for(let i=0;i<N;i++)x=(x+i*7)%1000003;";
  const work = new Function("N", `${body}return x;`);
  work(1e6);
  for (let n = 1e6; ; n *= 2) {
    const start = process.cpuUsage();
    work(n);
    const used = process.cpuUsage(start);
    const usedMs = (used.user + used.system) / 1000;
    if (usedMs >= 50) return `{const N=${Math.round((n * ms) / usedMs)};${body}window.speedGateWork=x;}`;
  }
}

/** The script a page runs while it loads once at a phone's size (as Lighthouse's mobile run), in CPU ms. */
async function scriptTime(browser, url) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
  await page.goto(url, { waitUntil: "load" });
  // What a page starts at load (timers, idle callbacks) runs in the next moments.
  await page.waitForTimeout(500);
  const { metrics } = await cdp.send("Performance.getMetrics");
  await context.close();
  const script = metrics.find((metric) => metric.name === "ScriptDuration");
  if (!script) throw new Error("Chromium reported no ScriptDuration: did its Performance domain change?");
  return script.value * 1000;
}

async function measure(browser, origin, paths) {
  const results = [];
  for (const route of paths) {
    const times = [];
    for (let i = 0; i < RUNS; i += 1) times.push(await scriptTime(browser, `${origin}${route}`));
    const slowestFirst = [...times].sort((a, b) => b - a);
    results.push({ route, times, ms: slowestFirst[Math.min(1, slowestFirst.length - 1)] });
  }
  return results;
}

/** A copy of the build whose home page runs `ms` more script at load, allowed by its policy as the build would. */
function withInjectedScript(dir, ms) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "speed-gate-"));
  fs.cpSync(dir, copy, { recursive: true });
  const script = busyScript(ms);
  const hash = `'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`;
  const page = path.join(copy, "index.html");
  const html = fs.readFileSync(page, "utf8").replace("<head>", `<head><script>${script}</script>`);
  fs.writeFileSync(page, html.replaceAll("script-src ", `script-src ${hash} `));
  const headers = path.join(copy, "_headers");
  fs.writeFileSync(headers, fs.readFileSync(headers, "utf8").replaceAll("script-src ", `script-src ${hash} `));
  return copy;
}

const format = (r) =>
  `${r.route.padEnd(36)} ${r.ms.toFixed(1).padStart(6)} ms (loads: ${r.times.map((t) => t.toFixed(1)).join(", ")})`;

const dir = path.resolve(root, process.env.SPEED_DIR || "public");
const browser = await launchChromium();
let failed = false;
try {
  const site = await serve(dir);
  try {
    console.log(`Speed gate: script each page runs at load, main-thread CPU, budget ${SCRIPT_BUDGET_MS} ms`);
    for (const result of await measure(browser, site.origin, routes)) {
      const over = result.ms > SCRIPT_BUDGET_MS;
      failed ||= over;
      console.log(`${over ? "FAIL" : "ok  "} ${format(result)}`);
    }
  } finally {
    site.stop();
  }
  const injected = withInjectedScript(dir, INJECTED_MS);
  const copy = await serve(injected);
  try {
    const [result] = await measure(browser, copy.origin, ["/"]);
    const caught = result.ms > SCRIPT_BUDGET_MS;
    console.log(`${caught ? "ok  " : "FAIL"} self-check, ${INJECTED_MS} ms more script at load: ${format(result)}`);
    if (!caught) {
      failed = true;
      console.error(
        `The gate did not catch ${INJECTED_MS} ms more script at load: it measures nothing a visitor feels.`,
      );
    }
  } finally {
    copy.stop();
    fs.rmSync(injected, { recursive: true, force: true });
  }
} finally {
  await browser.close();
}
if (failed) {
  console.error(`Speed gate failed: a page ran more than ${SCRIPT_BUDGET_MS} ms of script at load.`);
  process.exit(1);
}
console.log("Speed gate passed.");
