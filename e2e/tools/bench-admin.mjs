// How soon the editor's first screen is usable on a slow phone (`npm run bench:admin`), beside the lightest Git-based
// editor: Lighthouse's mobile preset (simulated slow 4G, CPU 4×) on
//   1. the hosted editor: the fixture build's /admin/ (CMS_BACKEND=access) on `wrangler pages dev` with the content API
//      answering from the stand-ins for GitHub and Access, as an editor Access let in;
//   2. Sveltia CMS 0.221.1 (`npm pack`), one collection, served gzip by scripts/serve.ts;
//   3. `npm run cms`'s editor: the local editor's /admin/ over the fixture build, the local backend (simple saves) answering.
// Rounds alternate (1, 2, 3, 1, 2, 3, …) on one Chromium. It prints each run's time to interactive, total blocking time,
// main-thread time and script bytes as sent, then the medians; it exits non-zero when the hosted editor's median time
// to interactive is later than Sveltia's, its blocking time over 1 s, or its script over 650 KB. Run it on a quiet
// machine (`uptime`), after `npm run test:fixture-site`. Options: --rounds N (default 3).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { ACCESS_SITE_URL, EDITOR_PROXY_PORT, FIXTURE_BUILD_DIR, FIXTURE_REPO } from "../fixture-build.ts";
import { serveFunctions, stopContentApiServers } from "../content-api-session.ts";
import { standInSettings, startContentStandIn } from "../content-api-stand-in.ts";
import { freePort, startLocalBackend } from "./local-backend.ts";
import { serve } from "./perf-lib.mjs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const settings = createRequire(import.meta.url)("./chromium.json");
const SVELTIA = "0.221.1";
const rounds = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 3;
const lighthousePath = path.join(
  root,
  "node_modules",
  "@lhci",
  "cli",
  "node_modules",
  "lighthouse",
  "core",
  "index.js",
);

/** Sveltia's package, unpacked from the registry, with an /admin/ of one collection. */
function sveltiaSite(dir) {
  execFileSync("npm", ["pack", `@sveltia/cms@${SVELTIA}`, "--silent", "--pack-destination", dir], { stdio: "ignore" });
  execFileSync("tar", ["xzf", `sveltia-cms-${SVELTIA}.tgz`], { cwd: dir });
  const site = path.join(dir, "site");
  fs.mkdirSync(path.join(site, "admin"), { recursive: true });
  fs.copyFileSync(path.join(dir, "package", "dist", "sveltia-cms.js"), path.join(site, "admin", "sveltia-cms.js"));
  fs.writeFileSync(
    path.join(site, "admin", "index.html"),
    '<!doctype html><html><head><meta charset="utf-8"><title>Content Manager</title></head>' +
      '<body><script src="sveltia-cms.js"></script></body></html>\n',
  );
  fs.writeFileSync(
    path.join(site, "admin", "config.yml"),
    "backend:\n  name: github\n  repo: firm/site\nmedia_folder: static/images\ncollections:\n" +
      "  - name: services\n    label: Services\n    folder: data/services\n    extension: yaml\n    format: yaml\n" +
      "    fields:\n      - { name: title, label: Title, widget: string }\n",
  );
  fs.writeFileSync(path.join(site, "index.html"), "<!doctype html><title>Site</title>\n");
  return site;
}

async function main() {
  if (!fs.existsSync(path.join(FIXTURE_BUILD_DIR, "admin", "index.html"))) {
    throw new Error(`No fixture build in ${FIXTURE_BUILD_DIR}: run npm run test:fixture-site first.`);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-admin-"));
  const stops = [() => fs.rmSync(work, { recursive: true, force: true })];
  try {
    const standIn = await startContentStandIn(FIXTURE_REPO, path.join(root, "data"));
    stops.unshift(() => standIn.close());
    stops.unshift(stopContentApiServers);
    await serveFunctions(
      ACCESS_SITE_URL,
      { ...standInSettings(standIn), CMS_BRANCH: "main", EDITOR_EMAILS: "@firm.example" },
      FIXTURE_BUILD_DIR,
    );
    const sveltia = await serve(sveltiaSite(work));
    stops.unshift(sveltia.stop);
    // Written here, not in .e2e-builds/local-editor/, which the browser tests serve.
    const localEditor = path.join(work, "local-editor");
    execFileSync(process.execPath, ["--import", "tsx", path.join(here, "local-editor.ts"), localEditor], { cwd: root });
    process.env.OVERLAY_DIR = localEditor;
    const local = await serve(FIXTURE_BUILD_DIR);
    delete process.env.OVERLAY_DIR;
    stops.unshift(local.stop);
    const backend = await startLocalBackend("simple", {
      port: EDITOR_PROXY_PORT,
      editorPort: Number(new URL(local.origin).port),
    });
    stops.unshift(backend.stop);

    const editors = {
      "hosted editor": {
        url: `${ACCESS_SITE_URL}/admin/`,
        headers: { "Cf-Access-Jwt-Assertion": await standIn.assertion("editor@firm.example") },
      },
      [`Sveltia ${SVELTIA}`]: { url: `${sveltia.origin}/admin/`, headers: {} },
      "npm run cms": { url: `${local.origin}/admin/`, headers: {} },
    };
    const { default: lighthouse } = await import(lighthousePath);
    // Lighthouse drives Debian's Chromium through its debugging port.
    const port = await freePort();
    const args = [...settings.args, `--remote-debugging-port=${port}`];
    const chrome = await chromium.launch({ executablePath: process.env.CHROME_PATH || settings.path, args });
    stops.unshift(() => chrome.close());
    const runs = Object.fromEntries(Object.keys(editors).map((name) => [name, []]));
    for (let round = 1; round <= rounds; round++) {
      for (const [name, { url, headers }] of Object.entries(editors)) {
        const result = await lighthouse(url, {
          port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          extraHeaders: headers,
        });
        if (result.lhr.runtimeError) throw new Error(`${name}: ${result.lhr.runtimeError.message}`);
        const { audits } = result.lhr;
        const scripts = audits["resource-summary"].details?.items?.find((item) => item.resourceType === "script");
        const figures = {
          tti: audits.interactive.numericValue / 1000,
          tbt: audits["total-blocking-time"].numericValue / 1000,
          mainThread: audits["mainthread-work-breakdown"].numericValue / 1000,
          scriptKB: (scripts?.transferSize ?? 0) / 1024,
        };
        runs[name].push(figures);
        console.log(
          `round ${round}, ${name}: TTI ${figures.tti.toFixed(2)} s, TBT ${figures.tbt.toFixed(2)} s, main thread ${figures.mainThread.toFixed(2)} s, script ${figures.scriptKB.toFixed(0)} KB`,
        );
      }
    }
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const medians = Object.fromEntries(
      Object.entries(runs).map(([name, list]) => [
        name,
        Object.fromEntries(
          ["tti", "tbt", "mainThread", "scriptKB"].map((key) => [key, +median(list.map((run) => run[key])).toFixed(2)]),
        ),
      ]),
    );
    console.table(medians);
    const ours = medians["hosted editor"];
    const problems = [
      ours.tti > medians[`Sveltia ${SVELTIA}`].tti && "its time to interactive is later than Sveltia's",
      ours.tbt > 1 && "its total blocking time is over 1 s",
      ours.scriptKB > 650 && "its script is over 650 KB",
    ].filter(Boolean);
    if (problems.length) {
      console.error(`The hosted editor's first screen: ${problems.join("; ")}.`);
      process.exitCode = 1;
    }
  } finally {
    for (const stop of stops) await stop();
  }
}

void main();
