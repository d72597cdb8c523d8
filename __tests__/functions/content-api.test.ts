/**
 * The content API (functions/_lib/content/api.ts) called as the Worker calls it, with the validators the build
 * compiles, against the stand-ins for GitHub and Access (e2e/content-api-stand-in.ts, whose merge is git's): every
 * write goes through one commit the server checked, with drafts and review every write to the live branch is a
 * publisher's, Publish commits the merged tree it checked, and faults leave nothing half-done.
 * @jest-environment node
 */
import zlib from "zlib";
import sharp from "sharp";
import { parse, stringify } from "yaml";
import { loadSchemas } from "../../src/content/read-content";
import { resolveSchema, type JsonSchema } from "../../src/content/model";
import { draftBranch } from "../../src/cms/content-store";
import { DRAFTS_FOR_AUTHORS, LIVE_FOR_PUBLISHERS, PUBLISHERS_ONLY } from "../../src/content/editor-backend";
import { decodeText } from "../../src/content/bytes";
import { scheduleLine, scheduleText, type Draft } from "../../src/content/schedule";
import { ANN, BEN, DATA, SERVICES, base64, call, edited, publish, publishDue } from "../helpers/content-api";
import { saveDraft, slugOf, standIn, version, workflowEnv } from "../helpers/content-api";
import { decodesWhole } from "../helpers/sharp-decode";

const schemas = loadSchemas(DATA);
const serviceFilesOn = (branch: string) =>
  [...SERVICES, ...["zz-one", "zz-two"].map((s) => `data/services/${s}.yaml`)].filter((f) => standIn.file(f, branch));

describe("with drafts and review, the live branch changes only by a publisher's hand", () => {
  test("an editor who is not a publisher cannot delete, upload or remove a file on it: nothing is written", async () => {
    const file = SERVICES[0];
    const image = "data/images/new.png";
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123" } })
      .png()
      .toBuffer();
    const attempts = [
      call(ANN, "deleteFiles", { paths: [file], versions: { [file]: await version(file) } }),
      call(ANN, "deleteFile", { path: file, versions: { [file]: await version(file) } }),
      call(ANN, "persistMedia", { asset: { path: image, content: base64(png) } }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer).toEqual({ status: 403, body: { error: `Refused: ${LIVE_FOR_PUBLISHERS} Nothing was changed.` } });
    }
    expect(standIn.writes).toEqual([]);
    expect(standIn.file(file)).not.toBeNull();
  });

  test("a publisher's upload or delete is itself checked", async () => {
    const last = SERVICES.length === 1 ? SERVICES[0] : null;
    const damaged = await damagedPng();
    const upload = await call(BEN, "persistMedia", {
      asset: { path: "data/images/broken.png", content: base64(damaged) },
    });
    expect(upload).toMatchObject({
      status: 422,
      body: { error: expect.stringContaining("data/images/broken.png is damaged") },
    });
    if (last) {
      const gone = await call(BEN, "deleteFiles", { paths: [last], versions: { [last]: await version(last) } });
      expect(gone.status).toBe(422);
    }
    expect(standIn.writes).toEqual([]);
  });

  test("a draft's status is one Decap knows, and only its author or a publisher deletes it, naming its version", async () => {
    const file = SERVICES[0];
    const head = await saveDraft(
      ANN,
      file,
      edited(file, (d) => (d.title = "A draft title")),
    );
    const draft = { collection: "services", slug: slugOf(file) };
    expect((await call(ANN, "updateUnpublishedEntryStatus", { ...draft, newStatus: "published" })).status).toBe(400);
    expect((await call(ANN, "deleteUnpublishedEntry", draft)).status).toBe(400);
    expect(await call("carl@firm.example", "deleteUnpublishedEntry", { ...draft, head })).toEqual({
      status: 403,
      body: { error: `Refused: ${DRAFTS_FOR_AUTHORS} Nothing was changed.` },
    });
    const newer = standIn.commit(file, "title: changed meanwhile\n", "Changed", draftBranch("services", slugOf(file)));
    expect((await call(ANN, "deleteUnpublishedEntry", { ...draft, head })).status).toBe(409);
    expect(await call(ANN, "deleteUnpublishedEntry", { ...draft, head: newer })).toMatchObject({ status: 200 });
    expect(standIn.branches()).toEqual(["main"]);
  });

  test("a direct save is refused, and only a publisher publishes", async () => {
    const file = SERVICES[0];
    const raw = edited(file, (d) => (d.title = "A new title"));
    const direct = await call(BEN, "persistEntry", {
      dataFiles: [{ path: file, slug: slugOf(file), raw }],
      options: { useWorkflow: false },
      versions: { [file]: await version(file) },
    });
    expect(direct.status).toBe(403);
    const head = await saveDraft(ANN, file, raw);
    const denied = await call(ANN, "publishUnpublishedEntry", { collection: "services", slug: slugOf(file), head });
    expect(denied).toEqual({ status: 403, body: { error: `Refused: ${PUBLISHERS_ONLY} Nothing was changed.` } });
    expect(await publish(file, head)).toEqual({ status: 200, body: { message: "published" } });
    expect(standIn.file(file)).toBe(raw);
    expect(standIn.writes.map((w) => [w.branch, w.author?.email])).toEqual([
      [draftBranch("services", slugOf(file)), ANN],
      ["main", BEN],
    ]);
  });
});

describe("Publish is one commit the server merged and checked", () => {
  const listField = (file: string) => {
    const resolve = (schema: JsonSchema, file: string) => resolveSchema(schema, schemas, file);
    const audience = resolve(schemas["service.schema.json"].properties!.audience, "service.schema.json");
    const items = resolve(audience.schema.properties!.items, audience.file).schema;
    return { max: items.maxItems!, items: (parse(standIn.file(file)!) as { audience: { items: string[] } }).audience };
  };

  test("two drafts that each keep a list within its limit, merged past it: the second Publish is refused", async () => {
    const file = SERVICES[0];
    const { max, items } = listField(file);
    // The live list two short of its limit; one draft adds two items at its start, the other one at its end.
    const start = Array.from({ length: max - 2 }, (_, i) => items.items[i % items.items.length] + ` (${i})`);
    standIn.commit(
      file,
      edited(file, (d) => ((d.audience as typeof items).items = start)),
    );
    const first = await saveDraft(
      ANN,
      file,
      edited(file, (d) => ((d.audience as typeof items).items = ["A", "B", ...start])),
    );
    // The second draft is of the same file, made as another writer would on its own branch.
    const second = standIn.commit(
      file,
      edited(file, (d) => ((d.audience as typeof items).items = [...start, "C"])),
      "Another draft",
      "cms/services/zz-second",
    );
    expect(await publish(file, first)).toMatchObject({ status: 200 });
    standIn.pulls.push({
      number: 99,
      head: { ref: "cms/services/zz-second", repo: { full_name: "firm/site" } },
      base: { ref: "main" },
      labels: [],
      state: "open",
      user: { login: "site-editor[bot]" },
      body: null,
    });
    const refused = await call(BEN, "publishUnpublishedEntry", {
      collection: "services",
      slug: "zz-second",
      head: second,
    });
    expect(refused).toMatchObject({ status: 409, body: { error: expect.stringContaining("audience.items") } });
    expect((parse(standIn.file(file)!) as { audience: typeof items }).audience.items).toHaveLength(max);
  });

  test("fields changed on each side merge; the commit has the live head and the reviewed draft head as parents", async () => {
    const file = SERVICES[0];
    const head = await saveDraft(
      ANN,
      file,
      edited(file, (d) => (d.title = "Title from the draft")),
    );
    standIn.commit(
      file,
      edited(file, (d) => (d.lead = "A lead changed on the live site.")),
    );
    expect(await publish(file, head)).toMatchObject({ status: 200 });
    expect(parse(standIn.file(file)!)).toMatchObject({
      title: "Title from the draft",
      lead: "A lead changed on the live site.",
    });
    expect(standIn.branches()).toEqual(["main"]);
  });

  test("two Publishes at the same moment are each judged on the other's result: one lands", async () => {
    // Two services given one free position: two that exist, or two new ones beside a lone service.
    const free = Math.max(...SERVICES.map((f) => Number(parse(standIn.file(f)!).order))) + 1;
    const pair =
      SERVICES.length > 1 ? SERVICES.slice(0, 2) : ["zz-one", "zz-two"].map((s) => `data/services/${s}.yaml`);
    const heads: [string, string][] = [];
    for (const file of pair) {
      const slug = slugOf(file);
      const text = standIn.file(file)
        ? edited(file, (d) => (d.order = free))
        : stringify({ ...parse(standIn.file(SERVICES[0])!), slug, order: free, navLabel: slug, title: slug });
      heads.push([file, await saveDraft(ANN, file, text)]);
    }
    const answers = await Promise.all(heads.map(([file, head]) => publish(file, head)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const orders = serviceFilesOn("main").map((f) => parse(standIn.file(f)!).order);
    expect(orders.filter((o) => o === free)).toHaveLength(1);
  });

  test("a save landing on the draft after the check it was not part of stays, with what was not published", async () => {
    const file = SERVICES[0];
    const draft = draftBranch("services", slugOf(file));
    const head = await saveDraft(
      ANN,
      file,
      edited(file, (d) => (d.title = "Published title")),
    );
    standIn.beforeRefUpdate = () =>
      standIn.commit(
        file,
        edited(file, (d) => (d.lead = "Saved meanwhile."), draft),
        "Later",
        draft,
      );
    expect(await publish(file, head)).toMatchObject({ status: 200 });
    expect(parse(standIn.file(file)!).title).toBe("Published title");
    expect(parse(standIn.file(file, draft)!).lead).toBe("Saved meanwhile.");
    expect(standIn.pulls.filter((p) => p.state === "open").map((p) => p.head.ref)).toEqual([draft]);
  });

  test("Publish naming a head the draft moved past is refused", async () => {
    const file = SERVICES[0];
    const head = await saveDraft(
      ANN,
      file,
      edited(file, (d) => (d.title = "One")),
    );
    await saveDraft(
      ANN,
      file,
      edited(file, (d) => (d.title = "Two"), draftBranch("services", slugOf(file))),
    );
    expect((await publish(file, head)).status).toBe(409);
    expect(standIn.writes.filter((w) => w.branch === "main")).toEqual([]);
  });
});

describe("scheduled publishing: the reviewed head, at its time, through the checked Publish", () => {
  const env = workflowEnv;
  const at = new Date(Date.now() + 86_400_000).toISOString();
  const [before, after] = [Date.parse(at) - 1, Date.parse(at)];
  const ready = (file: string) =>
    call(ANN, "updateUnpublishedEntryStatus", {
      collection: "services",
      slug: slugOf(file),
      newStatus: "pending_publish",
    });
  const schedule = (email: string, file: string, head: string, time: string | null = at) =>
    call(email, "schedulePublish", { collection: "services", slug: slugOf(file), head, at: time });
  const listed = async (file: string) =>
    ((await call(ANN, "drafts", {})).body as unknown as Draft[]).find((d) => d.slug === slugOf(file))!;
  const mainWrites = () => standIn.writes.filter((w) => w.branch === "main");

  test("a Ready draft set by a publisher publishes at its time, not before, in the publisher's name", async () => {
    const file = SERVICES[0];
    const raw = edited(file, (d) => (d.title = "Announced on the first"));
    const head = await saveDraft(ANN, file, raw);
    expect((await schedule(BEN, file, head)).body.error).toMatch(/Not scheduled: set the draft's status to Ready/);
    await ready(file);
    expect(await schedule(ANN, file, head)).toEqual({
      status: 403,
      body: { error: `Refused: ${PUBLISHERS_ONLY} Nothing was changed.` },
    });
    const past = new Date(Date.now() - 60_000).toISOString();
    expect((await schedule(BEN, file, head, past)).body.error).toBe(
      "Not scheduled: choose a time to come, within two years.",
    );
    expect(await schedule(BEN, file, head)).toMatchObject({ status: 200, body: { schedule: { at, head, by: BEN } } });
    // Every editor sees it, and so does GitHub, in the draft's pull request.
    expect(await listed(file)).toEqual({
      collection: "services",
      slug: slugOf(file),
      head,
      ready: true,
      schedule: { at, head, by: BEN },
    });
    expect(standIn.pulls[0].body).toMatch(
      new RegExp(
        `^A draft saved in the site's editor by ${ANN}\\.\n\n${scheduleText({ at, head, by: BEN })}\nSignature: `,
      ),
    );
    await publishDue(env(), before);
    expect(mainWrites()).toEqual([]);
    // GitHub failing at that moment: nothing is published, and the next run tries again.
    standIn.failOn = "PATCH /git/refs/heads/main";
    await publishDue(env(), after);
    expect([mainWrites(), (await listed(file)).schedule?.problem]).toEqual([[], undefined]);
    await publishDue(env(), after);
    expect(standIn.file(file)).toBe(raw);
    expect(mainWrites().map((w) => [w.message, w.author?.email])).toEqual([
      [`Publish services/${slugOf(file)} (${BEN})`, BEN],
    ]);
    expect(standIn.branches()).toEqual(["main"]);
  });

  test("a publisher changes or clears the time; a draft changed after it was set does not publish", async () => {
    const file = SERVICES[0];
    const head = await saveDraft(
      ANN,
      file,
      edited(file, (d) => (d.title = "Reviewed")),
    );
    await ready(file);
    await schedule(BEN, file, head, new Date(Date.parse(at) + 60_000).toISOString());
    await schedule(BEN, file, head);
    expect((await listed(file)).schedule?.at).toBe(at);
    await schedule(BEN, file, head, null);
    expect((await listed(file)).schedule).toBeNull();
    expect(standIn.pulls[0].body).toBe(`A draft saved in the site's editor by ${ANN}.`);
    await schedule(BEN, file, head);
    const later = await saveDraft(
      ANN,
      file,
      edited(file, (d) => (d.title = "Not reviewed"), draftBranch("services", slugOf(file))),
    );
    await publishDue(env(), after);
    expect(mainWrites()).toEqual([]);
    const draft = await listed(file);
    expect(draft.head).toBe(later);
    expect(scheduleLine(draft, "UTC")).toMatch(/^Not publishing at .*: the draft changed after the time was set/);
    // A time is set on the head the publisher saw: one the draft has moved past is refused.
    expect((await schedule(BEN, file, head)).body.error).toMatch(
      /^Not scheduled: the draft changed since you opened it/,
    );
  });

  test("a Publish the check refuses at its time publishes nothing; the draft stays, with the reason", async () => {
    // The draft takes a free position; by its time another writer has given it to a new service on the live branch.
    const file = SERVICES[0];
    const free = Math.max(...SERVICES.map((f) => Number(parse(standIn.file(f)!).order))) + 1;
    const head = await saveDraft(
      ANN,
      file,
      edited(file, (d) => (d.order = free)),
    );
    await ready(file);
    await schedule(BEN, file, head);
    const other = { ...parse(standIn.file(SERVICES[0])!), slug: "zz-one", order: free, navLabel: "zz", title: "zz" };
    standIn.commit("data/services/zz-one.yaml", stringify(other));
    const writes = standIn.writes.length;
    await publishDue(env(), after);
    expect(standIn.writes.length).toBe(writes);
    const draft = await listed(file);
    expect(draft.head).toBe(head);
    expect(scheduleLine(draft, "UTC")).toMatch(/^Not published at .*: the site's content check refuses it.*order/);
    // It is not tried again: the publisher sets the time again once the draft is put right.
    await publishDue(env(), after + 300_000);
    expect(standIn.writes.length).toBe(writes);
    // Its author still deletes it: the description still begins with the line naming them.
    const remove = { collection: "services", slug: slugOf(file), head };
    expect((await call(ANN, "deleteUnpublishedEntry", remove)).status).toBe(200);
  });
});

async function damagedPng(width = 8, height = 8) {
  const png = await sharp({ create: { width, height, channels: 3, background: "#345" } })
    .png()
    .toBuffer();
  // A byte of the compressed data changed, and the chunk's checksum made right again: only inflating shows it.
  const idat = png.indexOf("IDAT");
  const end = idat + 4 + png.readUInt32BE(idat - 4);
  png[end - 6] ^= 0x55;
  png.writeUInt32BE(zlib.crc32(png.subarray(idat, end)), end);
  return png;
}

describe("one reading of bytes, one verdict", () => {
  test("an image already in the repository, referenced at a field whose size it does not reach, is refused", async () => {
    const portrait = "data/firm.yaml";
    const small = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    standIn.commit("data/images/small-badge.png", small);
    const raw = edited(portrait, (d) => ((d.founder as Record<string, unknown>).portrait = "./images/small-badge.png"));
    const answer = await call(
      BEN,
      "persistEntry",
      {
        dataFiles: [{ path: portrait, slug: "firm", raw }],
        options: { useWorkflow: false },
        versions: { [portrait]: await version(portrait) },
      },
      false,
    );
    expect(answer).toMatchObject({
      status: 422,
      body: { error: expect.stringMatching(/founder\.portrait is 20 × 20 pixels/) },
    });
  });

  test("a PNG whose header reads but whose data is damaged is refused, uploaded or already there", async () => {
    const answer = await call(
      BEN,
      "persistMedia",
      { asset: { path: "data/images/damaged.png", content: base64(await damagedPng()) } },
      false,
    );
    expect(answer).toMatchObject({
      status: 422,
      body: { error: expect.stringContaining("its image data is cut short or damaged") },
    });
  });

  test("the portrait cut after 2,000 bytes, with its scan garbled, or as an AVIF: refused, saying why, nothing written", async () => {
    // A 400 × 500 photo-like JPEG (noise, so its scan data is long), as a phone on a weak connection might send it.
    const { width, height } = { width: 400, height: 500 };
    const noise = Buffer.alloc(width * height * 3, 0).map((_, i) => (i * 7919) % 251);
    const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ progressive: true })
      .toBuffer();
    const garbled = Buffer.from(jpeg);
    const from = Math.floor(jpeg.length * 0.3);
    for (let i = from; i < from + 64; i++) garbled[i] = (garbled[i] * 31 + 7) & 0xfe;
    const avif = await sharp(noise, { raw: { width, height, channels: 3 } })
      .avif()
      .toBuffer();
    const uploads = {
      "data/images/cut.jpg": Buffer.concat([jpeg.subarray(0, 2000), Buffer.from([0xff, 0xd9])]),
      "data/images/garbled.jpg": garbled,
      "data/images/portrait.avif": Buffer.concat([
        avif.subarray(0, avif.length / 2),
        Buffer.alloc(64, 0x5a),
        avif.subarray(avif.length / 2 + 64),
      ]),
    };
    for (const [path, bytes] of Object.entries(uploads)) {
      // The build's decoder refuses all three.
      expect([path, await decodesWhole(bytes)]).toEqual([path, false]);
      const answer = await call(BEN, "persistMedia", { asset: { path, content: base64(bytes) } }, false);
      expect([path, answer.status]).toEqual([path, answer.status === 403 ? 403 : 422]);
      expect(answer.body).toMatchObject({ error: expect.stringMatching(/damaged|not a JPEG or PNG|\.jpg or \.png/) });
    }
    expect(standIn.writes).toEqual([]);
    // Three images encoded and decoded whole: about 2 s on two idle cores, 3 s beside a build.
  }, 20_000);

  test("a file starting with two byte-order marks is refused, as the build refuses it; one is read as the build reads it", async () => {
    const file = SERVICES[0];
    const save = async (raw: string) =>
      call(
        BEN,
        "persistEntry",
        {
          dataFiles: [{ path: file, slug: slugOf(file), raw }],
          options: { useWorkflow: false },
          versions: { [file]: await version(file) },
        },
        false,
      );
    expect((await save(`\uFEFF\uFEFF${standIn.file(file)}`)).status).toBe(422);
    expect((await save(`\uFEFF${standIn.file(file)}`)).status).toBe(200);
  });
});

describe("smaller holes", () => {
  test("the content model under another case, a status Decap does not know, a sha outside the branch, bad base64", async () => {
    const upload = await call(
      BEN,
      "persistMedia",
      { asset: { path: "data/Schema/service.schema.json", content: base64("{}") } },
      false,
    );
    expect(upload.status).toBe(403);
    const foreign = standIn.commit("data/firm.yaml", "secret: true\n", "Elsewhere", "private-branch");
    const live = await call(ANN, "liveStatus", { resource: `/commits/${foreign}/check-runs` }, false);
    expect(live.status).toBe(403);
    const bad = await call(
      BEN,
      "persistMedia",
      { asset: { path: "data/images/x.png", content: "not base64!" } },
      false,
    );
    expect(bad).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining("data/images/x.png was not sent as base64") },
    });
    expect(standIn.writes).toEqual([]);
  });

  test("a failure while a draft's pull request is made leaves no branch behind", async () => {
    const file = SERVICES[0];
    standIn.failOn = "POST /pulls";
    const answer = await call(ANN, "persistEntry", {
      dataFiles: [{ path: file, slug: slugOf(file), raw: edited(file, (d) => (d.title = "Lost")) }],
      options: { useWorkflow: true, collectionName: "services" },
      versions: { [file]: await version(file) },
    });
    expect(answer.status).toBe(502);
    expect(standIn.branches()).toEqual(["main"]);
  });
});

test("the API decodes a file's bytes as the build reads them from disk: marks, broken and mixed sequences alike", () => {
  const samples = [
    "\uFEFF\uFEFFtitle: x\n",
    "\uFEFFtitle: x\n",
    Buffer.from([0xef, 0xbb, 0xbf, 0xc3, 0x28, 0xe2, 0x82, 0x41, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0x80, 0xff]),
  ].map((sample) => Buffer.from(sample));
  for (const bytes of samples) expect(decodeText(bytes)).toBe(bytes.toString("utf8"));
});
