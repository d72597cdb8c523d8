// Before/after performance of two production builds, route by route, in one run: Lighthouse 12 (mobile emulation,
// simulated throttling, median of N runs) on each build and on a copy of the "after" build with every script removed
// (the page as HTML and CSS alone, the floor), plus the gzipped JavaScript each route fetches before any interaction
// and after the first one (Playwright, Debian's Chromium). Each build is served by scripts/serve.ts (gzip, _headers).
// Prints a Markdown table (paste it into docs/performance.md) and writes it to --out.
//
// Usage: node scripts/perf-compare.mjs <before-public-dir> <after-public-dir> [--runs 3] [--out file.md]
//        [--route / --route /about ...] (default: every route, from scripts/routes.cjs)
// e.g.   git worktree add /tmp/landed main && (cd /tmp/landed && npm ci && npx gatsby build)
//        npm run build && node scripts/perf-compare.mjs /tmp/landed/public public
// Timing figures depend on the machine: run it on a quiet one and compare ratios rather than absolute numbers.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromeArgs, chromePath, launchChromium, serve } from "./perf-lib.mjs";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const allRoutes = createRequire(import.meta.url)("./routes.cjs");
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: "string", default: "3" },
    out: { type: "string", default: "reports/perf-compare.md" },
    route: { type: "string", multiple: true },
  },
});
if (positionals.length !== 2) {
  console.error("Usage: node scripts/perf-compare.mjs <before-public-dir> <after-public-dir> [--runs 3]");
  process.exit(2);
}
const [beforeDir, afterDir] = positionals.map((dir) => path.resolve(dir));
const RUNS = Number(values.runs);
const routes = values.route ?? allRoutes;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Every <script> the browser would run (data blocks such as JSON-LD stay) and script preloads, removed. */
const stripScripts = (html) =>
  html
    .replace(/<script\b(?![^>]*type=["']?application\/(ld\+)?json)[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*\bas=["']?script["']?[^>]*>/gi, "");

/** A copy of the build in `dir` with every page's scripts removed (the floor: HTML and CSS alone), in a temp folder. */
function copyStripped(dir) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "perf-stripped-"));
  fs.cpSync(dir, out, { recursive: true });
  for (const entry of fs.readdirSync(out, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && entry.name.endsWith(".html"))
      fs.writeFileSync(full, stripScripts(fs.readFileSync(full, "utf8")));
  }
  return out;
}

/** Lighthouse medians for one route of one served build. */
async function measure(chrome, base, route) {
  const runs = [];
  for (let attempt = 0; runs.length < RUNS; attempt++) {
    const result = await lighthouse(`${base}${route}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) {
      const a = lhr.audits;
      runs.push({
        perf: lhr.categories.performance.score,
        fcp: a["first-contentful-paint"].numericValue,
        lcp: a["largest-contentful-paint"].numericValue,
        tbt: a["total-blocking-time"].numericValue,
      });
    } else if (attempt > RUNS + 2) {
      throw new Error(`Lighthouse could not measure ${base}${route}: ${lhr?.runtimeError?.code}`);
    }
  }
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))]));
}

/**
 * Gzipped script bytes a route fetches on load, and in all once the first interaction (a Shift key press) has started
 * the runtime and it has hydrated. A fresh browser context each time: nothing comes from the cache.
 */
async function scriptWeight(browser, base, route) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  let interacted = false;
  const sizes = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    const early = !interacted;
    sizes.push(request.sizes().then((s) => ({ early, bytes: s.responseBodySize })));
  });
  // Loaded (the inline loader at the end of <body> listening), then quiet: `networkidle` alone may come first.
  await page.goto(`${base}${route}`, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  interacted = true;
  await page.keyboard.press("Shift");
  await page.locator("header[data-enhanced]").waitFor({ state: "attached", timeout: 15_000 });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  const all = await Promise.all(sizes);
  await context.close();
  const sum = (list) => list.reduce((total, s) => total + s.bytes, 0) / 1024;
  const early = all.filter((s) => s.early);
  return { loadScripts: early.length, loadKb: sum(early), totalKb: sum(all) };
}

const stripped = copyStripped(afterDir);
const builds = [
  { name: "before", dir: beforeDir },
  { name: "after", dir: afterDir },
  { name: "stripped", dir: stripped },
];
const results = {};
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", ...chromeArgs] });
const browser = await launchChromium();
try {
  for (const build of builds) {
    const server = await serve(build.dir);
    const base = server.origin;
    try {
      for (const route of routes) {
        process.stderr.write(`${build.name} ${route}\n`);
        const lh = await measure(chrome, base, route);
        const js = build.name === "stripped" ? null : await scriptWeight(browser, base, route);
        results[`${build.name} ${route}`] = { ...lh, js };
      }
    } finally {
      server.stop();
    }
  }
} finally {
  await browser.close();
  await chrome.kill();
  fs.rmSync(stripped, { recursive: true, force: true });
}

const ms = (x) => String(Math.round(x));
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
const kb = (x) => x.toFixed(1);
const lhVersion = JSON.parse(fs.readFileSync(path.join(root, "node_modules", "lighthouse", "package.json"))).version;
const header = [
  "Route",
  "LCP before",
  "LCP after",
  "LCP stripped",
  "LCP ratio before → after",
  "TBT before",
  "TBT after",
  "TBT stripped",
  "Perf before → after",
  "JS on load before → after (KB gz)",
  "JS after 1st interaction before → after (KB gz)",
];
const rows = routes.map((route) => {
  const b = results[`before ${route}`];
  const a = results[`after ${route}`];
  const s = results[`stripped ${route}`];
  return [
    route,
    ms(b.lcp),
    ms(a.lcp),
    ms(s.lcp),
    `${ratio(b.lcp, s.lcp)} → ${ratio(a.lcp, s.lcp)}`,
    ms(b.tbt),
    ms(a.tbt),
    ms(s.tbt),
    `${b.perf} → ${a.perf}`,
    `${kb(b.js.loadKb)} → ${kb(a.js.loadKb)}`,
    `${kb(b.js.totalKb)} → ${kb(a.js.totalKb)}`,
  ];
});
const table = [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
const note =
  `${new Date().toISOString().slice(0, 10)} · Lighthouse ${lhVersion}, mobile emulation, simulated throttling, ` +
  `median of ${RUNS} runs · ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)} at the end · ` +
  `times in ms; "stripped" is the after build with every script removed; ratio = LCP / stripped LCP.`;
const markdown = `${note}\n\n${table}\n`;
fs.mkdirSync(path.dirname(path.resolve(values.out)), { recursive: true });
fs.writeFileSync(values.out, markdown);
console.log(markdown);

const growth = routes.filter((r) => results[`after ${r}`].js.totalKb > results[`before ${r}`].js.totalKb + 0.5);
const early = routes.filter((r) => results[`after ${r}`].js.loadScripts > 0);
if (early.length) console.error(`Scripts fetched before any interaction on: ${early.join(", ")}`);
if (growth.length) console.error(`The runtime's JavaScript grew on: ${growth.join(", ")}`);
process.exit(early.length || growth.length ? 1 : 0);
