// Performance, accessibility, best-practice and SEO budgets: Lighthouse 12 (mobile emulation, simulated slow 4G) with
// the system Chromium against the production build served locally. Each route is measured AUDIT_RUNS times (default 3)
// and judged on the median, as Lighthouse advises for its run-to-run variance. Prints a table per route, writes
// reports/lighthouse/summary.json, and exits 1 when any budget is missed. Usage: npm run audit
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const chromium = JSON.parse(fs.readFileSync(new URL("./chromium.json", import.meta.url), "utf8"));

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PORT = Number(process.env.AUDIT_PORT || 9555);
const RUNS = Number(process.env.AUDIT_RUNS || 3);
const BASE = `http://127.0.0.1:${PORT}`;
const servicesDir = path.join(root, "data", "services");
const serviceSlugs = fs
  .readdirSync(servicesDir)
  .filter((f) => f.endsWith(".yaml"))
  .map((f) => fs.readFileSync(path.join(servicesDir, f), "utf8").match(/^slug:\s*(\S+)/m)?.[1])
  .filter(Boolean);
const ROUTES = ["/", "/about/", "/services/", ...serviceSlugs.map((s) => `/services/${s}/`), "/contact/"];

export const BUDGETS = {
  performance: 0.95,
  accessibility: 1,
  "best-practices": 1,
  seo: 1,
  cls: 0,
  /** The target. On a 2-core CI machine Lighthouse's simulated TBT of the same build varies from ~20 to ~300 ms run to
   * run (a no-JS copy of the pages measures 0-19 ms), so a miss is reported as a warning ... */
  tbtTargetMs: 50,
  /** ... and the audit fails above this ceiling, which a real regression (a heavy library, a long task) crosses. */
  tbtMaxMs: 300,
  homeJsKb: 90,
};

function startServer() {
  const child = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs")], {
    env: { ...process.env, PORT: String(PORT) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout.once("data", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function summarise(route, lhr) {
  const audits = lhr.audits;
  const requests = audits["network-requests"]?.details?.items ?? [];
  const scriptBytes = requests
    .filter((r) => r.resourceType === "Script")
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const foreign = requests.filter((r) => !r.url.startsWith(BASE) && !r.url.startsWith("data:")).map((r) => r.url);
  const imageAudits = ["modern-image-formats", "uses-responsive-images", "uses-optimized-images"];
  const imageProblems = imageAudits.filter((id) => audits[id] && audits[id].score !== null && audits[id].score < 1);
  const failing = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0).map((ref) => audits[ref.id]))
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
    .map((a) => a.id);
  return {
    route,
    performance: lhr.categories.performance.score,
    accessibility: lhr.categories.accessibility.score,
    "best-practices": lhr.categories["best-practices"].score,
    seo: lhr.categories.seo.score,
    fcpMs: Math.round(audits["first-contentful-paint"].numericValue),
    lcpMs: Math.round(audits["largest-contentful-paint"].numericValue),
    tbtMs: Math.round(audits["total-blocking-time"].numericValue),
    cls: Number(audits["cumulative-layout-shift"].numericValue.toFixed(4)),
    jsKb: Number((scriptBytes / 1024).toFixed(1)),
    totalKb: Number((audits["total-byte-weight"].numericValue / 1024).toFixed(1)),
    requests: requests.length,
    foreign,
    imageProblems,
    failing,
  };
}

function budgetProblems(row) {
  const problems = [];
  for (const key of ["performance", "accessibility", "best-practices", "seo"]) {
    if (row[key] < BUDGETS[key]) problems.push(`${key} ${row[key]} < ${BUDGETS[key]}`);
  }
  if (row.cls > BUDGETS.cls) problems.push(`CLS ${row.cls} > ${BUDGETS.cls}`);
  if (row.tbtMs > BUDGETS.tbtMaxMs) problems.push(`TBT ${row.tbtMs} ms > ${BUDGETS.tbtMaxMs} ms`);
  if (row.route === "/" && row.jsKb > BUDGETS.homeJsKb)
    problems.push(`home JS ${row.jsKb} KB > ${BUDGETS.homeJsKb} KB`);
  if (row.foreign.length > 0) problems.push(`requests to other hosts: ${row.foreign.join(", ")}`);
  if (row.imageProblems.length > 0) problems.push(`image audits not passed: ${row.imageProblems.join(", ")}`);
  if (row.failing.length > 0) problems.push(`failed audits: ${row.failing.join(", ")}`);
  return problems;
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || chromium.path,
  chromeFlags: ["--headless=new", ...chromium.args],
});
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** One row per route: the median of every figure over the runs; lists of problems are the union. */
function combine(runs) {
  const row = { ...runs[0] };
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === "number") row[key] = median(runs.map((r) => r[key]));
    if (Array.isArray(value)) row[key] = [...new Set(runs.flatMap((r) => r[key]))];
  }
  row.tbtRuns = runs.map((r) => r.tbtMs);
  return row;
}

const rows = [];
try {
  for (const route of ROUTES) {
    const runs = [];
    for (let attempt = 0; runs.length < RUNS; attempt++) {
      const result = await lighthouse(`${BASE}${route}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const error = result?.lhr.runtimeError;
      if (!error) {
        runs.push(summarise(route, result.lhr));
      } else if (attempt >= RUNS + 2) {
        throw new Error(`Lighthouse could not measure ${route}: ${error.code} ${error.message}`);
      } else {
        console.warn(`Lighthouse run of ${route} failed (${error.code}); measuring again.`);
      }
    }
    rows.push(combine(runs));
  }
} finally {
  await chrome.kill();
  server.kill();
}

const date = new Date().toISOString().slice(0, 10);
const header = ["route", "perf", "a11y", "bp", "seo", "FCP ms", "LCP ms", "TBT ms", "CLS", "JS KB", "total KB", "reqs"];
const lines = [
  header,
  ...rows.map((r) => [
    r.route,
    r.performance,
    r.accessibility,
    r["best-practices"],
    r.seo,
    r.fcpMs,
    r.lcpMs,
    r.tbtMs,
    r.cls,
    r.jsKb,
    r.totalKb,
    r.requests,
  ]),
];
const widths = header.map((_, i) => Math.max(...lines.map((l) => String(l[i]).length)));
console.log(`Lighthouse ${lighthouseVersion()} · mobile emulation, simulated throttling · median of ${RUNS} · ${date}`);
for (const line of lines) console.log(line.map((cell, i) => String(cell).padEnd(widths[i])).join("  "));

const failures = rows.flatMap((row) => budgetProblems(row).map((p) => `${row.route}: ${p}`));
const tbtMisses = rows.filter((row) => row.tbtMs > BUDGETS.tbtTargetMs);
if (tbtMisses.length > 0) {
  console.warn(
    `\nTBT above the ${BUDGETS.tbtTargetMs} ms target (median; runs in brackets): ${tbtMisses
      .map((r) => `${r.route} ${r.tbtMs} [${r.tbtRuns.join(", ")}]`)
      .join("; ")}`,
  );
}
fs.mkdirSync(path.join(root, "reports", "lighthouse"), { recursive: true });
fs.writeFileSync(
  path.join(root, "reports", "lighthouse", "summary.json"),
  JSON.stringify({ date, lighthouse: lighthouseVersion(), runs: RUNS, budgets: BUDGETS, rows, failures }, null, 2),
);
if (failures.length > 0) {
  console.error(`\nBudgets missed:\n${failures.join("\n")}`);
  process.exit(1);
}
console.log(`\nAll budgets met on ${rows.length} routes (JS is transfer size, gzip).`);

function lighthouseVersion() {
  return JSON.parse(fs.readFileSync(path.join(root, "node_modules", "lighthouse", "package.json"), "utf8")).version;
}
