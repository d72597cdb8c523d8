/**
 * The check before a save or a publish: the content check itself (src/content/validate.ts) over the file as the save
 * will write it and the services as they will be, against a backend that holds a copy of data/.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import fs from "fs";
import path from "path";
import type { ContentStore } from "../../src/cms/content-store";
import { SOURCE_KEY } from "../../src/cms/entry";
import { checkPublish, checkSave, restorable, type EntryState } from "../../src/cms/save-check";
import { patchYaml } from "../../src/content/yaml-patch";
import { localFileFields } from "../../src/content/rules";
import { loadSchemas, serviceFiles } from "../../src/content/read-content";
import { FIRM_SCHEMA, SERVICE_COUNT } from "../../src/content/model";
import { parseData } from "../../src/content/data";
import { copyRealData, type ContentCopy } from "../helpers/content.cjs";

/** The backend as the editor's store sees it: the files of a folder (a repository with data/ in it), one branch. */
function folderStore(root: string): ContentStore {
  const at = (file: string) => path.join(root, file);
  return {
    // One branch: a draft's (cms/…) has no files of its own here.
    read: async (file, branch) =>
      !branch.startsWith("cms/") && fs.existsSync(at(file)) ? { text: fs.readFileSync(at(file), "utf8") } : null,
    list: async (folder) =>
      fs
        .readdirSync(at(folder))
        .filter((name) => /\.ya?ml$/.test(name))
        .map((name) => ({ path: `${folder}/${name}`, text: fs.readFileSync(at(`${folder}/${name}`), "utf8") })),
    readBytes: async (file) => (fs.existsSync(at(file)) ? fs.readFileSync(at(file)) : null),
    hasDraft: async () => false,
    history: async () => ({ versions: [] }),
  };
}

let copy: ContentCopy;
beforeEach(() => {
  copy = copyRealData();
});
afterEach(() => copy.cleanup());

const context = () => ({
  store: folderStore(copy.root),
  branch: "main",
  workflow: false,
  schemas: loadSchemas(copy.dataDir),
});

/** An entry as the editor opens it from a file of the copy, with `change` made in the form. */
function opened(collection: "pages" | "services", file: string, change: (data: Record<string, unknown>) => void) {
  const text = copy.read(`data/${file}`);
  const data = { ...parseData(text), [SOURCE_KEY]: text };
  change(data);
  const slug = path.basename(file, path.extname(file));
  return { collection, slug, data } satisfies EntryState;
}

test("the real firm.yaml, saved as it is, passes", async () => {
  await expect(
    checkSave(
      context(),
      opened("pages", "firm.yaml", () => {}),
    ),
  ).resolves.toBeDefined();
});

test("a broken pattern is refused at its field with the schema's message", async () => {
  const entry = opened("pages", "firm.yaml", (data) => (data.phone = { display: " " }));
  await expect(checkSave(context(), entry)).rejects.toThrow(/^Not saved: 1 problem.*phone\.display must not be blank/);
});

test("a rule beyond the schema (a phone number that cannot be dialled) and a required field left empty", async () => {
  const entry = opened("pages", "firm.yaml", (data) => {
    data.phone = { display: "(310) 555-99" };
    data.name = "";
  });
  await expect(checkSave(context(), entry)).rejects.toThrow(/2 problems.* name .*phone\.display is "\(310\) 555-99"/);
});

test("a service's order or menu label used by another service is refused, at save and at publish, either way round", async () => {
  const [first, second = "services/second-copy.yaml"] = serviceFiles(copy.dataDir);
  // With one service in data/, another editor's copy of it with an order of its own is the other service.
  if (!serviceFiles(copy.dataDir)[1]) {
    const data = parseData(copy.read(`data/${first}`));
    copy.write(
      `data/${second}`,
      patchYaml(copy.read(`data/${first}`), {
        ...data,
        slug: "second-copy",
        navLabel: `Second ${String(data.navLabel)}`,
        order: Number(data.order) + 1,
      }),
    );
  }
  // The check names a clash at whichever service comes later: the entry's own file, or the other's.
  for (const [mine, theirs] of [
    [first, second],
    [second, first],
  ]) {
    for (const key of ["order", "navLabel"]) {
      const value = parseData(copy.read(`data/${theirs}`))[key];
      const entry = opened("services", mine, (data) => (data[key] = value));
      await expect(checkSave(context(), entry)).rejects.toThrow(new RegExp(`${key} .* is already used`));
      const draft = { ...entry, data: { ...parseData(copy.read(`data/${mine}`)), [key]: value } };
      await expect(checkPublish(context(), draft)).rejects.toThrow(new RegExp(`^Not published: .*${key}`));
    }
  }
});

test("one service more than the site is laid out for is refused", async () => {
  const services = serviceFiles(copy.dataDir);
  const template = copy.read(`data/${services[0]}`);
  for (let i = services.length; i < SERVICE_COUNT.max; i++) {
    copy.write(
      `data/services/extra-${i}.yaml`,
      template
        .replace(/^slug: .*$/m, `slug: extra-${i}`)
        .replace(/^order: .*$/m, `order: ${100 + i}`)
        .replace(/^navLabel: .*$/m, `navLabel: Extra ${i}`),
    );
  }
  const entry = {
    collection: "services",
    slug: undefined,
    data: { ...parseData(template), slug: "one-more", order: 200, navLabel: "One more" },
  };
  await expect(checkSave(context(), entry)).rejects.toThrow(new RegExp(`at most ${SERVICE_COUNT.max}`));
});

test("nothing is saved over a file that is not valid YAML (its form opened empty): the check says where it breaks", async () => {
  const broken = copy.read("data/firm.yaml").replace(/^name: .*$/m, "name: [unclosed");
  copy.write("data/firm.yaml", broken);
  const entry = opened("pages", "firm.yaml", (data) => (data.name = "Typed into an empty form"));
  await expect(checkSave(context(), entry)).rejects.toThrow(
    /^Not saved: 1 problem to fix first\. data\/firm\.yaml \(line \d+, column \d+\) is not valid YAML: .*Fix the file in the repository/,
  );
});

test("a service whose YAML reads as no data (an alias to no anchor) blocks no save of another service", async () => {
  const [first, second] = serviceFiles(copy.dataDir);
  // With one service there is no other to save.
  if (!second) return;
  copy.write(`data/${first}`, copy.read(`data/${first}`).replace(/^title: .*$/m, "title: *New*"));
  const entry = opened("services", second, (data) => (data.lead = "A lead saved beside a broken service."));
  await expect(checkSave(context(), entry)).resolves.toMatchObject({ texts: expect.any(Object) });
});

test("restoring a version: an image the repository no longer holds keeps today's; one it holds comes back", async () => {
  const ctx = context();
  const today = parseData(copy.read("data/firm.yaml"));
  const images = localFileFields(ctx.schemas[FIRM_SCHEMA], today, ctx.schemas, FIRM_SCHEMA);
  expect(images.length).toBeGreaterThan(0);
  type Node = Record<string | number, unknown>;
  const clone = () => JSON.parse(JSON.stringify(today)) as Node;
  const set = (data: Node, segments: (string | number)[], value: string) => {
    segments.slice(0, -1).reduce((n, key) => n[key] as Node, data)[segments.at(-1)!] = value;
  };
  const [version, expected] = [clone(), clone()];
  set(version, images[0].segments, "./images/gone.jpg");
  // Another field names a picture the repository holds (the first's): that comes back as the version had it.
  if (images[1]) {
    set(version, images[1].segments, images[0].value);
    set(expected, images[1].segments, images[0].value);
  }
  expect(await restorable(ctx, { collection: "pages", slug: "firm" }, version, today)).toEqual(expected);
});

test("a save reads each file once: a service's own file comes with the others, where it has no draft", async () => {
  const store = folderStore(copy.root);
  const reads: string[] = [];
  const counted: ContentStore = {
    ...store,
    read: (file, branch) => (reads.push(`read ${file}`), store.read(file, branch)),
    list: (folder, branch) => (reads.push(`list ${folder}`), store.list(folder, branch)),
  };
  const [first] = serviceFiles(copy.dataDir);
  const entry = opened("services", first, (data) => (data.title = "A retitled service"));
  await checkSave({ ...context(), store: counted }, entry);
  expect(reads).toEqual(["list data/services"]);
});
