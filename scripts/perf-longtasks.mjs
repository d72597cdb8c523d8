// The long tasks of the runtime's start, counted: for each build given, N trials interleaved (a fresh browser context
// each, Debian's Chromium, CPU throttled 4x by default, 375 px with touch or 1280 px with a mouse), the visitor's first
// input (a tap or click on the page's heading), then no other input until React has hydrated and 1.5 s more. Collects
// the Long Tasks API's entries (every main-thread task of 50 ms or more) from the first input on: an input that comes
// while one runs waits for its end. Prints, per build, how many trials had one and the longest of each trial.
// Where perf-inputs measures inputs at fixed moments, this shows every task such an input could land in.
//
// Usage: node scripts/perf-longtasks.mjs <public-dir> [<public-dir> ...] [--trials 10] [--cpu 4] [--width 375]
//        [--route /] [--port 9660]
// e.g.   npm run perf:longtasks -- /tmp/landed/public public
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { launchChromium, openQuiet, serve, throttledPage } from "./perf-lib.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    trials: { type: "string", default: "10" },
    cpu: { type: "string", default: "4" },
    width: { type: "string", default: "375" },
    route: { type: "string", default: "/" },
    port: { type: "string", default: process.env.PERF_PORT || "9660" },
  },
});
if (positionals.length < 1) {
  console.error("Usage: node scripts/perf-longtasks.mjs <public-dir> [<public-dir> ...] [--trials 10] [--cpu 4]");
  process.exit(2);
}
const TRIALS = Number(values.trials);
const CPU = Number(values.cpu);
const WIDTH = Number(values.width);
const PORT = Number(values.port);
const mobile = WIDTH < 768;

/** In the page from its start: every long task, as [start, duration] in ms. */
function observeLongTasks() {
  const w = globalThis;
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
}

async function trial(browser, base) {
  const { context, page } = await throttledPage(browser, { width: WIDTH, cpu: CPU, init: observeLongTasks });
  try {
    await openQuiet(page, `${base}${values.route}`);
    await page.waitForTimeout(500);
    const t0 = await page.evaluate(() => performance.now());
    const box = await page.locator("main h1").boundingBox();
    const [x, y] = [box.x + Math.min(10, box.width / 2), box.y + box.height / 2];
    await (mobile ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
    await page.locator("header[data-enhanced]").waitFor({ state: "attached", timeout: 20_000 });
    await page.waitForTimeout(1500);
    const tasks = await page.evaluate(() => globalThis.__longTasks);
    return tasks.filter(([start]) => start >= t0).map(([start, duration]) => [start - t0, duration]);
  } finally {
    await context.close();
  }
}

const servers = [];
const builds = positionals.map((dir) => ({ dir: path.resolve(dir), trials: [] }));
try {
  for (const [i, build] of builds.entries()) {
    servers.push(await serve(build.dir, PORT + i));
    build.base = `http://127.0.0.1:${PORT + i}`;
  }
  const browser = await launchChromium();
  const started = new Date();
  const loads = [os.loadavg()[0]];
  try {
    for (let t = 0; t < TRIALS; t++) {
      // Interleaved, the order rotated every round.
      for (let i = 0; i < builds.length; i++) {
        const build = builds[(i + t) % builds.length];
        const tasks = await trial(browser, build.base);
        build.trials.push(tasks);
        const list = tasks.map(([s, d]) => `${Math.round(d)} ms at ${Math.round(s)}`).join(", ") || "none";
        process.stderr.write(`trial ${t + 1} ${build.dir}: ${list}\n`);
        loads.push(os.loadavg()[0]);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(
    `${started.toISOString().slice(0, 16).replace("T", " ")}–${new Date().toISOString().slice(11, 16)} UTC · ` +
      `route ${values.route} · ${WIDTH} px${mobile ? " touch" : ""} · CPU ${CPU}x · ${TRIALS} trials · ` +
      `1-min load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} · ` +
      `long tasks (50 ms or more) from the first input until 1.5 s after hydration\n`,
  );
  console.log("| Build | Trials with a long task | Longest per trial, ms (sorted; 0: none) |");
  console.log("| --- | --- | --- |");
  for (const build of builds) {
    const longest = build.trials.map((tasks) => Math.round(Math.max(0, ...tasks.map(([, d]) => d))));
    const count = longest.filter((d) => d > 0).length;
    console.log(`| ${build.dir} | ${count} of ${TRIALS} | ${longest.sort((a, b) => a - b).join(", ")} |`);
  }
} finally {
  for (const server of servers) server.kill();
}
