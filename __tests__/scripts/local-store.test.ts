/**
 * `npm run cms` with drafts: the real local backend, which is the live site's content service over this folder's git
 * repository (stores/git.ts), and its scheduler run here with a clock the test sets. Publish, by a button or at its
 * time, is the field merge and the content check on the branch it names, whatever is checked out, moved only from
 * the commit it read; a time is kept in the draft branch's git config.
 * @jest-environment node
 */
import { execFileSync } from "child_process";
import fs from "fs";
import path from "path";
import { parse, stringify } from "yaml";
import { startLocalBackend, type LocalBackend } from "../../e2e/tools/local-backend";
import { publishDueDrafts } from "../../functions/_lib/content/actions";
import { gitStore } from "../../functions/_lib/content/stores/git";
import { serviceFiles } from "../../src/content/read-content";
import { blobSha } from "../../src/content/bytes";
import { scheduleLine, type Draft } from "../../src/content/schedule";

const FILE = `data/${serviceFiles(path.join(__dirname, "..", "..", "data"))[0]}`;
const SLUG = path.basename(FILE, ".yaml");
const at = new Date(Date.now() + 86_400_000).toISOString();
const due = Date.parse(at);

let backend: LocalBackend;
beforeAll(async () => {
  backend = await startLocalBackend("drafts");
}, 30_000);
afterAll(() => backend.stop());
beforeEach(() => backend.reset());

async function call(action: string, params: object) {
  const response = await fetch(backend.url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ action, params: { branch: "main", ...params } }),
  });
  return (await response.json()) as Record<string, unknown> & { error?: string };
}
const text = (ref: string, file = FILE) => backend.git("show", `${ref}:${file}`);
const head = (ref: string) => backend.git("rev-parse", ref).trim();
/** Saves a draft of the service with `change` made to it as it is on `from`, as the editor saves: naming its version. */
async function saveDraft(change: (data: Record<string, unknown>) => void, from = "main") {
  const data = parse(text(from)) as Record<string, unknown>;
  change(data);
  const options = { collectionName: "services", commitMessage: "Edit", useWorkflow: true, status: "draft" };
  const versions = { [FILE]: await blobSha(Buffer.from(text(from))) };
  const saved = await call("persistEntry", {
    dataFiles: [{ slug: SLUG, path: FILE, raw: stringify(data) }],
    options,
    versions,
  });
  expect(saved.error).toBeUndefined();
  return String(saved.head);
}
/** Saves a draft, sets it Ready and schedules it; answers its head. */
async function scheduled(change: (data: Record<string, unknown>) => void) {
  const draft = await saveDraft(change);
  const params = { collection: "services", slug: SLUG, head: draft, at };
  expect((await call("schedulePublish", params)).error).toMatch(/set the draft's status to Ready/);
  await call("updateUnpublishedEntryStatus", { collection: "services", slug: SLUG, newStatus: "pending_publish" });
  expect(await call("schedulePublish", params)).toMatchObject({ schedule: { at, head: draft } });
  return draft;
}
const drafts = async () => (await call("drafts", {})) as unknown as Draft[];
const settings = { branch: "main", workflow: true, editors: [], publishers: [] };
const publishDue = (now: number) => publishDueDrafts(gitStore(backend.repo), settings, now);
/** Another writer's commit on `branch` (not checked out), as git would make it. */
function commitOn(branch: string, file: string, content: string) {
  const tmp = path.join(backend.repo, ".git", "other-index");
  const env = { ...process.env, GIT_INDEX_FILE: tmp };
  const git = (args: string[], input?: string) =>
    execFileSync("git", ["-C", backend.repo, ...args], { env, encoding: "utf8", input });
  git(["read-tree", branch]);
  const sha = git(["hash-object", "-w", "--stdin"], content).trim();
  git(["update-index", "--add", "--cacheinfo", `100644,${sha},${file}`]);
  const commit = git(["commit-tree", git(["write-tree"]).trim(), "-p", branch, "-m", "Another writer"]).trim();
  git(["update-ref", `refs/heads/${branch}`, commit]);
  fs.rmSync(tmp, { force: true });
  return commit;
}

test("a Ready draft's reviewed head is published at its time, not before, and the folder shows it", async () => {
  const draft = await scheduled((d) => (d.title = "Announced on the first"));
  const live = head("main");
  await publishDue(due - 1);
  expect(head("main")).toBe(live);
  await publishDue(due);
  expect(parse(text("main")).title).toBe("Announced on the first");
  expect(backend.git("log", "-1", "--format=%P %s", "main").trim()).toBe(
    `${live} ${draft} Publish services/${SLUG} (editor@example.com)`,
  );
  expect(parse(fs.readFileSync(path.join(backend.repo, FILE), "utf8")).title).toBe("Announced on the first");
  expect(backend.git("status", "--porcelain")).toBe("");
  expect(await drafts()).toEqual([]);
}, 30_000);

test("with another branch checked out, Publish lands on main, and the branch and folder stay as they are", async () => {
  await scheduled((d) => (d.title = "Onto main"));
  backend.git("checkout", "-q", "-b", "feature");
  const feature = head("feature");
  await publishDue(due);
  expect([parse(text("main")).title, head("feature")]).toEqual(["Onto main", feature]);
  expect(backend.git("status", "--porcelain")).toBe("");
}, 30_000);

test("a commit landing on main while Publish runs is kept: it merges the draft onto it, field by field", async () => {
  await scheduled((d) => (d.title = "The draft's title"));
  const store = gitStore(backend.repo);
  let landed = false;
  const racing = {
    ...store,
    // Another writer commits in the folder after Publish read main, before it moves it.
    async move(ref: string, next: string, from: string | null) {
      if (!landed) {
        landed = true;
        commitOn("main", FILE, stringify({ ...parse(text("main")), summary: "Another writer's summary." }));
        backend.git("reset", "-q", "--hard", "main");
      }
      return store.move(ref, next, from);
    },
  };
  await publishDueDrafts(racing, settings, due);
  expect(parse(text("main"))).toMatchObject({ title: "The draft's title", summary: "Another writer's summary." });
  expect(backend.git("log", "--format=%s", "-2", "main").trim().split("\n")).toEqual([
    `Publish services/${SLUG} (editor@example.com)`,
    "Another writer",
  ]);
}, 30_000);

test("an uncommitted edit in the folder holds a scheduled publish until it is put aside, not for good", async () => {
  await scheduled((d) => (d.title = "Waits for the folder"));
  const live = head("main");
  fs.appendFileSync(path.join(backend.repo, FILE), "# an edit in progress\n");
  await publishDue(due);
  expect(head("main")).toBe(live);
  expect(scheduleLine((await drafts())[0], "UTC")).toMatch(/^Publishes at /);
  expect(fs.readFileSync(path.join(backend.repo, FILE), "utf8")).toMatch(/# an edit in progress\n$/);
  backend.git("stash", "-q");
  await publishDue(due + 60_000);
  expect(parse(text("main")).title).toBe("Waits for the folder");
}, 30_000);

test("a draft changed after its time was set, or one the check refuses, is not published: the board says why", async () => {
  await scheduled((d) => (d.title = "Reviewed"));
  await saveDraft((d) => (d.title = "Not reviewed"), `cms/services/${SLUG}`);
  const live = head("main");
  await publishDue(due);
  expect(head("main")).toBe(live);
  expect(scheduleLine((await drafts())[0], "UTC")).toMatch(/the draft changed after the time was set/);

  // The draft takes a free position that another writer gives to a new service before its time.
  await backend.reset();
  const free =
    Math.max(...serviceFiles(path.join(backend.repo, "data")).map((f) => parse(text("main", `data/${f}`)).order)) + 1;
  await scheduled((d) => (d.order = free));
  const other = { ...parse(text("main")), slug: "zz-one", order: free, navLabel: "zz", title: "zz" };
  commitOn("main", "data/services/zz-one.yaml", stringify(other));
  backend.git("reset", "-q", "--hard", "main");
  const taken = head("main");
  await publishDue(due);
  expect(head("main")).toBe(taken);
  expect(scheduleLine((await drafts())[0], "UTC")).toMatch(
    new RegExp(`^Not published at .*: the site's content check refuses it, so nothing was changed. .*${FILE}.*order`),
  );
}, 60_000);

test("review notes: kept in the draft's git config, theirs to change, there after a restart and past a Publish", async () => {
  const draft = await saveDraft((d) => (d.title = "Reviewed"));
  const at = { collection: "services", slug: SLUG };
  const content = "<script>alert(1)</script>\n@someone, the second line";
  const { note } = (await call("addNote", { ...at, note: { content } })) as { note: { id: string } };
  expect(note).toMatchObject({ author: "editor@example.com", content, resolved: false, isOwn: true });
  await call("updateNote", { ...at, noteId: note.id, updates: { resolved: true } });
  expect(await drafts()).toEqual([expect.objectContaining({ openNotes: 0 })]);
  // A store made anew (the backend restarted) reads the same notes from the repository.
  const notes = await gitStore(backend.repo).drafts.notes(`cms/services/${SLUG}`);
  expect(notes).toEqual([expect.objectContaining({ id: note.id, content, resolved: true })]);
  await call("publishUnpublishedEntry", { ...at, head: draft });
  expect(await call("getNotes", at)).toEqual({ notes: [] });
  // The newest closed draft's record: earlier tests' Publishes left theirs.
  const kept = backend.git("config", "--get-regexp", "^closed-draft\\.").trim().split("\n").at(-1)!;
  expect(JSON.parse(kept.slice(kept.indexOf("{"))).notes).toEqual(notes);
}, 30_000);
