/**
 * The editor's reads since its last write, Decap's and its own: the content service merges a save onto what changed
 * since the editor read it, so opening the editor, its first touch and a save read each file once. A read under way is shared; whatever changes a branch (a save, an upload, a delete, a Publish)
 * lets them all go, and so does a refused request.
 */
import { WRITES } from "../content/editor-requests";

export type Entries = { data: string | null; file: { path: string; id?: string | null } }[];
type Params = Record<string, unknown>;

export const answers = { kept: new Map<string, unknown>() };
const KEPT = new Set(["entriesByFolder", "entriesByFiles", "getMedia"]);
const keyOf = (action: string, { branch, folder, extension, path, mediaFolder, files }: Params) =>
  JSON.stringify([
    action,
    branch,
    folder,
    extension,
    path,
    mediaFolder,
    (files as Params[] | undefined)?.map((f) => f.path),
  ]);

/** The answer to a read: one kept, or one under way, or asked now by `ask` (and kept). */
export async function remembered(action: string, params: Params, ask: () => Promise<unknown>) {
  const key = keyOf(action, params);
  if (answers.kept.has(key)) return answers.kept.get(key);
  if (WRITES.has(action) || /^(publish|delete)UnpublishedEntry$/.test(action)) {
    answers.kept.clear();
    return ask().finally(() => answers.kept.clear());
  }
  const answer = ask();
  if (!KEPT.has(action)) return answer;
  answers.kept.set(key, answer);
  answer.then(
    (found) => {
      if (action === "getMedia") return;
      // Each file of a listing, as a read of that file answers it.
      for (const entry of found as Entries) {
        answers.kept.set(keyOf("entriesByFiles", { branch: params.branch, files: [entry.file] }), [entry]);
      }
    },
    () => answers.kept.delete(key),
  );
  return answer;
}

/** A read of one entry (Decap's getEntry), from a reading of its folder kept or under way, where there is one. */
export async function keptEntry({ branch, path }: Params) {
  const [folder, extension] = [String(path).replace(/\/[^/]*$/, ""), String(path).replace(/^.*\./, "")];
  const listing = answers.kept.get(keyOf("entriesByFolder", { branch, folder, extension }));
  return listing ? ((await listing) as Entries).find((entry) => entry.file.path === path) : undefined;
}
