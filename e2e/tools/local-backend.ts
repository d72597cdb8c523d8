/**
 * The editor's local backend (scripts/local-backend.mjs, as `npm run cms` runs it) for the tests, on a temporary
 * repository holding a copy of data/ in one commit, with main checked out: saves as commits on main (`simple`), or
 * drafts on branches of their own (`drafts`, CMS_EDITORIAL_WORKFLOW=true). The editor's browser tests (e2e/local-proxy.ts) and the unit tests of the editor's store start it here.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "..", "..");

/** A port nothing listens on, on 127.0.0.1 (`port` itself, or refused where it is taken). */
export function freePort(port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface LocalBackend {
  /** The temporary repository: data/ is at `${repo}/data`. */
  repo: string;
  /** The backend's API (what Decap's proxy backend is pointed at). */
  url: string;
  /** git in the repository, returning its output. */
  git(...args: string[]): string;
  /** Puts the repository back as it started: its one commit, checked out, and no other branch. */
  reset(): Promise<void>;
  /** Stops the backend and removes the repository. */
  stop(): Promise<void>;
}

/**
 * Starts the backend on a copy of data/ (`dataDir`, data/ by default): on `port`, or on a free one, answering the
 * editor at `editorPort` (npm run cms's default, 8000, unless the test serves it elsewhere).
 */
export async function startLocalBackend(
  mode: "simple" | "drafts",
  {
    port,
    dataDir = path.join(root, "data"),
    editorPort = 8000,
  }: { port?: number; dataDir?: string; editorPort?: number } = {},
): Promise<LocalBackend> {
  const taken =
    port !== undefined &&
    !(await freePort(port).then(
      () => true,
      () => false,
    ));
  if (taken)
    throw new Error(`Port ${port} is taken (is \`npm run cms\` running?): the tests start their own backend there.`);
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), `cms-${mode}-`));
  fs.cpSync(dataDir, path.join(repo, "data"), { recursive: true });
  const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { encoding: "utf8" });
  git("init", "-q", "-b", "main");
  git("config", "user.email", "editor@example.com");
  git("config", "user.name", "Test editor");
  git("add", "-A");
  git("commit", "-q", "-m", "Content");
  const initial = git("rev-parse", "HEAD").trim();
  const listen = port ?? (await freePort());
  const url = `http://127.0.0.1:${listen}/api/v1`;
  // From the project's folder, where `--import tsx` finds tsx; the backend serves GIT_REPO_DIRECTORY.
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "local-backend.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(listen),
      EDITOR_PORT: String(editorPort),
      CMS_EDITORIAL_WORKFLOW: String(mode === "drafts"),
      GIT_REPO_DIRECTORY: repo,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(repo, { recursive: true, force: true });
  };
  const info = (ms: number) =>
    fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"action":"info"}',
      signal: AbortSignal.timeout(ms),
    }).then(
      (response) => response.ok,
      () => false,
    );
  const reset = async () => {
    // After a request still under way: the backend answers one at a time, and `info` waits its turn.
    if (!(await info(30_000)))
      throw new Error(`The local backend at ${url} did not answer in 30 s: is its queue held?`);
    git("checkout", "-qf", "main");
    git("reset", "-q", "--hard", initial);
    git("clean", "-qfdx");
    const drafts = git("for-each-ref", "--format=%(refname:short)", "refs/heads/").split("\n");
    const others = drafts.filter((branch) => branch && branch !== "main");
    if (others.length) git("branch", "-qD", ...others);
  };
  // Ready when it answers Decap's first question.
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    if (await info(5_000)) return { repo, url, git, reset, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The local backend did not start on ${url}`);
}
