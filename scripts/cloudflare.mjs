// Serves the production build with Cloudflare's own runtime, offline: `wrangler pages dev` (workerd), which applies
// public/_headers and Cloudflare Pages' URL rules as the real host does. Used by the browser tests' "cloudflare"
// project and `npm run serve:cloudflare`. Env: PORT (default 8788), SERVE_DIR (default public).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const root = path.resolve(repo, process.env.SERVE_DIR || "public");
const port = String(process.env.PORT || 8788);
// Pinned like a wrangler.toml compatibility_date; no later than the workerd that wrangler 4.86 bundles
// (1.20260426.1) supports, or wrangler would try to look for a newer one online.
const COMPATIBILITY_DATE = "2026-04-26";

if (!fs.existsSync(path.join(root, "index.html"))) {
  console.error(`No build in ${root}: run npm run build first.`);
  process.exit(1);
}
const state = fs.mkdtempSync(path.join(os.tmpdir(), "wrangler-state-"));
const child = spawn(
  path.join(repo, "node_modules", ".bin", "wrangler"),
  [
    "pages",
    "dev",
    root,
    "--ip=127.0.0.1",
    `--port=${port}`,
    `--compatibility-date=${COMPATIBILITY_DATE}`,
    `--persist-to=${state}`,
    "--show-interactive-dev-session=false",
    "--log-level=warn",
  ],
  {
    cwd: state,
    stdio: "inherit",
    env: {
      ...process.env,
      // Nothing leaves the machine: no usage metrics, no fetch of the Request.cf object from workers.cloudflare.com,
      // and no banner, whose update check asks the npm registry for wrangler's latest version.
      WRANGLER_SEND_METRICS: "false",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_HIDE_BANNER: "true",
      WRANGLER_LOG_PATH: path.join(state, "logs"),
    },
  },
);

function stop(signal) {
  child.kill(signal);
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
child.on("exit", (code, signal) => {
  fs.rmSync(state, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
