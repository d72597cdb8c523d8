// Input responsiveness while the runtime starts, measured the way INP is: the Event Timing API's event durations (from
// the input's timestamp to the next paint after its handlers) of the visitor's first input and of a second input 0,
// 150, 400, 600 and 800 ms after it (the first second: inputs up to 400 ms postpone the runtime's start, which waits for
// a 500 ms pause; at 600 and 800 ms they land while it starts), in Debian's Chromium with the CPU throttled (4x by default), at 375 px with touch and at
// 1280 px with a mouse. In one run, interleaved so a busy machine weighs on every variant alike, on:
//   built     the production build: the first input starts the runtime, the second lands while it starts
//   running   the same build with the runtime already started and hydrated before the first input
//   stripped  the last build's HTML and CSS with every script removed (the floor)
// for each build given (e.g. the landed build and this change's), N trials each (3 by default), a fresh browser
// context per trial. Prints the medians and maxima per width, delay and variant, and the ratio of each to the stripped
// page's, as a Markdown table (also written to --out).
//
// First input: a tap (375 px) or click (1280 px) on the page's heading, which starts the runtime. Second input: a tap
// on the menu toggle (375 px: opens the mobile menu) or a click on the services dropdown button (1280 px). An input's
// duration is its longest event entry (pointerover to click; entries under 16 ms are not reported by the API and
// count as 16). "Worst" is the longer of the two, what INP would report for the visit.
//
// Usage: node scripts/perf-inputs.mjs [<before-public-dir>] <after-public-dir> [--trials 3] [--cpu 4]
//        [--delays 0,150,400,600,800] [--widths 375,1280] [--route /] [--port 9640] [--out reports/perf-inputs.md]
// e.g.   npm run perf:inputs -- /tmp/landed/public public
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { copyStripped, launchChromium, openQuiet, serve, throttledPage } from "./perf-lib.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    trials: { type: "string", default: "3" },
    cpu: { type: "string", default: "4" },
    delays: { type: "string", default: "0,150,400,600,800" },
    widths: { type: "string", default: "375,1280" },
    route: { type: "string", default: "/" },
    port: { type: "string", default: process.env.PERF_PORT || "9640" },
    out: { type: "string", default: "reports/perf-inputs.md" },
  },
});
if (positionals.length < 1 || positionals.length > 2) {
  console.error("Usage: node scripts/perf-inputs.mjs [<before-public-dir>] <after-public-dir> [--trials 3] [--cpu 4]");
  process.exit(2);
}
const TRIALS = Number(values.trials);
const CPU = Number(values.cpu);
const DELAYS = values.delays.split(",").map(Number);
const WIDTHS = values.widths.split(",").map(Number);
const PORT = Number(values.port);
const ROUTE = values.route;
const builds = positionals.map((dir, i) => ({
  name: positionals.length === 2 ? ["before", "after"][i] : "build",
  dir: path.resolve(dir),
}));

/** In the page from its start: every Event Timing entry of 16 ms or more. */
function observeEvents() {
  const w = globalThis;
  w.__eventEntries = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      w.__eventEntries.push({ name: e.name, start: e.startTime, duration: e.duration });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One trial: a fresh context, the page loaded and idle, the first input, the second `delay` ms later. */
async function trial(browser, variant, width, delay) {
  const mobile = width < 768;
  const { context, page } = await throttledPage(browser, { width, cpu: CPU, init: observeEvents });
  try {
    await openQuiet(page, `${variant.base}${ROUTE}`);
    if (variant.kind === "running") {
      await page.keyboard.press("Shift");
      await page.locator("header[data-enhanced]").waitFor({ state: "attached", timeout: 20_000 });
      await page.waitForLoadState("networkidle");
    }
    await page.waitForTimeout(500);
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    const point = async (locator) => {
      const box = await locator.boundingBox();
      return { x: box.x + Math.min(10, box.width / 2), y: box.y + box.height / 2 };
    };
    const first = await point(page.locator("main h1"));
    const second = await point(
      mobile ? page.locator("header nav").nth(1).getByRole("button") : page.locator("header nav li button").first(),
    );
    const press = ({ x, y }) => (mobile ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
    await press(first);
    await sleep(delay);
    const secondAt = Date.now() - timeOrigin; // the page's clock (same system clock)
    await press(second);
    if (variant.kind === "built") {
      await page.locator("header[data-enhanced]").waitFor({ state: "attached", timeout: 20_000 });
    }
    await page.waitForTimeout(1000);
    const entries = await page.evaluate(() => globalThis.__eventEntries);
    const longest = (list) => Math.max(16, ...list.map((e) => e.duration));
    return {
      first: longest(entries.filter((e) => e.start < secondAt - 1)),
      second: longest(entries.filter((e) => e.start >= secondAt - 1)),
    };
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const stripped = copyStripped(builds[builds.length - 1].dir, "perf-inputs-stripped-");
const servers = [];
const variants = [];
try {
  const dirs = [...builds.map((b) => ({ label: b.name, dir: b.dir })), { label: "stripped", dir: stripped }];
  for (const [i, { label, dir }] of dirs.entries()) {
    servers.push(await serve(dir, PORT + i));
    const base = `http://127.0.0.1:${PORT + i}`;
    if (label === "stripped") variants.push({ name: "stripped", kind: "stripped", base });
    else {
      variants.push({ name: `${label} built`, kind: "built", base });
      variants.push({ name: `${label} running`, kind: "running", base });
    }
  }
  const browser = await launchChromium();
  const version = browser.version();
  const results = new Map();
  const started = new Date();
  const loads = [os.loadavg()[0]];
  try {
    let round = 0;
    for (let t = 0; t < TRIALS; t++) {
      for (const width of WIDTHS) {
        for (const delay of DELAYS) {
          // Interleaved, and the order rotated every round so no variant always comes first.
          const order = variants.map((_, i) => variants[(i + round) % variants.length]);
          round += 1;
          for (const variant of order) {
            const key = `${width}|${delay}|${variant.name}`;
            const r = await trial(browser, variant, width, delay);
            if (!results.has(key)) results.set(key, []);
            results.get(key).push(r);
            process.stderr.write(
              `trial ${t + 1} ${width}px +${delay}ms ${variant.name}: first ${r.first} second ${r.second}\n`,
            );
          }
          loads.push(os.loadavg()[0]);
        }
      }
    }
  } finally {
    await browser.close();
  }

  const fmt = (xs) => `${median(xs)} / ${Math.max(...xs)}`;
  const header = [
    "Width",
    "2nd input after",
    "Variant",
    "1st input (median / max)",
    "2nd input (median / max)",
    "Worst of both (median / max)",
    "Ratio to stripped (median / max)",
  ];
  const rows = [];
  for (const width of WIDTHS) {
    for (const delay of DELAYS) {
      const floor = results.get(`${width}|${delay}|stripped`).map((r) => Math.max(r.first, r.second));
      for (const variant of variants) {
        const rs = results.get(`${width}|${delay}|${variant.name}`);
        const worst = rs.map((r) => Math.max(r.first, r.second));
        const ratio = `${(median(worst) / median(floor)).toFixed(2)}× / ${(Math.max(...worst) / Math.max(...floor)).toFixed(2)}×`;
        rows.push([
          `${width} px${width < 768 ? " touch" : ""}`,
          `${delay} ms`,
          variant.name,
          fmt(rs.map((r) => r.first)),
          fmt(rs.map((r) => r.second)),
          fmt(worst),
          variant.kind === "stripped" ? "1" : ratio,
        ]);
      }
    }
  }
  const table = [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
  const note =
    `${started.toISOString().slice(0, 16).replace("T", " ")}–${new Date().toISOString().slice(11, 16)} UTC · ` +
    `route ${ROUTE} · Chromium ${version} · CPU ${CPU}x · ${TRIALS} trials · ` +
    `${os.cpus().length} CPUs, 1-min load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} ` +
    `during the run · event durations in ms (Event Timing, entries under 16 ms count as 16)`;
  const markdown = `${note}\n\n${table}\n`;
  fs.mkdirSync(path.dirname(path.resolve(values.out)), { recursive: true });
  fs.writeFileSync(values.out, markdown);
  console.log(markdown);
} finally {
  for (const server of servers) server.kill();
  fs.rmSync(stripped, { recursive: true, force: true });
}
