/**
 * What runs before the editor writes to its backend, against the files as the backend holds them at that moment
 * (content-store.ts), never against what this browser loaded earlier:
 * - a save merges the editor's changes onto a file that changed since it was opened (merge.ts), or refuses when both
 *   changed the same field, naming the file; nothing is ever overwritten unseen;
 * - a save and a publish run the content check on the entry together with the services as they will be afterwards
 *   (the published branch, with this entry in place of its own file), so the rules that span services hold on a
 *   phone, a desktop and a draft alike.
 */
import { IMAGE_PATH, localFileFields, readablePath, type ContentError } from "../content/rules";
import { imageProblems } from "../content/images";
import { SERVICES_COLLECTION } from "./config";
import { draftBranch, readServices, type ContentStore } from "./content-store";
import { BASE_KEY, describeErrors, entryFile, SOURCE_KEY, type EntryChecker } from "./entry";
import { parseData } from "../content/site-content";
import { prepareSave } from "./yaml-format";
import type { Schemas } from "../content/model";

type Data = Record<string, unknown>;

export interface SaveContext {
  store: ContentStore;
  /** The branch the site is built from (CMS_BRANCH). */
  branch: string;
  /** Saves are drafts on branches of their own (Decap's editorial workflow). */
  workflow: boolean;
  schemas: Schemas;
  checker: EntryChecker;
}

/** An entry as the editor holds it: its collection, the slug it was loaded under (none when new), its fields. */
export interface EntryState {
  collection: string;
  /** The slug the entry was opened under: its file's name. Undefined for an entry not saved yet. */
  slug: string | undefined;
  data: Data;
  /** Files picked in the media library and not in the backend yet (drafts), by repository path: their bytes. */
  pendingMedia?: Record<string, () => Promise<Uint8Array>>;
}

/** The slug the entry will be saved under: a service's slug field, or a page file's name. */
function targetSlug(entry: EntryState): string {
  return entry.collection === SERVICES_COLLECTION ? String(entry.data.slug ?? entry.slug ?? "") : String(entry.slug);
}

/** The branch that holds the entry as it is now: its draft's when there is one, else the published branch. */
async function entryBranch(ctx: SaveContext, entry: EntryState): Promise<string> {
  if (ctx.workflow && entry.slug !== undefined) {
    const draft = draftBranch(entry.collection, entry.slug);
    if (await ctx.store.hasDraft(draft, ctx.branch)) return draft;
  }
  return ctx.branch;
}

/** The mistakes the content check finds in the entry, with the services as they will be once it is written. */
async function contentErrors(ctx: SaveContext, entry: EntryState, data: Data): Promise<ContentError[]> {
  const target = entryFile(entry.collection, targetSlug(entry));
  if (entry.collection !== SERVICES_COLLECTION) return ctx.checker.check(target, data);
  const own = entry.slug !== undefined ? entryFile(entry.collection, entry.slug).file : undefined;
  const services = (await readServices(ctx.store, ctx.branch))
    .filter((stored) => stored.path !== own)
    .map((stored) => stored.data);
  return ctx.checker.check(target, data, { services });
}

/** A path an entry holds (./images/x.jpg), relative to its file, as a repository path (data/images/x.jpg). */
function repositoryPath(file: string, value: string): string {
  return new URL(value, `https://repository.invalid/${file}`).pathname.slice(1);
}

/**
 * The images the editor picked anew (fields whose path differs from the file as opened), judged by their bytes as
 * the content check judges them (images.ts): format, size limit, and the size the page shows them at.
 */
async function newImageErrors(
  ctx: SaveContext,
  entry: EntryState,
  data: Data,
  { file, schema, branch }: { file: string; schema: string; branch: string },
) {
  const opened = typeof entry.data[SOURCE_KEY] === "string" ? parseData(entry.data[SOURCE_KEY]) : {};
  const before = new Map(
    localFileFields(ctx.schemas[schema], opened, ctx.schemas, schema).map((f) => [readablePath(f.segments), f.value]),
  );
  const errors: ContentError[] = [];
  for (const field of localFileFields(ctx.schemas[schema], data, ctx.schemas, schema)) {
    const at = readablePath(field.segments);
    if (before.get(at) === field.value || !IMAGE_PATH.test(field.value)) continue;
    const path = repositoryPath(file, field.value);
    const pending = entry.pendingMedia?.[path];
    const bytes = pending ? await pending() : await ctx.store.readBytes(path, branch);
    const problems = bytes ? imageProblems(bytes, field.schema.imageSize) : [`points to no image in ${path}`];
    errors.push(...problems.map((message) => ({ file, path: at, message })));
  }
  return errors;
}

/**
 * Checks a save against the backend as it is now. Returns the file's text as it is now (SOURCE_KEY) and as the
 * editor opened it (BASE_KEY), for the write to merge onto (yaml-format.ts); nothing for a new entry. Throws the
 * message to show when the save must not happen.
 */
export async function checkSave(ctx: SaveContext, entry: EntryState): Promise<Record<string, string>> {
  const branch = await entryBranch(ctx, entry);
  const texts = await fileTexts(ctx, entry, branch);
  const prepared = prepareSave({ ...entry.data, ...texts }, ctx.schemas);
  if (prepared.conflicts) {
    const { file } = entryFile(entry.collection, String(entry.slug));
    throw new Error(
      `Not saved: ${file} changed after you opened it, and ${prepared.conflicts.length === 1 ? "a field" : "fields"} ` +
        `you changed changed there too (${prepared.conflicts.join(", ")}). Your edits are still in the form: copy ` +
        `them, reload the page to see the other change, and make yours again.`,
    );
  }
  const target = entryFile(entry.collection, targetSlug(entry));
  const errors = [
    ...(await contentErrors(ctx, entry, prepared.fields)),
    ...(await newImageErrors(ctx, entry, prepared.fields, { ...target, branch })),
  ];
  if (errors.length > 0) throw new Error(describeErrors(errors));
  return texts;
}

/** For an entry opened from a file: its text as it is now and as it was opened. Nothing for a new entry. */
async function fileTexts(ctx: SaveContext, entry: EntryState, branch: string): Promise<Record<string, string>> {
  const opened = entry.data[SOURCE_KEY];
  if (entry.slug === undefined || typeof opened !== "string") return {};
  const { file } = entryFile(entry.collection, entry.slug);
  const now = await ctx.store.read(file, branch);
  if (now === null) {
    throw new Error(
      `Not saved: ${file} was deleted after you opened it. Your edits are still in the form: copy what you need, then create the entry again.`,
    );
  }
  return { [SOURCE_KEY]: now, [BASE_KEY]: opened };
}

/** Before a draft is published: the content check on the published branch as it will be with this draft merged. */
export async function checkPublish(ctx: SaveContext, entry: EntryState): Promise<void> {
  const errors = await contentErrors(ctx, entry, entry.data);
  if (errors.length > 0) {
    throw new Error(`${describeErrors(errors, "published")} The draft is kept as it is.`);
  }
}
