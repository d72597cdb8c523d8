// The editor's backend on this machine (`npm run cms`): decap-server's middlewares (MODE: fs or git) on
// 127.0.0.1:PORT, plus `history`, a file's versions from git, and in git mode scheduled publishing (local-schedule.ts).
// It answers the local editor's page only (EDITOR_PORT), refusing any other page before anything runs, and touches
// only what the content API lets an editor touch (rules.ts), never the code, secrets or .git/. Run with tsx's loader.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import cors from "cors";
import express from "express";
import middlewares from "decap-server/dist/middlewares.js";
import { HISTORY_MAX, pathsOf, requestProblem } from "../functions/_lib/content/rules.ts";
import { cmsBackend, LOCAL_HOSTS } from "../src/content/editor-backend.ts";
import { localSchedule } from "./local-schedule.ts";

const repo = path.resolve(process.env.GIT_REPO_DIRECTORY ?? process.cwd());
const mode = process.env.MODE ?? "fs";
const port = Number(process.env.PORT ?? 8081);
const editorPort = Number(process.env.EDITOR_PORT ?? 8000);
const found = cmsBackend({ CMS_BRANCH: process.env.CMS_BRANCH });
if (found.error) throw new Error(found.error);
const { branch } = found.backend.config;

const run = promisify(execFile);
// git runs in the folder and its errors are answered with the folder's path taken out: a page sees no absolute path.
const withoutFolder = (text) => String(text).replaceAll(`${repo}${path.sep}`, "").replaceAll(repo, ".");
const git = async (...args) =>
  (
    await run("git", args, { cwd: repo, maxBuffer: 16 << 20 }).catch((error) => {
      throw new Error(withoutFolder(error.stderr || error.message));
    })
  ).stdout;
const FORMAT = "--format=%H%x1f%aI%x1f%an%x1f%ae";

async function history({ branch: ref, path: file, from, count = 1 }) {
  if (typeof file !== "string") throw new Error("history names a file under data/");
  const start = from ?? (mode === "git" ? ref : "HEAD");
  if (typeof start !== "string" || !/^[\w./-]+$/.test(start) || start.startsWith("-")) {
    throw new Error("history names a branch or commit");
  }
  const log = await git("log", `-n${Math.min(count, HISTORY_MAX)}`, FORMAT, start, "--", file).catch((error) => {
    if (/not a git repository/i.test(error.message)) return null;
    throw error;
  });
  if (log === null) return { versions: [], note: "No history: this folder is not a git repository." };
  const commits = log.split("\n").filter(Boolean);
  const versions = await Promise.all(
    commits.map(async (line) => {
      const [sha, date, name, email] = line.split("\x1f");
      return { sha, date, author: name || email, text: await git("show", `${sha}:${file}`).catch(() => null) };
    }),
  );
  return { versions };
}

/** Why a path under data/ is refused on disk: it, a folder on its way, or anything a folder lists is a link. */
async function linkProblem(file) {
  const parts = file.split("/");
  for (let i = 1; i <= parts.length; i++) {
    const stat = await fs.lstat(path.join(repo, ...parts.slice(0, i))).catch(() => null);
    if (stat?.isSymbolicLink()) return `"${file}" is a link, not a file under data/`;
    if (stat === null) break;
    if (i === parts.length && stat.isDirectory()) {
      const entries = await fs.readdir(path.join(repo, file), { recursive: true, withFileTypes: true });
      const link = entries.find((entry) => entry.isSymbolicLink());
      if (link)
        return `"${path.relative(repo, path.join(link.parentPath, link.name))}" is a link, not a file under data/`;
    }
  }
  return null;
}

const refuse = (res, status, why) => res.status(status).json({ error: `Refused: ${why}. Nothing was changed.` });
const hosts = new Set(LOCAL_HOSTS.map((host) => `${host}:${port}`));
const editors = new Set(LOCAL_HOSTS.map((host) => `http://${host}:${editorPort}`));

const app = express();
app.use((req, res, next) => {
  if (!hosts.has(req.headers.host ?? "")) return refuse(res, 403, `this backend answers at ${[...hosts][0]} only`);
  const origin = req.headers.origin;
  if (origin !== undefined && !editors.has(origin)) {
    return refuse(res, 403, `this backend answers the editor at ${[...editors][0]}/admin/ only`);
  }
  next();
});
// decap-server's git mode runs one request at a time, and answers 500 to one that waits over 3 s for its turn: the
// editor asks for a dozen files at once as it opens, so on a busy machine they wait here instead, in turn.
// A page may leave while its request is checked, before it joins the queue: `res.closed` says so then.
let queue = Promise.resolve();
function inTurn(req, res, next) {
  const closed = new Promise((resolve) => (res.closed ? resolve() : res.once("close", resolve)));
  queue = queue.then(() => {
    if (res.closed) return; // the editor stopped waiting
    next();
    return closed;
  });
}
app.post("/api/v1", cors({ origin: [...editors] }), express.json({ limit: "50mb" }), async (req, res, next) => {
  const problem =
    requestProblem(req.body, { branch, workflow: mode === "git" }) ??
    (await Promise.all(pathsOf(req.body.params).map(linkProblem))).find(Boolean) ??
    null;
  if (problem) return refuse(res, 403, problem);
  if (mode === "git") inTurn(req, res, next);
  else next();
});
// The git mode's drafts are scheduled too: the board's list, "Publish at", and a look for what is due every minute.
const { publishDue, ...scheduling } = mode === "git" ? localSchedule(git, branch) : {};
if (publishDue) setInterval(() => (queue = queue.then(() => publishDue(Date.now()).catch(console.error))), 60_000);
const own = { history, ...scheduling };
app.post("/api/v1", (req, res, next) => {
  if (!Object.hasOwn(own, req.body.action)) return next();
  own[req.body.action](req.body.params).then(
    (answer) => res.json(answer),
    (error) => res.status(422).json({ error: error.message }),
  );
});
await (mode === "git" ? middlewares.registerLocalGit : middlewares.registerLocalFs)(app, {
  logLevel: process.env.LOG_LEVEL,
});
app.listen(port, "127.0.0.1", () => console.log(`The editor's local backend (${mode}) is on 127.0.0.1:${port}`));
