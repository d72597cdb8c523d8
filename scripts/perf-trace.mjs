// The handover's long tasks, found in a performance trace: serves a production build, opens a route in Debian's
// Chromium with the CPU throttled (4x by default) at 375 px (touch) or 1280 px, makes the visitor's first input (a tap
// or click on the page's heading), optionally a second input some milliseconds later (a tap on the menu toggle at
// 375 px, a click on the services dropdown button at 1280 px), records a Chrome trace until
// React has hydrated and the page is idle, and prints every main-thread task of the page longer than --min ms with
// what ran inside it: script evaluation (by chunk), function calls (by chunk and function), event dispatch (by event
// type), timers, message-channel tasks (React's scheduler), parsing, style, layout and garbage collection.
//
// Usage: node scripts/perf-trace.mjs [public-dir] [--route /] [--width 375|1280] [--cpu 4] [--second 150]
//        [--min 50] [--running] [--port 9640] [--out reports/trace.json]
// --running starts the runtime (a Shift key press) and waits for hydration before the inputs.
// The raw trace (--out) opens in Chrome DevTools' Performance panel.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { launchChromium, openQuiet, serve, throttledPage } from "./perf-lib.mjs";
// Source maps of the build's chunks name the original module and function of each profiler sample (source-map-js
// comes with Gatsby's toolchain; without it samples are named by chunk).
let SourceMapConsumer = null;
try {
  ({ SourceMapConsumer } = await import("source-map-js"));
} catch {
  SourceMapConsumer = null;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    route: { type: "string", default: "/" },
    width: { type: "string", default: "375" },
    cpu: { type: "string", default: "4" },
    second: { type: "string" },
    running: { type: "boolean", default: false },
    min: { type: "string", default: "50" },
    port: { type: "string", default: process.env.PERF_PORT || "9640" },
    out: { type: "string", default: "reports/trace.json" },
  },
});
const dir = path.resolve(positionals[0] ?? "public");
const width = Number(values.width);
const mobile = width < 768;
const MIN = Number(values.min);
const PORT = Number(values.port);

const CATEGORIES = [
  "toplevel",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "v8",
  "blink.user_timing",
  "latencyInfo",
  "loading",
  "disabled-by-default-v8.cpu_profiler",
];

const short = (url) => (url ? url.replace(/^.*\//, "").replace(/-[0-9a-f]{8,}\.js$/, ".js") : "");

/** What one trace event inside a task did, in a few words. */
function describe(event) {
  const data = event.args?.data ?? event.args?.beginData ?? {};
  switch (event.name) {
    case "EvaluateScript":
      return `evaluate ${short(data.url) || "inline script"}`;
    case "v8.compile":
    case "v8.compileModule":
      return `compile ${short(data.url)}`;
    case "FunctionCall":
      return `call ${short(data.url) || "?"}${data.functionName ? ` ${data.functionName}` : ""}`;
    case "EventDispatch":
      return `event ${data.type}`;
    case "TimerFire":
      return "timer";
    case "FireAnimationFrame":
      return "animation frame";
    case "FireIdleCallback":
      return "idle callback";
    case "ParseHTML":
      return "parse HTML";
    case "XHRLoad":
    case "XHRReadyStateChange":
      return `XHR ${short(data.url)}`;
    case "UpdateLayoutTree":
    case "RecalculateStyles":
      return "style";
    case "Layout":
      return "layout";
    case "Paint":
    case "PaintImage":
    case "PrePaint":
      return "paint";
    case "MajorGC":
    case "MinorGC":
    case "V8.GC_SCAVENGER":
    case "BlinkGC.AtomicPhase":
      return "GC";
    case "RunMicrotasks":
    case "v8.runMicrotasks":
      return "microtasks";
    default:
      return null;
  }
}

/** The V8 CPU profile's samples on the page's main thread: the time and the stack of each. */
function profileSamples(events, mainThread) {
  const nodes = new Map();
  const samples = [];
  const profiles = new Map();
  for (const e of events) {
    if (e.name === "Profile" && `${e.pid}:${e.tid}` === mainThread) {
      profiles.set(e.id, { time: e.args.data.startTime });
    }
  }
  for (const e of events) {
    if (e.name !== "ProfileChunk" || !profiles.has(e.id)) continue;
    const state = profiles.get(e.id);
    const profile = e.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(`${e.id}:${node.id}`, { ...node, key: `${e.id}:${node.id}` });
    const deltas = e.args.data.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      state.time += deltas[i] ?? 0;
      samples.push({ ts: state.time, node: `${e.id}:${id}` });
    });
  }
  for (const node of nodes.values()) {
    if (node.parent !== undefined) node.parentKey = `${node.key.split(":")[0]}:${node.parent}`;
  }
  return samples.map((s) => ({ ts: s.ts, frame: nodes.get(s.node) }));
}

const maps = new Map();
/** The original source file and function of a minified frame, from the chunk's source map when there is one. */
function original(callFrame) {
  const { url = "", functionName = "", lineNumber = 0, columnNumber = 0 } = callFrame ?? {};
  if (!url) return functionName ? `(${functionName})` : "(program)";
  const file = path.join(dir, new URL(url, "http://x").pathname);
  if (SourceMapConsumer && !maps.has(file)) {
    try {
      maps.set(file, new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file}.map`, "utf8"))));
    } catch {
      maps.set(file, null);
    }
  }
  const consumer = maps.get(file);
  if (!consumer) return `${short(url)} ${functionName}`;
  const pos = consumer.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  const source = (pos.source ?? short(url))
    .replace(/^webpack:\/\/[^/]*\//, "")
    .replace(/^.*node_modules\//, "")
    .replace(/^\.\//, "");
  return `${source}${pos.name ? ` ${pos.name}` : functionName ? ` ${functionName}` : ""}`;
}

/** Self time of samples by original module, then the functions that cost most, e.g. "react-dom 40 (beginWork 12)". */
function sourcesOf(samples) {
  if (samples.length === 0) return "";
  const byModule = new Map();
  for (const { frame } of samples) {
    const where = original(frame?.callFrame);
    const [module, ...fn] = where.split(" ");
    const key = module.replace(
      /^(react-dom|react|scheduler|@gatsbyjs\/reach-router|gatsby-link|gatsby-script)\/.*$/,
      "$1",
    );
    const entry = byModule.get(key) ?? { n: 0, fns: new Map() };
    entry.n += 1;
    const name = fn.join(" ") || "(anonymous)";
    entry.fns.set(name, (entry.fns.get(name) ?? 0) + 1);
    byModule.set(key, entry);
  }
  return [...byModule.entries()]
    .sort((a, b) => b[1].n - a[1].n)
    .slice(0, 5)
    .map(([module, { n, fns }]) => {
      const top = [...fns.entries()].sort((a, b) => b[1] - a[1])[0];
      return `${module} ${n}${top ? ` (${top[0]} ${top[1]})` : ""}`;
    })
    .join("; ");
}

const server = await serve(dir, PORT);
const browser = await launchChromium();
try {
  const { context, page, cdp } = await throttledPage(browser, { width, cpu: Number(values.cpu) });
  await openQuiet(page, `http://127.0.0.1:${PORT}${values.route}`);
  if (values.running) {
    await page.keyboard.press("Shift");
    await page.locator("header[data-enhanced]").waitFor({ state: "attached", timeout: 30_000 });
    await page.waitForLoadState("networkidle");
  }
  await page.waitForTimeout(500);

  const chunks = [];
  cdp.on("Tracing.dataCollected", ({ value }) => chunks.push(...value));
  const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: CATEGORIES }, transferMode: "ReportEvents" });
  const point = async (locator) => {
    const box = await locator.boundingBox();
    return { x: box.x + Math.min(10, box.width / 2), y: box.y + box.height / 2 };
  };
  const first = await point(page.locator("main h1"));
  const second = await point(
    mobile ? page.locator("header nav").nth(1).getByRole("button") : page.locator("header nav li button").first(),
  );
  const press = ({ x, y }) => (mobile ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
  await page.evaluate(() => performance.mark("first-input"));
  await press(first);
  if (values.second !== undefined) {
    await new Promise((resolve) => setTimeout(resolve, Number(values.second)));
    await press(second);
  }
  await page.locator("header[data-enhanced]").waitFor({ state: "attached", timeout: 30_000 });
  await page.waitForTimeout(1500);
  await cdp.send("Tracing.end");
  await done;
  fs.mkdirSync(path.dirname(path.resolve(values.out)), { recursive: true });
  fs.writeFileSync(values.out, JSON.stringify({ traceEvents: chunks }));

  // The page's renderer main thread: the one that evaluated the page's chunks.
  const threads = new Map();
  for (const e of chunks) {
    if (e.name === "thread_name" && e.args?.name === "CrRendererMain") threads.set(`${e.pid}:${e.tid}`, 0);
  }
  for (const e of chunks) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === "EvaluateScript" && threads.has(key)) threads.set(key, threads.get(key) + 1);
  }
  const main = [...threads.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = chunks.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === "X" && typeof e.dur === "number");
  const mark = chunks.find((e) => e.name === "first-input");
  const t0 = mark?.ts ?? Math.min(...onMain.map((e) => e.ts));
  const tasks = onMain.filter((e) => e.name === "RunTask" && e.dur >= MIN * 1000 && e.ts >= t0);
  const events = chunks.filter((e) => e.name === "EventTiming" || e.name === "EventDispatch");
  console.log(
    `${values.route} at ${width} px${mobile ? " (touch)" : ""}, CPU ${values.cpu}x, second input ${
      values.second ?? "none"
    } ms: ${tasks.length} task(s) of ${MIN} ms or more after the first input (times from the first input, ms)`,
  );
  const samples = profileSamples(chunks, main);
  for (const task of tasks) {
    const end = task.ts + task.dur;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end);
    // Outermost described events inside the task, and their durations.
    const parts = [];
    const described = inside.map((e) => ({ e, what: describe(e) })).filter((d) => d.what);
    for (const d of described) {
      const nested = described.some(
        (o) => o !== d && o.e.ts <= d.e.ts && o.e.ts + o.e.dur >= d.e.ts + d.e.dur && o.e.dur > d.e.dur,
      );
      if (!nested) parts.push(d);
    }
    const summary = new Map();
    for (const { e, what } of parts) summary.set(what, (summary.get(what) ?? 0) + e.dur / 1000);
    const listed = [...summary.entries()]
      .sort((a, b) => b[1] - a[1])
      .filter(([, ms]) => ms >= 2)
      .map(([what, ms]) => `${what} ${ms.toFixed(0)}`)
      .join("; ");
    // Second-level detail for the biggest part: what ran inside it.
    const biggest = parts.sort((a, b) => b.e.dur - a.e.dur)[0];
    let detail = "";
    if (biggest) {
      const sub = new Map();
      for (const d of described) {
        if (d === biggest || d.e.ts < biggest.e.ts || d.e.ts + d.e.dur > biggest.e.ts + biggest.e.dur) continue;
        if (d.e.dur < 2000) continue;
        sub.set(d.what, (sub.get(d.what) ?? 0) + d.e.dur / 1000);
      }
      detail = [...sub.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([what, ms]) => `${what} ${ms.toFixed(0)}`)
        .join("; ");
    }
    console.log(
      `  at ${((task.ts - t0) / 1000).toFixed(0).padStart(5)}: ${(task.dur / 1000).toFixed(0).padStart(4)} ms — ${
        listed || "(unattributed)"
      }${detail ? `\n${" ".repeat(20)}inside the biggest: ${detail}` : ""}`,
    );
    const profile = sourcesOf(samples.filter((sample) => sample.ts >= task.ts && sample.ts <= end));
    if (profile) console.log(`${" ".repeat(20)}JS by source (samples, self): ${profile}`);
  }
  const dispatched = events
    .filter((e) => `${e.pid}:${e.tid}` === main && e.name === "EventDispatch" && e.ts >= t0 && e.dur >= 2000)
    .map((e) => `${e.args.data.type} at ${((e.ts - t0) / 1000).toFixed(0)} (${(e.dur / 1000).toFixed(0)} ms)`);
  if (dispatched.length) console.log(`  event handlers of 2 ms or more: ${dispatched.join(", ")}`);
  await context.close();
} finally {
  await browser.close();
  server.kill();
}
