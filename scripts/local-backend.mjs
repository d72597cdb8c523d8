// The editor's backend on this machine (`npm run cms`): Decap's own local proxy (decap-server's middlewares, in its
// file or git mode as MODE says, on GIT_REPO_DIRECTORY), bound to 127.0.0.1:PORT, with one action more in the same
// protocol — `history`, a content file's versions from the folder's git repository, newest first, each with the
// file's text then (the content API answers it from GitHub: functions/_lib/content/actions.ts).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import cors from "cors";
import express from "express";
import middlewares from "decap-server/dist/middlewares.js";

const repo = path.resolve(process.env.GIT_REPO_DIRECTORY ?? process.cwd());
const mode = process.env.MODE ?? "fs";
const run = promisify(execFile);
const git = async (...args) => (await run("git", ["-C", repo, ...args], { maxBuffer: 16 << 20 })).stdout;
const FORMAT = "--format=%H%x1f%aI%x1f%an%x1f%ae";

async function history({ branch, path: file, from, count }) {
  const ref = from ?? (mode === "git" ? branch : "HEAD");
  const inside = path.relative(repo, path.resolve(repo, String(file)));
  if (typeof ref !== "string" || !/^[\w./-]+$/.test(ref) || ref.startsWith("-") || /^\.\.|^\/|^$/.test(inside)) {
    throw new Error("history names a file in this folder and a branch or commit");
  }
  const log = await git("log", `-n${Math.min(Number(count) || 1, 50)}`, FORMAT, ref, "--", inside).catch((error) => {
    if (/not a git repository/i.test(String(error.stderr))) return null;
    throw error;
  });
  if (log === null) return { versions: [], note: "No history: this folder is not a git repository." };
  const commits = log.split("\n").filter(Boolean);
  const versions = await Promise.all(
    commits.map(async (line) => {
      const [sha, date, name, email] = line.split("\x1f");
      return { sha, date, author: name || email, text: await git("show", `${sha}:${inside}`).catch(() => null) };
    }),
  );
  return { versions };
}

const app = express();
const local = /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/;
app.post("/api/v1", cors({ origin: local }), express.json({ limit: "50mb" }), (req, res, next) => {
  if (req.body?.action !== "history") return next();
  history(req.body.params ?? {}).then(
    (answer) => res.json(answer),
    (error) => res.status(422).json({ error: error.message }),
  );
});
await (mode === "git" ? middlewares.registerLocalGit : middlewares.registerLocalFs)(app, {
  logLevel: process.env.LOG_LEVEL,
});
const port = Number(process.env.PORT ?? 8081);
app.listen(port, "127.0.0.1", () => console.log(`The editor's local backend (${mode}) is on 127.0.0.1:${port}`));
