// The commit a build is made from, written beside the editor (src/cms/live-status.ts LIVE_COMMIT_FILE) for its
// "Is it live?" line: the host's own variable (Cloudflare Pages, Netlify, GitHub Actions, Vercel), else git's HEAD.
// Served with Cache-Control: no-store (static/_headers).
import { execFileSync } from "child_process";
import fs from "fs";
import path from "path";
import { LIVE_COMMIT_FILE } from "../../../src/cms/live-status";

const HOST_COMMIT_VARIABLES = ["CF_PAGES_COMMIT_SHA", "COMMIT_REF", "GITHUB_SHA", "VERCEL_GIT_COMMIT_SHA"];

const isCommit = (value: string | undefined): value is string => /^[0-9a-f]{40}$/.test(value ?? "");

/** The full commit hash this build is made from, or null when neither the host nor git says. */
export function buildCommit(env: NodeJS.ProcessEnv, root: string): string | null {
  const fromHost = HOST_COMMIT_VARIABLES.map((name) => env[name]?.trim()).find(isCommit);
  if (fromHost) return fromHost;
  try {
    const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8", stdio: "pipe" }).trim();
    return isCommit(head) ? head : null;
  } catch {
    return null;
  }
}

export function writeBuildCommit(adminDir: string, commit: string | null): void {
  fs.writeFileSync(path.join(adminDir, LIVE_COMMIT_FILE), `${JSON.stringify({ commit })}\n`);
}
