/**
 * The servers the browser tests run against, each started when the first test that needs it starts (a project names
 * them in its `servers` option: e2e/fixtures.ts), once for the run, whichever worker asks first, and stopped when the
 * run ends (this module's default export is the run's global setup, which returns its teardown). So a run of one
 * project starts only that project's servers. A server already answering is used as it is, unless under CI.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import path from "node:path";
import { FIXTURE_BUILD_DIR, FIXTURE_SITE_URL } from "./fixture-build";

const PORT = Number(process.env.E2E_PORT || 9323);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const CLOUDFLARE_URL = `http://127.0.0.1:${PORT + 1}`;
// nginx serves HTTPS as deployed, with a self-signed certificate of the run's own, and sends plain HTTP there.
export const NGINX_URL = `https://127.0.0.1:${PORT + 2}`;
export const NGINX_HTTP_URL = `http://127.0.0.1:${PORT + 6}`;
// No published build has an editor for local editing: the editor's specs get it from e2e/tools/local-editor.ts, served
// over the build by our server.
export const LOCAL_EDITOR_URL = `http://127.0.0.1:${PORT + 7}`;
const LOCAL_EDITOR_DIR = ".e2e-builds/local-editor";

const root = path.resolve(__dirname, "..");
const run = path.join(root, ".e2e-builds", "servers");
const port = (url: string) => new URL(url).port;

/**
 * A server: its command, environment and address. With `listening`, it is ready as soon as it listens (the fixture
 * build may not exist yet: text-is-text.spec.ts then says so); otherwise when `/` answers.
 */
type Server = { command: string; url: string; env?: Record<string, string>; listening?: boolean };
const SERVERS = {
  site: { command: "tsx scripts/serve.ts", url: BASE_URL },
  cloudflare: { command: "node scripts/cloudflare.mjs", url: CLOUDFLARE_URL },
  nginx: { command: "node scripts/nginx.mjs", url: NGINX_URL, env: { HTTP_PORT: port(NGINX_HTTP_URL) } },
  fixtureSite: {
    command: "tsx scripts/serve.ts",
    url: FIXTURE_SITE_URL,
    env: { SERVE_DIR: FIXTURE_BUILD_DIR },
    listening: true,
  },
  localEditor: {
    command: `tsx e2e/tools/local-editor.ts ${LOCAL_EDITOR_DIR} && tsx scripts/serve.ts`,
    url: LOCAL_EDITOR_URL,
    env: { OVERLAY_DIR: LOCAL_EDITOR_DIR },
  },
} satisfies Record<string, Server>;
export type ServerName = keyof typeof SERVERS;

/** Whether the server answers: it listens, or with `listening` false, `/` answers with no server error. */
function answers({ url, listening = false }: Server): Promise<boolean> {
  const { hostname, port } = new URL(url);
  if (listening)
    return new Promise((resolve) => {
      const socket = net.connect(Number(port), hostname, () => resolve(!!socket.end()));
      socket.once("error", () => resolve(false));
    });
  // The self-signed certificate of nginx's run is trusted here, for this question only.
  const agent = url.startsWith("https:") ? new https.Agent({ rejectUnauthorized: false }) : undefined;
  return new Promise((resolve) => {
    (url.startsWith("https:") ? https : http)
      .get(`${url}/`, { agent }, (response) => {
        response.resume();
        resolve(response.statusCode! < 500);
      })
      .once("error", () => resolve(false));
  });
}

/** Starts `name` unless another worker has (its pid file), or it already answers; then waits until it answers. */
async function ensure(name: ServerName): Promise<void> {
  const server: Server = SERVERS[name];
  let claimed: number | null = null;
  try {
    claimed = fs.openSync(path.join(run, `${name}.pid`), "wx");
  } catch {
    // Another worker started it.
  }
  if (claimed !== null) {
    if (await answers(server)) {
      if (process.env.CI) throw new Error(`${server.url} is taken: the run starts its own ${name} server there.`);
      return fs.closeSync(claimed);
    }
    const log = fs.openSync(path.join(run, `${name}.log`), "w");
    // Its own process group, so the teardown stops it and what it started; its output in the log, not in a worker's
    // pipe that closes when the worker ends.
    const child = spawn(server.command, {
      cwd: root,
      shell: true,
      detached: true,
      stdio: ["ignore", log, log],
      env: { ...process.env, PORT: port(server.url), ...server.env },
    });
    fs.writeSync(claimed, String(child.pid));
    fs.closeSync(claimed);
    child.unref();
  }
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (await answers(server)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const log = fs.readFileSync(path.join(run, `${name}.log`), "utf8").slice(-2000);
  throw new Error(`The ${name} server did not answer at ${server.url} within 60 s. Its output:\n${log}`);
}

/** Makes sure the servers named are running. */
export const ensureServers = (names: ServerName[]) => Promise.all(names.map(ensure));

/** Stops every server the run started: SIGTERM to its group, then SIGKILL to what is left after 5 s. */
async function stopAll(): Promise<void> {
  const pids = fs.existsSync(run)
    ? fs
        .readdirSync(run)
        .filter((file) => file.endsWith(".pid"))
        .map((file) => Number(fs.readFileSync(path.join(run, file), "utf8")))
        .filter(Boolean)
    : [];
  const alive = (pid: number) => {
    try {
      return process.kill(-pid, 0);
    } catch {
      return false;
    }
  };
  for (const pid of pids.filter(alive)) process.kill(-pid, "SIGTERM");
  for (const deadline = Date.now() + 5_000; pids.some(alive) && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const pid of pids.filter(alive)) process.kill(-pid, "SIGKILL");
  fs.rmSync(run, { recursive: true, force: true });
}

/** The run's global setup: no server recorded yet (a run that was killed leaves its records); its teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  fs.rmSync(run, { recursive: true, force: true });
  fs.mkdirSync(run, { recursive: true });
  return stopAll;
}
