// `npm run cms`: content editing on this machine, with no account. Starts the editor's local backend (the live site's
// content service over this folder's git repository, local-backend.mjs, on 127.0.0.1:8081: each save a commit on
// CMS_BRANCH, main) and `gatsby develop`; the editor is at http://localhost:8000/admin/ and the site beside it at
// http://localhost:8000/ shows every save live. With CMS_EDITORIAL_WORKFLOW=true each save is a draft committed on a
// branch of its own (cms/<collection>/<slug>), and Publish merges it into the branch, checked as the live site checks
// it; the editor follows the backend's mode.
// Stopping this (Ctrl+C) stops both. gatsby develop runs in a folder of its own outside the project (links to its
// files), so its .cache/ and public/ are not the ones `npm run build` and `npm test` write: both can run beside it.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PROXY_PORT = 8081; // src/content/editor-backend.ts LOCAL_PROXY_PORT: the address the editor looks for.

try {
  execFileSync("git", ["-C", repo, "rev-parse", "--verify", "HEAD"], { stdio: "pipe" });
} catch {
  console.error(
    `The editor commits each save, but ${repo} is not a git repository with a commit.\n` +
      'Run `git init && git add -A && git commit -m "Content"` there first.',
  );
  process.exit(1);
}

const free = await new Promise((resolve) => {
  const server = net.createServer().once("error", () => resolve(false));
  server.listen(PROXY_PORT, "127.0.0.1", () => server.close(() => resolve(true)));
});
if (!free) {
  console.error(`Port ${PROXY_PORT} is in use: is another \`npm run cms\` running? Stop it first.`);
  process.exit(1);
}

// The port gatsby develop serves the editor on (its -p/--port, or PORT, or 8000): the one page the backend answers.
const args = process.argv.slice(2);
const at = args.findIndex((arg) => /^(-p|--port)(=|$)/.test(arg));
const editorPort = at < 0 ? process.env.PORT || "8000" : (args[at].split("=")[1] ?? args[at + 1]);

// The site for gatsby develop: links to the project's files, and copies of the code Gatsby compiles (gatsby-*,
// plugins/, src/): it compiles those only where they are, and through a link webpack and Gatsby's query extraction name
// a component by two paths, so no page would get its static queries. One folder a project, kept between runs, so
// Gatsby's cache stays warm.
const site = path.join(os.tmpdir(), `cms-site${repo.replace(/[^\w.]+/g, "-")}`);
fs.mkdirSync(site, { recursive: true });
// What the last run linked or copied goes (a link, never what it points to); Gatsby's cache and output stay.
for (const entry of fs.readdirSync(site))
  if (!/^(\.cache|public)$/.test(entry)) fs.rmSync(path.join(site, entry), { recursive: true });
for (const entry of fs.readdirSync(repo).filter((name) => !/^(\.cache|public|\.git)$/.test(name))) {
  const [from, to] = [path.join(repo, entry), path.join(site, entry)];
  if (/^gatsby-|^(plugins|src)$/.test(entry)) fs.cpSync(from, to, { recursive: true });
  else fs.symlinkSync(from, to);
}

const children = [
  spawn(process.execPath, ["--import", "tsx", path.join(repo, "scripts", "local-backend.mjs")], {
    cwd: repo,
    stdio: "inherit",
    env: {
      ...process.env,
      PORT: String(PROXY_PORT),
      EDITOR_PORT: editorPort,
      GIT_REPO_DIRECTORY: repo,
    },
  }),
  spawn(path.join(repo, "node_modules", ".bin", "gatsby"), ["develop", ...args], {
    cwd: site,
    stdio: "inherit",
    // As package.json runs Gatsby: nothing reaches Gatsby's telemetry, no feedback prompt.
    env: { GATSBY_TELEMETRY_DISABLED: "1", GATSBY_FEEDBACK_DISABLED: "1", GATSBY_LOGGER: "yurnalist", ...process.env },
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  process.exitCode = code;
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
