/** The editor's files: reading entries and images on the branch or a draft, and saving, uploading and deleting them. */
import { base64, commit, replacing, type Context } from "./commit";
import { decodeText } from "../../../src/content/bytes";
import { draftBranch } from "./rules";
import { Refusal, type Change } from "./store";
import type { Params } from "../../../src/content/editor-requests";

export function draftOf(collection?: string, slug?: string): string {
  const draft = draftBranch(collection, slug);
  if ("problem" in draft) throw new Refusal(403, `Refused: ${draft.problem}.`);
  return draft.branch;
}
const message = ({ commitMessage }: Params["options"] = {}) => commitMessage ?? "Edit content";

export function fileActions(context: Context) {
  const { store, settings, editor } = context;
  const { branch } = settings;
  /** An entry as Decap reads it: its text, and its version. */
  async function entry(path: string, ref = branch) {
    const file = await store.read(path, ref);
    return { data: file && decodeText(file.bytes), file: { path, id: file?.sha ?? null } };
  }
  async function media(path: string, ref = branch) {
    const file = await store.read(path, ref);
    if (!file) throw new Refusal(404, `${path} is not in the repository.`);
    return { id: file.sha, content: base64(file.bytes), encoding: "base64", path, name: path.split("/").pop() };
  }
  async function deleteFiles(p: Params) {
    const changes = p.paths!.map((path) => ({ path, content: null }));
    await commit(context, branch, message(p.options), replacing(store, changes, p.versions));
    return { message: "deleted" };
  }
  return {
    entriesByFolder: async (p: Params) =>
      Promise.all(
        (await store.list(p.folder!, branch))
          .filter((f) => f.path.endsWith(`.${p.extension}`))
          .map((f) => entry(f.path)),
      ),
    entriesByFiles: (p: Params) => Promise.all(p.files!.map((file) => entry(file.path, p.branch))),
    getEntry: (p: Params) => entry(p.path!, p.branch),
    // The media library lists the folder; the editor reads an image's bytes when it shows or picks it (cms.tsx).
    getMedia: async (p: Params) =>
      (await store.list(p.mediaFolder!, branch)).map(({ sha, path, name, size }) => ({ id: sha, path, name, size })),
    getMediaFile: (p: Params) => media(p.path!, p.branch),
    unpublishedEntryDataFile: async (p: Params) => ({
      data: (await entry(p.path!, draftOf(p.collection, p.slug))).data,
    }),
    unpublishedEntryMediaFile: (p: Params) => media(p.path!, draftOf(p.collection, p.slug)),
    persistMedia: async (p: Params) => {
      await commit(context, branch, message(p.options), replacing(store, [p.asset!], p.versions));
      return media(p.asset!.path);
    },
    deleteFile: async (p: Params) => deleteFiles({ ...p, paths: [p.path!] }),
    deleteFiles,
    async persistEntry({ dataFiles = [], assets = [], options = {}, versions }: Params) {
      const ref = options.useWorkflow ? draftOf(options.collectionName, dataFiles[0]?.slug) : branch;
      const changes = assets.map(({ path, content }): Change => ({ path, content }));
      for (const file of dataFiles) {
        const moved = file.newPath !== undefined && file.newPath !== file.path;
        changes.push({ path: moved ? file.newPath! : file.path, content: base64(file.raw) });
        if (moved) changes.push({ path: file.path, content: null });
      }
      const head = await commit(context, ref, message(options), replacing(store, changes, versions));
      if (ref !== branch && !(await store.drafts.find(ref))) {
        if (!(await store.head(ref)))
          throw new Refusal(422, "Not saved: this draft changes nothing, so there is nothing to review.");
        try {
          await store.drafts.open(ref, {
            title: message(options),
            status: options.status ?? "draft",
            author: editor.email,
          });
        } catch (error) {
          // A draft is the server's record of it: a branch without one is on no board, so it goes too.
          await store.drafts.remove(ref).catch(() => null);
          throw error;
        }
      }
      return { message: "entry persisted", head };
    },
  };
}
