/**
 * Scheduled publishing in `npm run cms`'s git mode: the real local backend keeps the time in the draft branch's git
 * config, and its scheduler (run here with a clock the test sets) publishes the reviewed head at that time through the
 * content check, or leaves the draft with the reason.
 * @jest-environment node
 */
import { execFile } from "child_process";
import path from "path";
import { promisify } from "util";
import { parse, stringify } from "yaml";
import { startLocalBackend, type LocalBackend } from "../../e2e/tools/local-backend";
import { localSchedule } from "../../scripts/local-schedule";
import { serviceFiles } from "../../src/content/read-content";
import { scheduleLine, type Draft } from "../../src/content/schedule";

const FILE = `data/${serviceFiles(path.join(__dirname, "..", "..", "data"))[0]}`;
const SLUG = path.basename(FILE, ".yaml");
const at = new Date(Date.now() + 86_400_000).toISOString();

let backend: LocalBackend;
beforeAll(async () => {
  backend = await startLocalBackend("git");
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
/** Saves a draft of the service with `change` made, sets it Ready and schedules it; answers its head. */
async function scheduled(change: (data: Record<string, unknown>) => void) {
  const data = parse(backend.git("show", `main:${FILE}`)) as Record<string, unknown>;
  change(data);
  const options = { collectionName: "services", commitMessage: "Edit", useWorkflow: true, status: "draft" };
  await call("persistEntry", { dataFiles: [{ slug: SLUG, path: FILE, raw: stringify(data) }], assets: [], options });
  const head = backend.git("rev-parse", `cms/services/${SLUG}`).trim();
  const params = { collection: "services", slug: SLUG, head, at };
  expect((await call("schedulePublish", params)).error).toMatch(/set the draft's status to Ready/);
  await call("updateUnpublishedEntryStatus", { collection: "services", slug: SLUG, newStatus: "pending_publish" });
  expect(await call("schedulePublish", params)).toMatchObject({ schedule: { at, head } });
  return head;
}
const drafts = async () => (await call("drafts", {})) as unknown as Draft[];
const scheduler = () =>
  localSchedule(async (...args) => (await promisify(execFile)("git", ["-C", backend.repo, ...args])).stdout, "main");

test("a Ready draft's reviewed head is published at its time, not before", async () => {
  const head = await scheduled((d) => (d.title = "Announced on the first"));
  const live = backend.git("rev-parse", "main").trim();
  await scheduler().publishDue(Date.parse(at) - 1);
  expect(backend.git("rev-parse", "main").trim()).toBe(live);
  await scheduler().publishDue(Date.parse(at));
  expect(parse(backend.git("show", `main:${FILE}`)).title).toBe("Announced on the first");
  expect(backend.git("log", "-1", "--format=%P", "main").trim()).toBe(`${live} ${head}`);
  expect(await drafts()).toEqual([]);
}, 30_000);

test("a draft changed after its time was set, or one the check refuses, is not published: the board says why", async () => {
  await scheduled((d) => (d.title = "Reviewed"));
  const data = parse(backend.git("show", `cms/services/${SLUG}:${FILE}`));
  const options = { collectionName: "services", commitMessage: "Later", useWorkflow: true, status: "pending_publish" };
  const raw = stringify({ ...data, title: "Not reviewed" });
  await call("persistEntry", { dataFiles: [{ slug: SLUG, path: FILE, raw }], assets: [], options });
  const live = backend.git("rev-parse", "main").trim();
  await scheduler().publishDue(Date.parse(at));
  expect(backend.git("rev-parse", "main").trim()).toBe(live);
  expect(scheduleLine((await drafts())[0], "UTC")).toMatch(/the draft changed after the time was set/);

  await backend.reset();
  await scheduled((d) => (d.title = ""));
  await scheduler().publishDue(Date.parse(at));
  expect(backend.git("rev-parse", "main").trim()).toBe(live);
  expect(scheduleLine((await drafts())[0], "UTC")).toMatch(
    new RegExp(`^Not published at .*: the site's content check refuses it, so nothing was changed. .*${FILE}.*title`),
  );
}, 60_000);
