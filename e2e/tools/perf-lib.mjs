// What the scripts that load the built site in a browser share (speed-gate, screenshots): a build served by
// scripts/serve.ts on a free port, and Debian's Chromium (or CHROME_PATH) launched with the flags every script here
// uses (e2e/tools/chromium.json).
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const settings = createRequire(import.meta.url)("./chromium.json");

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** scripts/serve.ts on `dir` (its _headers applied), until stop(). */
export async function serve(dir) {
  const port = await freePort();
  const child = spawn(path.join(root, "node_modules", ".bin", "tsx"), [path.join(root, "scripts", "serve.ts")], {
    env: { ...process.env, PORT: String(port), SERVE_DIR: dir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => String(chunk).includes("Serving") && resolve());
    child.once("exit", () => reject(new Error(`scripts/serve.ts stopped before serving ${dir}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}

export const launchChromium = () =>
  chromium.launch({ executablePath: process.env.CHROME_PATH || settings.path, args: settings.args });
