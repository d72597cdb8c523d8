// The editor's backend on this machine (`npm run cms`), on 127.0.0.1:PORT: the live site's content service
// (functions/_lib/content/actions.ts) over this folder's git repository (stores/git.ts), with the same request checks,
// saves, history and, with CMS_EDITORIAL_WORKFLOW=true, drafts, Publish and schedules (a look for what is due every
// minute). Each save is a commit; the checked-out branch follows its branch (CMS_BRANCH), so the folder shows it.
// It answers the local editor's page only (EDITOR_PORT), refusing any other page before anything runs, and touches
// only what the content API lets an editor touch (rules.ts), never the code, secrets or .git/. Run with tsx's loader.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import cors from "cors";
import express from "express";
import { cmsBackend, LOCAL_HOSTS } from "../src/content/editor-backend.ts";
import { writeCompiledSchemas } from "../plugins/content-model/compiled-schemas.ts";
import { loadSchemas } from "../src/content/read-content.ts";

const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const repo = path.resolve(process.env.GIT_REPO_DIRECTORY ?? process.cwd());
const port = Number(process.env.PORT ?? 8081);
const editorPort = Number(process.env.EDITOR_PORT ?? 8000);
const found = cmsBackend({ CMS_BRANCH: process.env.CMS_BRANCH });
if (found.error) throw new Error(found.error);
const settings = {
  branch: found.backend.config.branch,
  workflow: process.env.CMS_EDITORIAL_WORKFLOW === "true",
  editors: [],
  publishers: [],
};

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
// The editor's page is another origin (its port): its requests, and their preflights, are let through to it alone.
app.use("/api/v1", cors({ origin: [...editors] }));
app.post("/api/v1", express.json({ limit: "50mb" }), async (req, res) => {
  await inTurn(async () => {
    if (res.closed) return;
    const { status, body } = await answer(context, req.body);
    res.status(status).json(body);
  });
});
if (settings.workflow)
  setInterval(() => inTurn(() => publishDueDrafts(store, settings, Date.now()).catch(console.error)), 60_000);
app.listen(port, "127.0.0.1", () => console.log(`The editor's local backend is on 127.0.0.1:${port}`));
