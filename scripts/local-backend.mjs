// The editor's backend on this machine (`npm run cms`), on 127.0.0.1:PORT. With drafts (MODE=git) it is the live
// site's content service (functions/_lib/content/actions.ts) over this folder's git repository (stores/git.ts): the
// same request checks, saves, drafts, Publish, schedules (a look for what is due every minute) and history. Without
// (MODE=fs) decap-server's file mode reads and writes the working tree, and history comes from the same service.
// It answers the local editor's page only (EDITOR_PORT), refusing any other page before anything runs, and touches
// only what the content API lets an editor touch (rules.ts), never the code, secrets or .git/. Run with tsx's loader.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import cors from "cors";
import express from "express";
import middlewares from "decap-server/dist/middlewares.js";
import { pathsOf, requestProblem } from "../functions/_lib/content/rules.ts";
import { cmsBackend, LOCAL_HOSTS } from "../src/content/editor-backend.ts";
import { writeCompiledSchemas } from "../plugins/content-model/compiled-schemas.ts";
import { loadSchemas } from "../src/content/read-content.ts";

const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const repo = path.resolve(process.env.GIT_REPO_DIRECTORY ?? process.cwd());
const mode = process.env.MODE ?? "fs";
const port = Number(process.env.PORT ?? 8081);
const editorPort = Number(process.env.EDITOR_PORT ?? 8000);
const found = cmsBackend({ CMS_BRANCH: process.env.CMS_BRANCH });
if (found.error) throw new Error(found.error);
const settings = { branch: found.backend.config.branch, workflow: mode === "git", editors: [], publishers: [] };

// The content check's compiled validators, as a build writes them, where no build has yet.
if (!fs.existsSync(path.join(project, "src/content/schemas.generated.js"))) {
  writeCompiledSchemas(loadSchemas(path.join(project, "data")), project);
}
const { answer, publishDueDrafts } = await import("../functions/_lib/content/actions.ts");
const { gitStore } = await import("../functions/_lib/content/stores/git.ts");
const store = gitStore(repo);
const person = (key) => {
  try {
    return execFileSync("git", ["config", `user.${key}`], { cwd: repo, encoding: "utf8" }).trim();
  } catch {
    return "";
  }
};
const email = person("email") || "editor@localhost";
const context = { store, settings, editor: { name: person("name") || email, email } };

/** Why a path under data/ is refused on disk: it, a folder on its way, or anything a folder lists is a link. */
function linkProblem(file) {
  const parts = file.split("/");
  for (let i = 1; i <= parts.length; i++) {
    const stat = fs.lstatSync(path.join(repo, ...parts.slice(0, i)), { throwIfNoEntry: false });
    if (stat?.isSymbolicLink()) return `"${file}" is a link, not a file under data/`;
    if (!stat) break;
    if (i === parts.length && stat.isDirectory()) {
      const entries = fs.readdirSync(path.join(repo, file), { recursive: true, withFileTypes: true });
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
// One request at a time: a Publish moves the checked-out branch with the folder's own index. A page may leave while
// its request waits: `res.closed` says so then.
let queue = Promise.resolve();
const inTurn = (work) => (queue = queue.then(work, work));
const isGit = fs.existsSync(path.join(repo, ".git"));
app.post("/api/v1", cors({ origin: [...editors] }), express.json({ limit: "50mb" }), async (req, res, next) => {
  const problem = requestProblem(req.body, settings) ?? pathsOf(req.body.params).map(linkProblem).find(Boolean);
  if (problem) return refuse(res, 403, problem);
  if (mode === "fs" && req.body?.action !== "history") return next();
  if (!isGit) return res.json({ versions: [], note: "No history: this folder is not a git repository." });
  await inTurn(async () => {
    if (res.closed) return;
    const { status, body } = await answer(context, req.body);
    res.status(status).json(body);
  });
});
if (mode === "git")
  setInterval(() => inTurn(() => publishDueDrafts(store, settings, Date.now()).catch(console.error)), 60_000);
else await middlewares.registerLocalFs(app, { logLevel: process.env.LOG_LEVEL });
app.listen(port, "127.0.0.1", () => console.log(`The editor's local backend (${mode}) is on 127.0.0.1:${port}`));
