// What the scripts that load the built site in a browser share (speed-gate, screenshots): a build served by
// scripts/serve.ts on a free port, and Debian's Chromium (or CHROME_PATH) launched with the flags every script here
// uses (e2e/tools/chromium.json).
import { spawn } from "node:child_process";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const settings = createRequire(import.meta.url)("./chromium.json");

/** scripts/serve.ts on `dir` (its _headers applied), until stop(). */
export async function serve(dir) {
  const child = spawn(path.join(root, "node_modules", ".bin", "tsx"), [path.join(root, "scripts", "serve.ts")], {
    env: { ...process.env, PORT: "0", SERVE_DIR: dir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const origin = await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      const serving = /^Serving .* at (http:\/\/\S+)/m.exec(String(chunk));
      if (serving) resolve(serving[1]);
    });
    child.once("exit", () => reject(new Error(`scripts/serve.ts stopped before serving ${dir}`)));
  });
  return { origin, stop: () => child.kill("SIGTERM") };
}

export const launchChromium = () =>
  chromium.launch({ executablePath: process.env.CHROME_PATH || settings.path, args: settings.args });
