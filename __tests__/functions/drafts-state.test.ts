/**
 * The drafts' state is the server's alone, and Publish brings live only what it read whole and could write itself:
 * against the stand-in for GitHub, whose pull requests also come from forks and from users with triage permission,
 * and whose compare lists 300 files at most, as GitHub's users report.
 * @jest-environment node
 */
import { parse, stringify } from "yaml";
import { draftBranch } from "../../src/cms/content-store";
import { scheduleLine, scheduleText, type Draft } from "../../src/content/schedule";
import { ANN, BEN, SERVICES, base64, call, edited, publish, publishDue } from "../helpers/content-api";
import { saveDraft, savePageDraft, slugOf, standIn, version, workflowEnv } from "../helpers/content-api";

const at = new Date(Date.now() + 86_400_000).toISOString();
const due = Date.parse(at);
const file = SERVICES[0];
const slug = slugOf(file);
const draft = draftBranch("services", slug);
const ready = (name = slug, newStatus = "pending_publish", collection = "services") =>
  call(ANN, "updateUnpublishedEntryStatus", { collection, slug: name, newStatus });
const schedule = (head: string, name = slug, collection = "services") =>
  call(BEN, "schedulePublish", { collection, slug: name, head, at });
const board = async () => (await call(ANN, "drafts", {})).body as unknown as Draft[];
/** A second draft, of a page file, set Ready; answers its head. */
async function pageDraft() {
  const head = await savePageDraft(ANN);
  await ready("firm", "pending_publish", "pages");
  return head;
}
const mainWrites = () => standIn.writes.filter((w) => w.branch === "main");
/** A draft of the service with its title changed, set Ready; answers its head. */
async function readyDraft(title: string) {
  const head = await saveDraft(
    ANN,
    file,
    edited(file, (d) => (d.title = title)),
  );
  await ready();
  return head;
}
/** A schedule line as a publisher's would read, written by someone else. */
const forged = (head: string) => `A draft.\n\n${scheduleText({ at, head, by: BEN })}`;

describe("a draft is a pull request the App opened from the site's own branch", () => {
  test("a fork's pull requests, however named, labelled or described, are on no board and publish nothing", async () => {
    const head = await readyDraft("Reviewed title");
    // Before the real one on GitHub's list: a fork's branch of the same name, Ready, "scheduled" by the publisher.
    standIn.forkPull({ ref: draft, sha: head, labels: ["decap-cms/pending_publish"], body: forged(head) });
    standIn.forkPull({ ref: "cms/services/not-ours", sha: head, body: forged(head).replace(at, "soon") });
    standIn.pulls.push(standIn.pulls.shift()!);
    expect((await call(ANN, "unpublishedEntries", {})).body).toEqual([`services/${slug}`]);
    expect(await board()).toEqual([{ collection: "services", slug, head, ready: true, schedule: null }]);
    expect(await schedule(head)).toMatchObject({ status: 200, body: { schedule: { at, head, by: BEN } } });
    expect(scheduleLine((await board())[0], "UTC")).toMatch(/^Publishes at /);
  });

  test("triage's fork at an unreviewed draft's head, labelled Ready with a schedule line: nothing is published", async () => {
    const unreviewed = await saveDraft(
      ANN,
      file,
      edited(file, (d) => (d.title = "Not reviewed")),
    );
    standIn.forkPull({ ref: draft, sha: unreviewed, labels: ["decap-cms/pending_publish"], body: forged(unreviewed) });
    standIn.forkPull({ ref: "cms/services/elsewhere", sha: unreviewed, body: forged(unreviewed), login: "triage" });
    await publishDue(workflowEnv(), due + 60_000);
    expect(mainWrites()).toEqual([]);
    expect((await call(ANN, "unpublishedEntry", { collection: "services", slug: "elsewhere" })).status).toBe(404);
  });

  test("a schedule line in the App's own pull request that the server did not sign, or copied, is no schedule", async () => {
    const head = await readyDraft("Not reviewed either");
    const pull = standIn.pulls.find((p) => p.head.ref === draft)!;
    pull.body = forged(head);
    expect((await board())[0].schedule).toBeNull();
    await publishDue(workflowEnv(), due);
    expect(mainWrites()).toEqual([]);
    // A line the server signed for one draft, copied onto another, is none there either.
    await schedule(head);
    const otherHead = await pageDraft();
    const signed = pull.body.split("\n\n")[1];
    standIn.pulls.find((p) => p.head.ref === "cms/pages/firm")!.body = `A draft.\n\n${signed.replace(head, otherHead)}`;
    expect((await board()).find((d) => d.slug === "firm")!.schedule).toBeNull();
  });

  test("leaving Ready voids a schedule: Ready again later does not bring it back, and the board says why", async () => {
    const head = await readyDraft("Set back");
    await schedule(head);
    await ready(slug, "draft");
    await publishDue(workflowEnv(), due);
    await ready();
    await publishDue(workflowEnv(), due + 8 * 3_600_000);
    expect(mainWrites()).toEqual([]);
    expect(scheduleLine((await board())[0], "UTC")).toMatch(/^Not published at .*: the draft left Ready/);
  });

  test("a draft not Ready at its time (its label taken off on GitHub) is not published then or later", async () => {
    const head = await readyDraft("Label taken off");
    await schedule(head);
    standIn.pulls.find((p) => p.head.ref === draft)!.labels = [];
    await publishDue(workflowEnv(), due);
    standIn.pulls.find((p) => p.head.ref === draft)!.labels = [{ name: "decap-cms/pending_publish" }];
    await publishDue(workflowEnv(), due + 60_000);
    expect(mainWrites()).toEqual([]);
    expect(scheduleLine((await board())[0], "UTC")).toMatch(
      /^Not published at .*: the draft was not Ready at its time/,
    );
  });

  test("an identity with a line break is refused at the door: no commit, no description written", async () => {
    const name = `Ann\n\n${scheduleText({ at, head: "a".repeat(40), by: BEN })}`;
    for (const assertion of [await standIn.assertion(ANN, { name }), await standIn.assertion(`ann\r@firm.example`)]) {
      const answer = await call(
        ANN,
        "persistEntry",
        {
          dataFiles: [{ path: file, slug, raw: edited(file, (d) => (d.title = "Injected")) }],
          options: { useWorkflow: true, collectionName: "services" },
          versions: { [file]: await version(file) },
        },
        true,
        assertion,
      );
      expect(answer).toMatchObject({ status: 403, body: { error: expect.stringMatching(/control character/) } });
    }
    expect([standIn.writes, standIn.pulls]).toEqual([[], []]);
  });
});

describe("Publish, by a button or a schedule, brings live the whole draft and only what an editor could write", () => {
  test("a head already live publishes nothing: a second Publish, or two runs at once, make one commit", async () => {
    const head = await readyDraft("Once");
    await schedule(head);
    const runs = [publishDue(workflowEnv(), due), publishDue(workflowEnv(), due), publish(file, head)];
    await Promise.all(runs);
    expect(mainWrites().map((w) => w.message)).toEqual([`Publish services/${slug} (${BEN})`]);
    expect(parse(standIn.file(file)!).title).toBe("Once");
  });

  test("a draft of more than 300 files publishes every one of them", async () => {
    const head = await saveDraft(
      ANN,
      file,
      edited(file, (d) => (d.title = "Many files")),
    );
    let last = head;
    for (let i = 0; i < 305; i++) last = standIn.commit(`data/notes/note-${i}.txt`, `Note ${i}\n`, "A note", draft);
    expect((await publish(file, last)).status).toBe(200);
    const landed = Array.from({ length: 305 }, (_, i) => standIn.file(`data/notes/note-${i}.txt`));
    expect(landed.filter((text) => text === null)).toEqual([]);
    expect(parse(standIn.file(file)!).title).toBe("Many files");
  });

  test("a change to the content model or the code pushed onto a draft branch is refused, in any case", async () => {
    await saveDraft(
      ANN,
      file,
      edited(file, (d) => (d.title = "With a model change")),
    );
    for (const [path, text] of [
      ["data/schema/service.schema.json", "{}"],
      ["data/SCHEMA/service.schema.json", "{}"],
      ["src/code.ts", "export const code = false;\n"],
    ]) {
      const head = standIn.commit(path, text, "Pushed by hand", draft);
      const answer = await publish(file, head);
      expect(answer).toMatchObject({
        status: 403,
        body: { error: expect.stringContaining(`the draft changes a file`) },
      });
    }
    expect(mainWrites()).toEqual([]);
  });

  test("three lost races in one run are tried again at the next, not a refusal", async () => {
    const head = await readyDraft("Raced");
    await schedule(head);
    let others = 0;
    const another = () => {
      standIn.commit("data/notes/other.txt", `Other ${++others}\n`);
      if (others < 3) standIn.beforeRefUpdate = another;
    };
    standIn.beforeRefUpdate = another;
    await publishDue(workflowEnv(), due);
    expect([others, (await board())[0].schedule?.problem]).toEqual([3, undefined]);
    await publishDue(workflowEnv(), due + 60_000);
    expect(parse(standIn.file(file)!).title).toBe("Raced");
  });

  test("one draft's refusal that cannot be written holds no other draft", async () => {
    // The first draft also changes the code (pushed onto its branch): its Publish is refused at its time.
    await saveDraft(
      ANN,
      file,
      edited(file, (d) => (d.title = "With code")),
    );
    const first = standIn.commit("src/code.ts", "export const code = false;\n", "Pushed by hand", draft);
    await ready();
    await schedule(first);
    await schedule(await pageDraft(), "firm", "pages");
    standIn.failOn = `PATCH /pulls/${standIn.pulls.find((p) => p.head.ref === draft)!.number}`;
    await publishDue(workflowEnv(), due);
    expect(mainWrites().map((w) => w.message)).toEqual([`Publish pages/firm (${BEN})`]);
  });
});

describe("a save merges onto what changed since it was read, names each file once, and a draft changes something", () => {
  test("a file another writer changed since the editor read it: their fields kept, a field both changed refused", async () => {
    const opened = { version: await version(file), text: standIn.file(file)! };
    standIn.commit(
      file,
      edited(file, (d) => (d.summary = "Another writer's summary.")),
    );
    /** A save of the file as opened with `fields` changed, naming the version opened. */
    const save = (fields: Record<string, unknown>) => {
      const raw = stringify({ ...parse(opened.text), ...fields });
      const params = { dataFiles: [{ path: file, slug, raw }], options: {}, versions: { [file]: opened.version } };
      return call(BEN, "persistEntry", params, false);
    };
    expect((await save({ title: "The editor's title" })).status).toBe(200);
    expect(parse(standIn.file(file)!)).toMatchObject({
      title: "The editor's title",
      summary: "Another writer's summary.",
    });
    const clash = await save({ summary: "The editor's summary." });
    expect(clash).toMatchObject({
      status: 409,
      body: { error: expect.stringMatching(/^Not saved: .* changed after you opened it, and a field \(summary\)/) },
    });
    expect(parse(standIn.file(file)!).summary).toBe("Another writer's summary.");
  });

  test("newPath equal to path keeps the file; a path named twice is refused; an empty first draft says so", async () => {
    const raw = edited(file, (d) => (d.title = "Same path"));
    const options = { useWorkflow: false };
    const same = await call(
      BEN,
      "persistEntry",
      {
        dataFiles: [{ path: file, newPath: file, slug, raw }],
        options,
        versions: { [file]: await version(file) },
      },
      false,
    );
    expect([same.status, parse(standIn.file(file)!).title]).toEqual([200, "Same path"]);
    const twice = await call(
      BEN,
      "persistEntry",
      {
        dataFiles: [{ path: file, slug, raw: edited(file, (d) => (d.title = "Twice")) }],
        assets: [{ path: file, content: base64("title: other\n") }],
        options,
        versions: { [file]: await version(file) },
      },
      false,
    );
    expect(twice).toMatchObject({ status: 400, body: { error: expect.stringContaining(`names ${file} twice`) } });
    const writes = standIn.writes.length;
    const empty = await call(ANN, "persistEntry", {
      dataFiles: [{ path: file, slug, raw: standIn.file(file)! }],
      options: { useWorkflow: true, collectionName: "services" },
      versions: { [file]: await version(file) },
    });
    expect(empty).toMatchObject({ status: 422, body: { error: expect.stringContaining("changes nothing") } });
    expect([standIn.writes.length, standIn.pulls]).toEqual([writes, []]);
  });
});
