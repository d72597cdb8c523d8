/**
 * Every write of the editor's server is one commit made here: the changes a plan makes of the files at a branch's
 * head, checked (versions, review, the content check) on exactly the tree committed, and the branch moved only from
 * that head. A save's plan replaces files at the versions the editor saw; Publish's merges a reviewed draft.
 */
import type { Editor } from "./access";
import { checkContentWrite } from "./content-check";
import { writeProblem } from "./rules";
import { listed } from "./settings";
import { Refusal, type Change, type Listing, type Store } from "./store";
import { LIVE_FOR_PUBLISHERS } from "../../../src/content/editor-backend";
import { blobSha, decodeText, fromBase64 } from "../../../src/content/bytes";
import { parseData } from "../../../src/content/data";
import { mergeEdits } from "../../../src/content/merge";
import { writtenText } from "../../../src/content/yaml-patch";

/** What the server knows of the site: its branch, whether saves are drafts, and who edits and publishes. */
export type ServiceSettings = { branch: string; workflow: boolean; editors: string[]; publishers: string[] };
export type Context = { store: Store; settings: ServiceSettings; editor: Editor };
/** The changes to commit onto `head`, or null where there is nothing to commit at all. */
type Plan = (files: Listing, head: string) => Promise<Change[] | null>;

export const refused = (status: number, why: string) => new Refusal(status, `Refused: ${why} Nothing was changed.`);
const notAFile = (path: string) => refused(403, `${path} is a link or a submodule, not a file.`);
export function base64(data: Uint8Array | string): string {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
const isFile = (mode: string) => /^100(644|755)$/.test(mode);

/**
 * One commit on `ref` (a new draft branches from the live head) of the changes `plan` makes, after the content check
 * on the tree committed; a branch that moved meanwhile is planned and checked again on its new head, and after three
 * such races the writer is told to try again. `merged`: Publish's second parent. Answers the branch's head.
 */
export async function commit(
  { store, settings, editor }: Context,
  ref: string,
  message: string,
  plan: Plan,
  merged?: string,
) {
  if (ref === settings.branch && settings.workflow && !mayPublish(settings, editor))
    throw refused(403, LIVE_FOR_PUBLISHERS);
  for (let attempt = 1; attempt <= 3; attempt++) {
    const at = await store.head(ref);
    const head = at ?? (await store.head(settings.branch))!;
    const tree = await store.tree(head);
    const changes = await plan(tree.files, head);
    if (changes === null || (changes.length === 0 && !merged)) return head;
    await checkContentWrite(store.blob, tree.files, changes);
    const parents = merged ? [head, merged] : [head];
    const next = await store.write({ tree: tree.sha, changes, parents, message, author: editor });
    if (await store.move(ref, next, at)) return next;
  }
  // Others' commits kept landing first: a lost race, not a refusal, so whoever asked may try again.
  throw new Refusal(503, "Not saved: other changes kept landing meanwhile. Try again.");
}

export const mayPublish = (settings: ServiceSettings, editor: Editor) => listed(settings.publishers, editor.email);

const stale = (path: string) =>
  new Refusal(
    409,
    `Not saved: ${path} changed since you opened it. Nothing was changed: reload to see it as it is now.`,
  );
const isYaml = (path: string) => /\.ya?ml$/.test(path);

/**
 * A save's plan: `changes`, each onto the file at `versions[path]` (absent if none) or already as it leaves it; a
 * YAML file changed since that version gets the editor's changes merged onto it field by field, as Publish merges.
 */
export function replacing(store: Store, changes: Change[], versions: Record<string, string> = {}): Plan {
  return async (files) => {
    const planned: Change[] = [];
    const twice = changes.find((change, i) => changes.findIndex((c) => c.path === change.path) !== i);
    if (twice) throw refused(400, `the request names ${twice.path} twice.`);
    for (const { path, content } of changes) {
      const [now, seen] = [files.get(path), versions[path]];
      if (now && !isFile(now.mode)) throw notAFile(path);
      const bytes = content === null ? null : fromBase64(content);
      if (content !== null && !bytes) throw refused(400, `${path} was not sent as base64.`);
      if ((now?.sha ?? null) === (bytes && (await blobSha(bytes)))) continue;
      if ((now?.sha ?? null) === (seen ?? null)) planned.push({ path, content });
      else if (!isYaml(path) || !now || !seen || !bytes) throw stale(path);
      else planned.push({ path, content: await merged(store, path, [seen, now.sha, decodeText(bytes)], "saved") });
    }
    return planned;
  };
}

/**
 * Publish's plan: the draft's changes since it left the live branch, read from both whole trees, onto the live files
 * now; a file changed on both sides merged field by field as a stale save is, or refused naming the fields.
 * A draft already live (published by its button, or by another run) publishes nothing.
 */
export function merging(store: Store, reviewed: string): Plan {
  return async (live, head) => {
    const from = await store.mergeBase(head, reviewed);
    if (from === reviewed) return null;
    const [base, draft] = (await Promise.all([store.tree(from), store.tree(reviewed)])).map((tree) => tree.files);
    const planned: Change[] = [];
    for (const path of new Set([...base.keys(), ...draft.keys()])) {
      const [was, sha, now] = [base.get(path)?.sha ?? null, draft.get(path)?.sha ?? null, live.get(path)?.sha ?? null];
      if (was === sha && base.get(path)?.mode === draft.get(path)?.mode) continue;
      // Nothing reaches the live branch that the editor could not write itself.
      const problem =
        writeProblem(path) ?? (isFile(draft.get(path)?.mode ?? "100644") ? null : `${path} is not a plain file`);
      if (problem) throw refused(403, `the draft changes a file the editor does not: ${problem}.`);
      if (now === sha) continue;
      if (now !== was && !(isYaml(path) && was && now && sha)) throw clash(path, "published", "the file");
      const content =
        now === was ? sha && base64(await store.blob(sha)) : await merged(store, path, [was!, now!, sha!]);
      planned.push({ path, content });
    }
    return planned;
  };
}

const clash = (path: string, done: "saved" | "published", what: string) =>
  new Refusal(
    409,
    done === "saved"
      ? `Not saved: ${path} changed after you opened it, and ${what} you changed changed there too. Nothing was ` +
          "changed: your edits are still in the form. Copy them, reload to see the other change, and make yours again."
      : `Not published: ${path} changed on the live site since the draft was made, and ${what} changed in the ` +
          "draft too. Nothing was changed: open the draft, make its changes again onto the file as it is now, and save.",
  );

/**
 * A YAML file changed on both sides since `base` (a blob): the other side's fields (`live`, a blob) with the draft's
 * changes (`mine`, a blob) or the editor's (the text saved) made onto its text, or refused naming the fields.
 */
async function merged(
  store: Store,
  path: string,
  [base, live, mine]: string[],
  done: "saved" | "published" = "published",
) {
  const text = async (sha: string) => decodeText(await store.blob(sha));
  const [was, now, made] = await Promise.all([text(base), text(live), done === "saved" ? mine : text(mine)]);
  const result = mergeEdits(parseData(was), parseData(made), parseData(now));
  if (result.conflicts) {
    throw clash(path, done, `${result.conflicts.length === 1 ? "a field" : "fields"} (${result.conflicts.join(", ")})`);
  }
  try {
    return base64(writtenText({ source: now, fields: result.merged }));
  } catch {
    throw clash(path, done, "the file");
  }
}
