/**
 * The editor's reads kept between writes (src/cms/reads.ts): a file is read once however
 * many parts of the editor ask, at once or later; a listing answers for its files; a write or a refusal lets all go.
 */
import { answers, keptEntry, remembered } from "../../src/cms/reads";

const entry = (path: string, data = `title: ${path}\n`) => ({ data, file: { path, id: `v-${path}` } });
let asked: string[];
const ask = (what: string, answer: unknown) => () => {
  asked.push(what);
  return Promise.resolve(answer);
};
beforeEach(() => {
  asked = [];
  answers.kept.clear();
});

test("a read asked twice, at once or later, goes to the backend once; a listing answers for each of its files", async () => {
  const listing = [entry("data/services/a.yaml"), entry("data/services/b.yaml")];
  const params = { branch: "main", folder: "data/services", extension: "yaml" };
  const [first, second] = await Promise.all([
    remembered("entriesByFolder", params, ask("listing", listing)),
    remembered("entriesByFolder", { ...params }, ask("listing again", listing)),
  ]);
  expect([first, second, asked]).toEqual([listing, listing, ["listing"]]);
  const one = { branch: "main", files: [{ path: "data/services/b.yaml" }] };
  expect(await remembered("entriesByFiles", one, ask("file", []))).toEqual([listing[1]]);
  expect(await keptEntry({ branch: "main", path: "data/services/a.yaml" })).toEqual(listing[0]);
  // Another branch's, or another file's, is read.
  await remembered("entriesByFiles", { ...one, branch: "cms/services/b" }, ask("draft's file", []));
  expect(await keptEntry({ branch: "main", path: "data/firm.yaml" })).toBeUndefined();
  expect(asked).toEqual(["listing", "draft's file"]);
});

test("a save, an upload, a delete or a Publish, and a read that failed, let every kept read go", async () => {
  const params = { branch: "main", files: [{ path: "data/firm.yaml" }] };
  for (const write of ["persistEntry", "persistMedia", "deleteFiles", "publishUnpublishedEntry"]) {
    await remembered("entriesByFiles", params, ask("read", [entry("data/firm.yaml")]));
    await remembered(write, {}, ask(write, {}));
  }
  expect(asked.filter((what) => what === "read")).toHaveLength(4);
  const failing = () => Promise.reject(new Error("offline"));
  await expect(remembered("getMedia", { branch: "main", mediaFolder: "data/images" }, failing)).rejects.toThrow();
  await remembered("getMedia", { branch: "main", mediaFolder: "data/images" }, ask("media", []));
  expect(asked.at(-1)).toBe("media");
});
