// Serves the production build with Cloudflare's own runtime, offline (`wrangler pages dev`): public/_headers, Pages'
// URL rules and the site's functions (the content API), built once as a deploy builds them. For the browser tests and
// `npm run serve:cloudflare`. Env: PORT (8788), SERVE_DIR (public), the functions' variables (FUNCTION_VARIABLES, in a
// private .dev.vars file); with UPSTREAM (a URL), the content API's Worker route (`wrangler dev`) in front of that site.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const root = path.resolve(repo, process.env.SERVE_DIR || "public");
const port = String(process.env.PORT || 8788);
const upstream = process.env.UPSTREAM;
const workerToml = fs.readFileSync(path.join(repo, "deploy", "wrangler.toml"), "utf8");
// The Pages functions run on the Worker's compatibility date too: one date, in deploy/wrangler.toml.
const compatibilityDate = /^compatibility_date = "(.+)"$/m.exec(workerToml)[1];

if (!upstream && !fs.existsSync(path.join(root, "index.html"))) {
  console.error(`No build in ${root}: run npm run build first.`);
  process.exit(1);
}
const FUNCTION_VARIABLES = (
  "CMS_REPO CMS_BRANCH CMS_EDITORIAL_WORKFLOW ACCESS_TEAM_DOMAIN ACCESS_AUD EDITOR_EMAILS PUBLISHERS GITHUB_APP_ID " +
  "GITHUB_APP_PRIVATE_KEY GITHUB_API_URL"
).split(" ");
const vars = FUNCTION_VARIABLES.filter((name) => process.env[name]).map((name) => {
  const value = process.env[name];
  if (/[\r"\\]/.test(value)) {
    console.error(`${name} cannot be passed to wrangler: it holds a carriage return, a double quote or a backslash.`);
    process.exit(1);
  }
  // In double quotes, .dev.vars reads \n as a line break (a private key's PEM).
  return `${name}="${value.replace(/\n/g, "\\n")}"\n`;
});
const state = fs.mkdtempSync(path.join(os.tmpdir(), "wrangler-state-"));
const wrangler = path.join(repo, "node_modules", ".bin", "wrangler");
// Nothing leaves the machine: no usage metrics, no fetch of the Request.cf object from workers.cloudflare.com, and no
// banner, whose update check asks the npm registry for wrangler's latest version.
const quiet = { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_HIDE_BANNER: "true" };
/** Runs wrangler to build, in the temporary folder; it prints only its errors. */
const build = (...args) =>
  execFileSync(wrangler, [...args, `--compatibility-date=${compatibilityDate}`], {
    cwd: state,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...quiet },
  });
const built = path.join(state, "built");
const site = path.join(state, "site");
const config = path.join(state, "wrangler.toml");
// The code built once, as a deploy builds it, and run as built: given the sources, wrangler would watch them and
// every module they import, and a rebuild answers a request in flight "503 Your worker restarted mid-request".
if (upstream) {
  // deploy/wrangler.toml copied here, where wrangler writes its own files, with the Worker's path, then the bundle's.
  const at = (main) => workerToml.replace(/^main = .*$/m, `main = ${JSON.stringify(main)}`);
  fs.writeFileSync(config, at(path.join(repo, "deploy", "content-worker.ts")));
  build("deploy", "--dry-run", `--outdir=${built}`, "-c", config);
  fs.writeFileSync(config, at(path.join(built, "content-worker.js")));
} else {
  // The functions as Pages builds them, into the Worker Pages runs for a build that holds one (_worker.js), in a copy
  // of the build (with links to its files instead, wrangler took 30-50 s to answer).
  build("pages", "functions", "build", path.join(repo, "functions"), `--outdir=${built}`);
  fs.cpSync(root, site, { recursive: true });
  fs.copyFileSync(path.join(built, "index.js"), path.join(site, "_worker.js"));
}
const dotVars = path.join(state, ".dev.vars");
fs.writeFileSync(dotVars, vars.join(""), { mode: 0o600 });
const child = spawn(
  wrangler,
  [
    ...(upstream
      ? ["dev", "-c", config, "--no-bundle", `--local-upstream=${new URL(upstream).host}`]
      : ["pages", "dev", site]),
    ...(upstream ? [`--upstream-protocol=${new URL(upstream).protocol.slice(0, -1)}`, `--env-file=${dotVars}`] : []),
    "--ip=127.0.0.1",
    `--port=${port}`,
    // A devtools port of the system's choosing (0): two servers started at once (the login specs' wranglers) would
    // otherwise both take the first free one from 9229, and one of them stops answering.
    "--inspector-port=0",
    `--compatibility-date=${compatibilityDate}`,
    `--persist-to=${state}`,
    "--show-interactive-dev-session=false",
    "--log-level=warn",
  ],
  {
    cwd: state,
    stdio: "inherit",
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !FUNCTION_VARIABLES.includes(name))),
      ...quiet,
      WRANGLER_LOG_PATH: path.join(state, "logs"),
      // No devtools proxy (left to VS Code's debugger when set): it copies every response body the functions fetch
      // to wrangler's node process and log, which made a 1.8 MB script 2.6 times as slow.
      VSCODE_INSPECTOR_OPTIONS: "{}",
    },
  },
);

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
/** wrangler's own log, when it reported an error: printed before its folder goes, so a failed run can be read. */
function printErrorLogs() {
  const logs = path.join(state, "logs");
  if (!fs.existsSync(logs)) return;
  for (const name of fs.readdirSync(logs)) {
    const text = fs.readFileSync(path.join(logs, name), "utf8");
    if (/\bERROR\b|Error:/.test(text))
      console.error(`wrangler's log (${name}), last lines:\n${text.split("\n").slice(-60).join("\n")}`);
  }
}
child.on("exit", (code, signal) => {
  printErrorLogs();
  fs.rmSync(state, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
