/**
 * The editor's protocol, one table for the server, the browser and the local backend: the params of each action of
 * Decap's proxy protocol (with the versions, drafts' heads, history pages and schedules this site's editor adds), as
 * JSON Schemas, which the server checks every request against before it reads it, with the paths they hold marked;
 * which actions write, which may read a draft, and how a draft's branch is named. The build compiles them ahead, with the content model
 * (plugins/content-model/compiled-schemas.ts): Workers run no code made from text. Keys the API does not read pass.
 */
import type { AnySchemaObject } from "ajv";

const text = { type: "string" } as const;
const sha = { type: "string", pattern: "^[0-9a-f]{40}$" } as const;
/** A file or folder path, which the server checks (functions/_lib/content/rules.ts) wherever the params hold one. */
export const PATH = "a path under data/";
const path = { type: "string", $comment: PATH } as const;
const object = <P extends Record<string, AnySchemaObject>, R extends keyof P = keyof P>(
  properties: P,
  required?: R[],
) => ({
  type: "object" as const,
  properties: {
    branch: text,
    versions: { type: "object" as const, propertyNames: path, additionalProperties: sha },
    ...properties,
  },
  required: required ?? (Object.keys(properties) as R[]),
});
const list = <I extends AnySchemaObject>(items: I, minItems = 0) => ({ type: "array" as const, items, minItems });
const file = object({ path, content: text });
/** Decap's three statuses of a draft: Draft, In review, Ready. */
const status = { enum: ["draft", "pending_review", "pending_publish"] } as const;
const options = object(
  { commitMessage: text, useWorkflow: { type: "boolean" } as const, status, collectionName: text },
  [],
);
const draft = { collection: text, slug: text };
/** How long a review note may be: a thousand lines fit, and so does its GitHub comment (65,536 characters at most). */
export const NOTE_MAX = 60_000;
const note = { type: "string", minLength: 1, maxLength: NOTE_MAX } as const;
const noteId = { ...draft, noteId: text };

/** The actions that write: each names the versions of the files it replaces, and none writes the content model. */
export const WRITES = new Set(["persistEntry", "persistMedia", "deleteFile", "deleteFiles"]);
/** The actions that only read, and may read a draft's branch (the checks before a save read the draft as it is). */
export const DRAFT_READS = new Set(["entriesByFiles", "getEntry", "getMediaFile", "history"]);
/** An entry's draft: the branch cms/<collection>/<slug>, Decap's name for it. */
export const draftName = (collection: string, slug: string) => `cms/${collection}/${slug}`;

export const REQUEST_PARAMS = {
  info: object({}),
  entriesByFolder: object({ folder: path, extension: text }),
  entriesByFiles: object({ files: list(object({ path })) }),
  getEntry: object({ path }),
  getMedia: object({ mediaFolder: path }),
  getMediaFile: object({ path }),
  persistMedia: object({ asset: file, options }, ["asset"]),
  deleteFile: object({ path, options }, ["path"]),
  deleteFiles: object({ paths: list(path, 1), options }, ["paths"]),
  persistEntry: object(
    {
      dataFiles: list(object({ path, raw: text, slug: text, newPath: path }, ["path", "raw"])),
      assets: list(file),
      options,
    },
    ["dataFiles"],
  ),
  unpublishedEntries: object({}),
  unpublishedEntry: object({ id: text, ...draft }, []),
  unpublishedEntryDataFile: object({ ...draft, path }),
  unpublishedEntryMediaFile: object({ ...draft, path }),
  updateUnpublishedEntryStatus: object({ ...draft, newStatus: status }),
  publishUnpublishedEntry: object({ ...draft, head: sha }),
  deleteUnpublishedEntry: object({ ...draft, head: sha }),
  getDeployPreview: object(draft),
  liveStatus: object({ resource: text }),
  history: object({ path, from: text, count: { type: "integer" } as const }, ["path"]),
  drafts: object({}),
  schedulePublish: object({ ...draft, head: sha, at: { type: ["string", "null"] } as const }),
  getNotes: object(draft),
  addNote: object({ ...draft, note: object({ content: note }) }),
  updateNote: object({ ...noteId, updates: object({ content: note, resolved: { type: "boolean" } as const }, []) }),
  deleteNote: object(noteId),
  toggleNoteResolution: object(noteId),
} satisfies Record<string, AnySchemaObject>;

/** The value a request's params hold where they are of a schema of the table above. */
type Value<S> = S extends { enum: readonly (infer E)[] }
  ? E
  : S extends { type: readonly ["string", "null"] }
    ? string | null
    : S extends { type: "string" }
      ? string
      : S extends { type: "integer" }
        ? number
        : S extends { type: "boolean" }
          ? boolean
          : S extends { items: infer I }
            ? Value<I>[]
            : S extends { additionalProperties: infer A }
              ? Record<string, Value<A>>
              : S extends { properties: infer P; required: (infer R)[] }
                ? { [K in keyof P & R]: Value<P[K]> } & { [K in Exclude<keyof P, R>]?: Value<P[K]> }
                : never;
type Merged<U> = (U extends unknown ? (u: U) => void : never) extends (u: infer I) => void ? I : never;
type Actions = typeof REQUEST_PARAMS;
/** What the server reads of a request's params: every action's, of the types above (which it has checked). */
export type Params = Partial<Merged<{ [A in keyof Actions]: Value<Actions[A]> }[keyof Actions]>>;
