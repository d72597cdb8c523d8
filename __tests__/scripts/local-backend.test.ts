/**
 * `npm run cms`'s backend (scripts/local-backend.mjs) is driven by its own editor only, and touches only the content:
 * a page of another name (DNS rebinding), a page posting from elsewhere, a path outside data/ or through a link, a
 * history page without bounds are refused before anything is read or written.
 * @jest-environment node
 */
import { execFileSync } from "child_process";
import fs from "fs";
import http from "http";
import os from "os";
import path from "path";
import { startLocalBackend, type LocalBackend } from "../../e2e/tools/local-backend";

const EDITOR_PORT = 8000;
const SECRET = "GITHUB_APP_PRIVATE_KEY=never-leaves-this-machine";

/** Posts `body` to the backend as a browser would: with `headers` (Host and Origin as the page's). */
function post(backend: LocalBackend, body: unknown, headers: Record<string, string> = {}) {
  const url = new URL(backend.url);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      url,
      // A connection of its own (agent: false), closed with the answer: no socket outlives the test.
      { method: "POST", headers: { "Content-Type": "application/json", ...headers }, agent: false },
      (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, text }));
      },
    );
    request.on("error", reject).end(JSON.stringify(body));
  });
}

const editor = { Origin: `http://localhost:${EDITOR_PORT}` };
/** A save as the editor makes it with drafts (git mode): a draft of the service `x`. */
const save = (file: string, raw: string, useWorkflow = true, versions = {}) => ({
  action: "persistEntry",
  params: {
    branch: "main",
    dataFiles: [{ slug: "x", path: file, raw }],
    assets: [],
    options: { collectionName: "services", commitMessage: "Edit", useWorkflow, status: "draft" },
    versions,
  },
});
const read = (file: string) => ({ action: "getEntry", params: { branch: "main", path: file } });
const list = (folder: string) => ({ action: "entriesByFolder", params: { branch: "main", folder, extension: "yaml" } });
const history = (params: object) => ({
  action: "history",
  params: { branch: "main", path: "data/firm.yaml", ...params },
});

let backend: LocalBackend;
/** Every file of the folder but .git's objects and logs, with its bytes: what a refused request must leave alone. */
const snapshot = () =>
  Object.fromEntries(
    fs
      .readdirSync(backend.repo, { recursive: true, encoding: "utf8" })
      .filter((file) => !/^\.git\/(objects|logs)\//.test(file) && fs.statSync(path.join(backend.repo, file)).isFile())
      .map((file) => [file, fs.readFileSync(path.join(backend.repo, file), "utf8")]),
  );

beforeAll(async () => {
  backend = await startLocalBackend("drafts", { editorPort: EDITOR_PORT });
  fs.writeFileSync(path.join(backend.repo, ".dev.vars"), `${SECRET}\n`);
  fs.writeFileSync(path.join(backend.repo, "package.json"), '{ "scripts": {} }\n');
  // Links where the content check reads no file (a link where it reads one would fail every save, as it fails a build).
  fs.mkdirSync(path.join(backend.repo, "data", "notes", "deeper"), { recursive: true });
  fs.symlinkSync("../../.dev.vars", path.join(backend.repo, "data", "notes", "link.yaml"));
  fs.symlinkSync("../../../.dev.vars", path.join(backend.repo, "data", "notes", "deeper", "x.yaml"));
  backend.git("add", "-A");
  backend.git("commit", "-qm", "Code and content");
}, 30_000);
afterAll(() => backend.stop());

test("the editor's own page reads and saves content", async () => {
  const firm = fs.readFileSync(path.join(backend.repo, "data/firm.yaml"), "utf8");
  const answer = await post(backend, read("data/firm.yaml"), editor);
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.text).data).toBe(firm);
  // At 127.0.0.1 too, and from a tool on this machine, which sends no Origin.
  const local = { Host: new URL(backend.url).host, Origin: `http://127.0.0.1:${EDITOR_PORT}` };
  const version = { "data/firm.yaml": JSON.parse(answer.text).file.id };
  expect((await post(backend, save("data/firm.yaml", `${firm}# saved\n`, true, version), local)).status).toBe(200);
  expect(backend.git("show", "cms/services/x:data/firm.yaml")).toBe(`${firm}# saved\n`);
  expect((await post(backend, history({ count: 2 }))).status).toBe(200);
});

test.each([
  ["another Host (a name rebound to 127.0.0.1)", read("data/firm.yaml"), { Host: "attacker.example:8081" }],
  ["a Host with another port", read("data/firm.yaml"), { Host: "127.0.0.1:1" }],
  ["a foreign Origin", read("data/firm.yaml"), { Origin: "https://attacker.example" }],
  ["another local page's Origin", read("data/firm.yaml"), { Origin: "http://localhost:3000" }],
  ["a foreign Origin, asking the backend's name", { action: "info" }, { Origin: "http://attacker.example" }],
  ["a write to .git/config", save(".git/config", "[core]\n\tfsmonitor = touch pwned\n"), editor],
  ["a write to package.json", save("package.json", '{ "scripts": { "postinstall": "x" } }'), editor],
  ["a write to the schemas", save("data/schema/firm.schema.json", "{}"), editor],
  ["a save past review, with drafts on", save("data/firm.yaml", "name: x\n", false), editor],
  ["a read of .dev.vars", read(".dev.vars"), editor],
  ["a read of package.json", read("package.json"), editor],
  ["a read through a link in data/", read("data/notes/link.yaml"), editor],
  ["a read of data/ through ..", read("data/../.dev.vars"), editor],
  ["a listing of data/ itself", list("data"), editor],
  [
    "an image written to .git/",
    {
      action: "persistMedia",
      params: {
        branch: "main",
        asset: { path: ".git/hooks/pre-commit", content: "eA==", encoding: "base64" },
        options: { commitMessage: "x" },
      },
    },
    editor,
  ],
  [
    "a delete of a path given as text",
    { action: "deleteFiles", params: { branch: "main", paths: "package.json", options: { commitMessage: "x" } } },
    editor,
  ],
  [
    "a delete outside data/",
    { action: "deleteFiles", params: { branch: "main", paths: ["package.json"], options: { commitMessage: "x" } } },
    editor,
  ],
  ["another branch", { action: "getEntry", params: { branch: "other", path: "data/firm.yaml" } }, editor],
  [
    "a draft named with ..",
    { action: "publishUnpublishedEntry", params: { branch: "main", collection: "..", slug: "x" } },
    editor,
  ],
  ["a history of .dev.vars", history({ path: ".dev.vars" }), editor],
  ["a history page with no bound", history({ count: -1 }), editor],
  ["a history page past 50", history({ count: 51 }), editor],
])("%s: refused, nothing read or written", async (_, body, headers) => {
  const before = snapshot();
  const head = backend.git("rev-parse", "HEAD");
  const answer = await post(backend, body, headers);
  // 400 where the params are not of the protocol's types, 403 where they name what the editor may not.
  expect([400, 403]).toContain(answer.status);
  expect(JSON.parse(answer.text).error).toMatch(/^Refused: .+\. Nothing was changed\.$/);
  expect(answer.text).not.toContain("never-leaves");
  expect(snapshot()).toEqual(before);
  expect(backend.git("rev-parse", "HEAD")).toBe(head);
  expect(fs.existsSync(path.join(backend.repo, "pwned"))).toBe(false);
});

test("a listing of a folder holding links lists its files, never a link or what it points to", async () => {
  for (const body of [
    list("data/notes"),
    { action: "getMedia", params: { branch: "main", mediaFolder: "data/notes" } },
  ]) {
    const answer = await post(backend, body, editor);
    expect([answer.status, JSON.parse(answer.text)]).toEqual([200, []]);
  }
});

test("what git cannot find reaches the editor in the editor's words, never with a path of this machine", async () => {
  const answer = await post(backend, history({ from: "f".repeat(40) }), editor);
  expect(answer.status).toBe(403);
  expect(JSON.parse(answer.text).error).toBe("Refused: a version is named by the sha of a commit in main's history.");
  const missing = await post(backend, { action: "unpublishedEntry", params: { branch: "main", id: "services/none" } });
  expect(missing.status).toBe(404);
  for (const text of [answer.text, missing.text]) {
    expect(text).not.toContain(backend.repo);
    expect(text).not.toContain(fs.realpathSync(backend.repo));
  }
});

test("a dozen requests at once on a slow machine are all answered, in turn", async () => {
  // git that takes 0.15 s a call: every request waits its turn, none is given up on.
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), "slow-git-"));
  const git = execFileSync("which", ["git"], { encoding: "utf8" }).trim();
  fs.writeFileSync(path.join(bin, "git"), `#!/bin/sh\nsleep 0.15\nexec ${git} "$@"\n`, { mode: 0o755 });
  const PATH = process.env.PATH;
  process.env.PATH = `${bin}${path.delimiter}${PATH}`;
  const slow = await startLocalBackend("drafts", { editorPort: EDITOR_PORT }).finally(() => (process.env.PATH = PATH));
  try {
    const files = fs.readdirSync(path.join(slow.repo, "data")).filter((file) => file.endsWith(".yaml"));
    const answers = await Promise.all(
      [...files, ...files].slice(0, 12).map((file) => post(slow, read(`data/${file}`), editor)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  } finally {
    await slow.stop();
    fs.rmSync(bin, { recursive: true, force: true });
  }
}, 60_000);

test("in git mode, a request the page leaves before its turn holds no request after it", async () => {
  // A folder of many files: the links check lists it before the request takes its turn, and the page leaves meanwhile.
  const many = path.join(backend.repo, "data", "many");
  fs.mkdirSync(many);
  for (let i = 0; i < 3_000; i++) fs.writeFileSync(path.join(many, `${i}.yaml`), "");
  try {
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => {
        const request = http.request(new URL(backend.url), {
          method: "POST",
          headers: { "Content-Type": "application/json", ...editor },
          agent: false,
        });
        request.on("error", () => resolve()).on("close", () => resolve());
        request.end(JSON.stringify(list("data/many")), () => request.destroy());
      });
    }
    let timer: NodeJS.Timeout | undefined;
    const answer = await Promise.race([
      post(backend, read("data/firm.yaml"), editor),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 5_000))),
    ]).finally(() => clearTimeout(timer));
    expect(answer?.status).toBe(200);
  } finally {
    fs.rmSync(many, { recursive: true, force: true });
  }
}, 30_000);
