/**
 * Each write through the content API names the version (git's blob sha) of every file it touches as the editor last
 * read or wrote it, so the API can refuse a write over a change the editor never saw.
 * @jest-environment node
 */
import { execFileSync } from "child_process";
import { readVersions } from "../../src/cms/read-versions";

/** The blob sha git itself gives `bytes`. */
const gitSha = (bytes: string | Buffer) =>
  execFileSync("git", ["hash-object", "--stdin"], { input: bytes }).toString().trim();
const image = "data/images/portrait.jpg";
const entry = "data/services/tax.yaml";
const listed = [{ id: "a".repeat(40), path: image, name: "portrait.jpg" }];

test("a read passes as it is; a delete names the version the media library listed", async () => {
  const read = readVersions();
  const getMedia = { branch: "main", mediaFolder: "data/images" };
  expect(read.params("getMedia", getMedia)).toBe(getMedia);
  await read.answered("getMedia", getMedia, listed);
  expect(read.params("deleteFile", { path: image }).versions).toEqual({ [image]: listed[0].id });
  expect(read.params("deleteFiles", { paths: [image, entry] }).versions).toEqual({ [image]: listed[0].id });
});

test("an overwrite in the media library — a delete, then an upload — names the image absent for the upload", async () => {
  const read = readVersions();
  await read.answered("getMedia", {}, listed);
  await read.answered("deleteFile", { path: image }, { message: "deleted" });
  const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x3c]);
  const upload = { asset: { path: image, content: bytes.toString("base64") } };
  expect(read.params("persistMedia", upload).versions).toEqual({});
  // The API answers the upload with the image as stored; without that, the bytes sent give the same version.
  await read.answered("persistMedia", upload, { message: "no file in the answer" });
  expect(read.params("deleteFile", { path: image }).versions).toEqual({ [image]: gitSha(bytes) });
});

test("an entry opened, saved and then deleted: each write names the version before it, as git counts it", async () => {
  const read = readVersions();
  await read.answered(
    "getEntry",
    { path: entry },
    { data: "title: <Tax>\n", file: { path: entry, id: "b".repeat(40) } },
  );
  const raw = "title: \"</script> & 'quotes'\"\n";
  const save = { dataFiles: [{ path: entry, slug: "tax", raw }], assets: [] };
  expect(read.params("persistEntry", save).versions).toEqual({ [entry]: "b".repeat(40) });
  await read.answered("persistEntry", save, { message: "entry persisted" });
  expect(read.params("deleteFiles", { paths: [entry] }).versions).toEqual({ [entry]: gitSha(raw) });
});

test("a rename names the old file's version and the new one absent; after it, the old one is gone", async () => {
  const read = readVersions();
  await read.answered("entriesByFolder", {}, [{ data: "", file: { path: entry, id: "d".repeat(40) } }]);
  const renamed = "data/services/tax-advice.yaml";
  const rename = { dataFiles: [{ path: entry, newPath: renamed, slug: "tax-advice", raw: "title: Tax\n" }] };
  expect(read.params("persistEntry", rename).versions).toEqual({ [entry]: "d".repeat(40) });
  await read.answered("persistEntry", rename, { message: "entry persisted" });
  expect(read.params("deleteFiles", { paths: [entry, renamed] }).versions).toEqual({
    [renamed]: gitSha("title: Tax\n"),
  });
});

test("Publish names the draft's head the editor opened, then the one its own draft save made", async () => {
  const read = readVersions();
  const draft = { collection: "services", slug: "tax" };
  expect(read.params("publishUnpublishedEntry", draft).head).toBeUndefined();
  await read.answered("unpublishedEntry", draft, { ...draft, status: "draft", diffs: [], head: "e".repeat(40) });
  expect(read.params("publishUnpublishedEntry", draft).head).toBe("e".repeat(40));
  const save = {
    dataFiles: [{ path: entry, slug: "tax", raw: "title: Tax\n" }],
    options: { useWorkflow: true, collectionName: "services" },
  };
  await read.answered("persistEntry", save, { message: "entry persisted", head: "f".repeat(40) });
  expect(read.params("publishUnpublishedEntry", draft).head).toBe("f".repeat(40));
  expect(read.params("publishUnpublishedEntry", { collection: "services", slug: "other" }).head).toBeUndefined();
});
