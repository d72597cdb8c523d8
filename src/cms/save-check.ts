/**
 * What runs before the editor writes, against the backend as it is at that moment: a save and a publish run the
 * build's content check on the file as it will be written, with the services as they will be then. Images picked anew
 * are judged by their bytes and read whole, as the server and the build read them. The content service merges a save
 * onto a file that changed since it was opened, or refuses it naming the fields both sides changed, so the file is not
 * read again here.
 */
import type { Schemas } from "../content/model";
import { IMAGE_PATH, localFileFields, type ContentError } from "../content/rules";
import { imageDataProblem } from "../content/images";
import { parseData, readablePath, type Data } from "../content/data";
import { checkFiles, contentName, yamlErrors } from "../content/validate";
import { validators } from "../content/schemas.generated";
import { SERVICES_COLLECTION } from "./config";
import { contentPath, draftBranch, repositoryPath, SERVICES_FOLDER } from "./content-store";
import type { ContentStore, StoredFile } from "./content-store";
import { describeErrors, entryFile, fileHeader, SOURCE_KEY, type EntryFile } from "./entry";
import { prepareSave } from "./yaml-format";
import { writtenText } from "../content/yaml-patch";

type Reading = { opened: string; branch: string; services?: StoredFile[] };

export interface SaveContext {
  store: ContentStore;
  /** The branch the site is built from (CMS_BRANCH). */
  branch: string;
  /** Saves are drafts on branches of their own (Decap's editorial workflow). */
  workflow: boolean;
  schemas: Schemas;
}

/** An entry as the editor holds it. */
export interface EntryState {
  collection: string;
  /** The slug the entry was opened under: its file's name. Undefined for an entry not saved yet. */
  slug: string | undefined;
  data: Data;
  /** Files picked in the media library and not in the backend yet (drafts), by repository path: their bytes. */
  pendingMedia?: Record<string, () => Promise<Uint8Array>>;
}

/** The file the entry will be saved to: a service's by its slug field, a page file's by its name. */
function targetFile(entry: EntryState): EntryFile {
  const slug = entry.collection === SERVICES_COLLECTION ? (entry.data.slug ?? entry.slug) : entry.slug;
  return entryFile(entry.collection, String(slug ?? ""));
}

/** The branch that holds the entry as it is now: its draft's when there is one, else the published branch. */
export async function entryBranch(ctx: SaveContext, entry: Omit<EntryState, "data">): Promise<string> {
  if (ctx.workflow && entry.slug !== undefined) {
    const draft = draftBranch(entry.collection, entry.slug);
    if (await ctx.store.hasDraft(draft, ctx.branch)) return draft;
  }
  return ctx.branch;
}

/** The names of the images a file's fields hold, by field (founder.portrait → images/x.jpg). */
function imageFields(ctx: SaveContext, target: EntryFile, data: unknown): Map<string, string | null> {
  const fields = localFileFields(ctx.schemas[target.schema], data, ctx.schemas, target.schema);
  const name = contentPath(target.file);
  return new Map(
    fields.filter((f) => IMAGE_PATH.test(f.value)).map((f) => [readablePath(f.segments), contentName(name, f.value)]),
  );
}

/** A version's values to restore (`data`), but an image the branch no longer holds keeps today's value (`now`). */
export async function restorable(ctx: SaveContext, entry: Omit<EntryState, "data">, data: Data, now: Data) {
  const target = targetFile({ ...entry, data });
  const branch = await entryBranch(ctx, entry);
  type Node = Record<string | number, unknown>;
  const at = (node: unknown, segments: (string | number)[]) => segments.reduce((n, key) => (n as Node)?.[key], node);
  for (const { segments, value } of localFileFields(ctx.schemas[target.schema], data, ctx.schemas, target.schema)) {
    const name = contentName(contentPath(target.file), value);
    if (
      value === at(now, segments) ||
      (name && (await ctx.store.readBytes(repositoryPath(name), branch).catch(() => null)))
    )
      continue;
    (at(data, segments.slice(0, -1)) as Node)[segments.at(-1)!] = at(now, segments);
  }
  return data;
}

/**
 * The content check's mistakes in `text`, the entry's file as it will be written, with the other services (this entry
 * last; `services` where they were read); images on `branch`, judged where a field holds one it did not in `opened`.
 */
async function contentErrors(ctx: SaveContext, entry: EntryState, text: string, at: Reading) {
  const { opened, branch, services } = at;
  const target = targetFile(entry);
  const isService = entry.collection === SERVICES_COLLECTION;
  const own = entry.slug !== undefined ? entryFile(entry.collection, entry.slug).file : undefined;
  const listed = isService ? (services ?? (await ctx.store.list(SERVICES_FOLDER, ctx.branch))) : [];
  const others = listed.filter((f) => f.path !== own && f.path !== target.file);
  const before = imageFields(ctx, target, parseData(opened));
  const picked = [...imageFields(ctx, target, parseData(text))].flatMap(([field, name]) =>
    name !== null && before.get(field) !== name ? [name] : [],
  );
  const bytes = new Map<string, Uint8Array | null>();
  for (const name of new Set(picked)) {
    const pending = entry.pendingMedia?.[repositoryPath(name)];
    bytes.set(name, await (pending ? pending() : ctx.store.readBytes(repositoryPath(name), branch)).catch(() => null));
  }
  // Each picked image read whole as the build's decoders read it, as the server reads it: its header alone does not
  // show damage.
  const damage = new Map<string, string | null>();
  for (const [name, data] of bytes) damage.set(name, data && (await imageDataProblem(data)));
  const { errors } = checkFiles({
    undecodable: (name) => damage.get(name) ?? null,
    schemas: ctx.schemas,
    validators,
    files: [
      ...others.map((f) => ({ name: contentPath(f.path), text: f.text })),
      { name: contentPath(target.file), text },
    ],
    display: repositoryPath,
    image: (name) => bytes.get(name),
  });
  // The check names a clash between two services at the later file: this entry's, which comes last here.
  return errors.filter((e: ContentError) => e.file === target.file || (isService && e.file === SERVICES_FOLDER));
}

/**
 * Checks a save against the backend as it is now: returns the texts the write is made onto (yaml-format.ts; a new
 * file's leading comments) and the text written; throws the message to show to refuse it.
 */
export async function checkSave(ctx: SaveContext, entry: EntryState) {
  const branch = await entryBranch(ctx, entry);
  // The services as they are published, this one among them unless it has a draft.
  const services =
    entry.collection === SERVICES_COLLECTION ? await ctx.store.list(SERVICES_FOLDER, ctx.branch) : undefined;
  const opened = entry.data[SOURCE_KEY];
  // A file that is not valid YAML opens as an empty form: nothing is written over it from that.
  const unreadable =
    typeof opened === "string" ? yamlErrors(entryFile(entry.collection, String(entry.slug)).file, opened) : [];
  if (unreadable.length > 0) {
    throw new Error(`${describeErrors(unreadable)} Fix the file in the repository; the form could not read it.`);
  }
  const texts = typeof opened === "string" ? {} : { [SOURCE_KEY]: fileHeader(ctx.schemas, targetFile(entry)) };
  const written = writtenText(prepareSave({ ...entry.data, ...texts }, ctx.schemas));
  const at = { opened: typeof opened === "string" ? opened : "", branch, services };
  const errors = await contentErrors(ctx, entry, written, at);
  if (errors.length > 0) throw new Error(describeErrors(errors));
  return { texts, written };
}

/**
 * Before a draft is published: the content check with the draft merged, read from its branch as the merge takes it
 * (the entry Decap hands over can be another draft's).
 */
export async function checkPublish(ctx: SaveContext, entry: EntryState): Promise<void> {
  const { file } = entryFile(entry.collection, String(entry.slug));
  const stored = await ctx.store.read(file, draftBranch(entry.collection, String(entry.slug)));
  const draft = stored?.text ?? writtenText(prepareSave(entry.data, ctx.schemas));
  const data = stored ? parseData(stored.text) : entry.data;
  const errors = await contentErrors(ctx, { ...entry, data }, draft, { opened: draft, branch: ctx.branch });
  if (errors.length > 0) throw new Error(`${describeErrors(errors, "published")} The draft is kept as it is.`);
}
