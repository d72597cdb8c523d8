/**
 * The editor's protocol, one table for the server, the browser and the local backend: the params of each action of
 * Decap's proxy protocol (with the versions, drafts' heads, history pages and schedules this site's editor adds), as
 * JSON Schemas, which the server checks every request against before it reads it; which actions write, which may read
 * a draft, and how a draft's branch is named. The build compiles them ahead, with the content model
 * (plugins/content-model/compiled-schemas.ts): Workers run no code made from text. Keys the API does not read pass.
 */
import type { AnySchemaObject } from "ajv";

const text = { type: "string" };
const sha = { type: "string", pattern: "^[0-9a-f]{40}$" };
const object = (properties: Record<string, AnySchemaObject>, required = Object.keys(properties)) => ({
  type: "object",
  properties: { branch: text, versions: { type: "object", additionalProperties: sha }, ...properties },
  required,
});
const list = (items: AnySchemaObject, minItems = 0) => ({ type: "array", items, minItems });
const file = object({ path: text, content: text });
/** Decap's three statuses of a draft: Draft, In review, Ready. */
const status = { enum: ["draft", "pending_review", "pending_publish"] };
const options = object({ commitMessage: text, useWorkflow: { type: "boolean" }, status, collectionName: text }, []);
const draft = { collection: text, slug: text };

/** The actions that write: each names the versions of the files it replaces, and none writes the content model. */
export const WRITES = new Set(["persistEntry", "persistMedia", "deleteFile", "deleteFiles"]);
/** The actions that only read, and may read a draft's branch (the checks before a save read the draft as it is). */
export const DRAFT_READS = new Set(["entriesByFiles", "getEntry", "getMediaFile", "history"]);
/** An entry's draft: the branch cms/<collection>/<slug>, Decap's name for it. */
export const draftName = (collection: string, slug: string) => `cms/${collection}/${slug}`;

/** What the server reads of a request's params, of the types above; it has checked every path and branch in them. */
export interface Params {
  [key: string]: unknown;
  path?: string;
  paths?: string[];
  folder?: string;
  mediaFolder?: string;
  extension?: string;
  files?: { path: string }[];
  id?: string;
  collection?: string;
  slug?: string;
  newStatus?: string;
  resource?: string;
  dataFiles?: { path: string; raw: string; slug: string; newPath?: string }[];
  assets?: { path: string; content: string }[];
  asset?: { path: string; content: string };
  options?: { commitMessage?: string; useWorkflow?: boolean; status?: string; collectionName?: string };
  versions?: Record<string, string>;
  /** The branch a read names: the content branch (the server refuses any other but a draft's). */
  branch?: string;
  /** The draft's head commit the reviewer saw, which Publish merges. */
  head?: string;
  /** The commit a page of a file's history starts at, and how many versions it holds. */
  from?: string;
  count?: number;
  /** The time a draft is to be published at (an ISO instant), or null for none. */
  at?: string | null;
}

export const REQUEST_PARAMS = {
  info: object({}),
  entriesByFolder: object({ folder: text, extension: text }),
  entriesByFiles: object({ files: list(object({ path: text })) }),
  getEntry: object({ path: text }),
  getMedia: object({ mediaFolder: text }),
  getMediaFile: object({ path: text }),
  persistMedia: object({ asset: file, options }, ["asset"]),
  deleteFile: object({ path: text, options }, ["path"]),
  deleteFiles: object({ paths: list(text, 1), options }, ["paths"]),
  persistEntry: object(
    {
      dataFiles: list(object({ path: text, raw: text, slug: text, newPath: text }, ["path", "raw"])),
      assets: list(file),
      options,
    },
    ["dataFiles"],
  ),
  unpublishedEntries: object({}),
  unpublishedEntry: object({ id: text, ...draft }, []),
  unpublishedEntryDataFile: object({ ...draft, path: text }),
  unpublishedEntryMediaFile: object({ ...draft, path: text }),
  updateUnpublishedEntryStatus: object({ ...draft, newStatus: status }),
  publishUnpublishedEntry: object({ ...draft, head: sha }),
  deleteUnpublishedEntry: object({ ...draft, head: sha }),
  getDeployPreview: object(draft),
  liveStatus: object({ resource: text }),
  history: object({ path: text, from: text, count: { type: "integer" } }, ["path"]),
  drafts: object({}),
  schedulePublish: object({ ...draft, head: sha, at: { type: ["string", "null"] } }),
} satisfies Record<string, AnySchemaObject>;
