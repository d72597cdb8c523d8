// `npm run measure:editor`: what the editor at /admin/ costs a cold build and a cold `npm start`, measured paired on
// this machine: the same tree with the editor (A) and without it (B, SKIP_EDITOR=1, gatsby-node.ts), interleaved
// A, B, A, B … so that a busy machine weighs on both alike; medians of RUNS pairs (default 3). Each run starts cold
// (`gatsby clean`):
//   build    `gatsby clean && gatsby build`, as `npm run build` runs it: wall-clock seconds.
//   develop  `gatsby develop -p PORT`: seconds until the home page answers with its HTML, and (A) until /admin/ does.
// Prints each run with the time and the load average, then the medians and B→A ratios, as Markdown for
// docs/performance.md. Run it on a quiet machine for the record. Options: RUNS=3 PORT=8018 ONLY=build|develop
// WARMUP=1 (one cold build first, not counted, so that both variants start with the same warm file cache).
// Beside the wall-clock figures, each build reports Gatsby's own step times from its log: the webpack step (where
// the editor used to cost 35–50 s) and the editor's own step (esbuild and the copy, in parallel with bootstrap).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const gatsby = path.join(repo, "node_modules", ".bin", "gatsby");
const RUNS = Number(process.env.RUNS || 3);
const PORT = Number(process.env.PORT || 8018);
const ONLY = process.env.ONLY;
const WARMUP = process.env.WARMUP !== "0";
const DEVELOP_TIMEOUT_S = 600;

const variants = [
  { name: "with editor", env: {} },
  { name: "without editor (SKIP_EDITOR=1)", env: { SKIP_EDITOR: "1" } },
];

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const now = () => new Date().toISOString().replace(/\.\d+Z$/, "Z");
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const seconds = (ms) => Math.round(ms / 100) / 10;

function run(args, env, { log }) {
  return new Promise((resolve, reject) => {
    const child = spawn(gatsby, args, {
      cwd: repo,
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CI: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out = fs.createWriteStream(log, { flags: "a" });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`gatsby ${args[0]} exited ${code}; see ${log}`)),
    );
  });
}

/** Gatsby's own step times in a build's log, in seconds. */
function steps(log) {
  const text = fs
    .readFileSync(log, "utf8")
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, "g"), "");
  const step = (re) => {
    const match = re.exec(text);
    return match ? Number(match[1]) : undefined;
  };
  return {
    webpack: step(/Building production JavaScript and CSS bundles - ([\d.]+)s/),
    editorStep: step(/The editor at \/admin\/ written in ([\d.]+)s/),
  };
}

async function coldBuild(env, log) {
  const started = Date.now();
  await run(["clean"], env, { log });
  await run(["build"], env, { log });
  return { build: seconds(Date.now() - started), ...steps(log) };
}

async function answers(url, test) {
  try {
    const response = await fetch(url, { redirect: "manual" });
    return response.status === 200 && test(await response.text());
  } catch {
    return false;
  }
}

async function coldDevelop(env, log, withEditor) {
  await run(["clean"], env, { log });
  const started = Date.now();
  const child = spawn(gatsby, ["develop", "-H", "127.0.0.1", "-p", String(PORT)], {
    cwd: repo,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CI: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const out = fs.createWriteStream(log, { flags: "a" });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  let exited = false;
  child.on("exit", () => (exited = true));
  const base = `http://127.0.0.1:${PORT}`;
  const result = {};
  try {
    while (result.site === undefined || (withEditor && result.admin === undefined)) {
      if (exited) throw new Error(`gatsby develop stopped; see ${log}`);
      if (Date.now() - started > DEVELOP_TIMEOUT_S * 1000)
        throw new Error(`gatsby develop: no page after ${DEVELOP_TIMEOUT_S}s`);
      const elapsed = seconds(Date.now() - started);
      if (result.site === undefined && (await answers(`${base}/`, (html) => html.includes('id="___gatsby"')))) {
        result.site = elapsed;
      }
      if (
        withEditor &&
        result.admin === undefined &&
        (await answers(`${base}/admin/`, (html) => html.includes("decap-cms")))
      ) {
        result.admin = elapsed;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise((r) => (exited ? r() : child.on("exit", r)));
  }
  return { develop: result.site, ...(withEditor ? { admin: result.admin } : {}) };
}

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "editor-cost-"));
const rows = [];
console.log(`Measuring in ${repo}: ${RUNS} pairs, interleaved; gatsby logs in ${logDir}`);
if (WARMUP) {
  console.log("Warm-up build (not counted)…");
  await coldBuild({}, path.join(logDir, "warmup.log"));
}
for (const kind of ["build", "develop"]) {
  if (ONLY && ONLY !== kind) continue;
  for (let i = 1; i <= RUNS; i++) {
    for (const variant of variants) {
      const withEditor = !variant.env.SKIP_EDITOR;
      const at = now();
      const loadBefore = load();
      const log = path.join(logDir, `${kind}-${i}-${withEditor ? "A" : "B"}.log`);
      const result =
        kind === "build" ? await coldBuild(variant.env, log) : await coldDevelop(variant.env, log, withEditor);
      const row = { kind, run: i, variant: variant.name, at, load: loadBefore, ...result };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  }
}

console.log("\n| Run | Time (UTC) | Load (1/5/15 min) | Measure | With editor (s) | Without (s) |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const kind of ["build", "develop"]) {
  for (let i = 1; i <= RUNS; i++) {
    const [a, b] = variants.map((v) => rows.find((r) => r.kind === kind && r.run === i && r.variant === v.name));
    if (!a || !b) continue;
    const admin =
      kind === "develop" ? ` (/admin/ at ${a.admin})` : ` (webpack ${a.webpack}, editor ${a.editorStep} in parallel)`;
    const bSteps = kind === "build" ? ` (webpack ${b.webpack})` : "";
    console.log(
      `| ${kind} ${i} | ${a.at} | ${a.load} | ${kind === "build" ? "cold build" : "first page"} | ${a[kind]}${admin} | ${b[kind]}${bSteps} |`,
    );
  }
}
console.log("");
for (const kind of ["build", "develop"]) {
  const a = rows.filter((r) => r.kind === kind && !r.variant.startsWith("without")).map((r) => r[kind]);
  const b = rows.filter((r) => r.kind === kind && r.variant.startsWith("without")).map((r) => r[kind]);
  if (a.length === 0) continue;
  const ratio = median(a) / median(b);
  console.log(
    `${kind}: median with editor ${median(a)} s, without ${median(b)} s: ×${ratio.toFixed(3)} (${ratio <= 1.1 ? "within" : "OVER"} 10%)`,
  );
}
