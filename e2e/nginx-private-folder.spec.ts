// nginx (scripts/nginx.mjs, `npm run serve:nginx`) on a build in a private folder: a 0700 folder inside a 0700 folder,
// as a checkout in /root or any home directory is. Started as root (as CI runs), nginx's master would hand the requests
// to workers that run as "nobody"; they must still read the build. Run by the "nginx" project only
// (playwright.config.ts). No browser: the test starts its own nginx on a free port and speaks HTTPS to it.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test, expect } from "@playwright/test";
import { freePort } from "./tools/local-backend";

const repo = path.resolve(__dirname, "..");
const asRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** A copy of the build in <0700 temp folder>/checkout/public, with checkout and public 0700 too; removed by cleanup. */
function privateCopy(): { site: string; cleanup: () => void } {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "private-checkout-"));
  fs.chmodSync(parent, 0o700);
  const site = path.join(parent, "checkout", "public");
  fs.mkdirSync(site, { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(site), 0o700);
  fs.cpSync(path.join(repo, "public"), site, { recursive: true });
  fs.chmodSync(site, 0o700);
  return { site, cleanup: () => fs.rmSync(parent, { recursive: true, force: true }) };
}

/** Starts scripts/nginx.mjs on the folder; output is collected; stop() ends it and waits for its exit. */
function startNginx(site: string, port: number) {
  const child: ChildProcess = spawn(process.execPath, [path.join(repo, "scripts", "nginx.mjs")], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), SERVE_DIR: site },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

test(`serves a build in a 0700 folder inside a 0700 folder${asRoot ? " (as root)" : ""}: the pages and the 404`, async ({
  request,
}) => {
  const { site, cleanup } = privateCopy();
  const port = await freePort();
  const nginx = startNginx(site, port);
  try {
    // The script prints this line once nginx has served the home page itself.
    await expect.poll(nginx.output, { timeout: 20_000 }).toContain(`nginx serves ${site}`);
    // HTTPS with the run's own certificate: the project's requests do not check it (ignoreHTTPSErrors).
    const home = await request.get(`https://127.0.0.1:${port}/`);
    expect(home.status()).toBe(200);
    expect(await home.text()).toContain("<h1");
    expect((await request.get(`https://127.0.0.1:${port}/about/`)).status()).toBe(200);
    const missing = await request.get(`https://127.0.0.1:${port}/no-such-page/`);
    expect(missing.status()).toBe(404);
    expect(missing.headers()["content-security-policy"]).toContain("default-src 'self'");
    expect(nginx.output()).not.toContain("Permission denied");
  } finally {
    await nginx.stop();
    cleanup();
  }
});
