/**
 * What the editor knows of an entry beyond its fields: its file and schema, a new file's leading comments, the data in
 * the schema's key order, the draft filled out for a preview, and the content check's verdict in words.
 */
import type { ContentError } from "../content/rules";
import {
  lineAndColumn,
  CONTENT_FOLDER,
  PAGE_FILES,
  SCHEMA_DIRECTORY,
  SERVICE_SCHEMA,
  SERVICES_DIRECTORY,
  resolveSchema,
  type JsonSchema,
  type Schemas,
} from "../content/model";
import { PAGES_COLLECTION, SERVICES_COLLECTION } from "./config";
import { isPlainObject, type Data } from "../content/data";

/** The key under which an entry carries its file's text from load to save (yaml-format.ts). */
export const SOURCE_KEY = "__yamlSource";

/** The saved entry Decap's address names (#/collections/<collection>/entries/<slug>, ?ref=… from the board). */
export function openEntry(hash: string): { collection: string; slug: string } | null {
  const [, collection, slug] = /^#\/collections\/([^/]+)\/entries\/([^/?]+)(\?|$)/.exec(hash) ?? [];
  return slug ? { collection, slug: decodeURIComponent(slug) } : null;
}

export interface EntryFile {
  /** The file, relative to the repository: data/firm.yaml, data/services/tax-compliance.yaml */
  file: string;
  schema: string;
  /** The schema, relative to the file, as its first comment names it for editors' tools. */
  schemaRef: string;
}

/** The file and schema of an entry of the editor's collections. */
export function entryFile(collection: string, slug: string): EntryFile {
  if (collection === SERVICES_COLLECTION) {
    const file = `${CONTENT_FOLDER}/${SERVICES_DIRECTORY}/${slug}.yaml`;
    return { file, schema: SERVICE_SCHEMA, schemaRef: `../${SCHEMA_DIRECTORY}/${SERVICE_SCHEMA}` };
  }
  const name = `${slug}.yaml`;
  if (collection !== PAGES_COLLECTION || !(name in PAGE_FILES))
    throw new Error(`No content file for ${collection}/${slug}`);
  const schema = PAGE_FILES[name as keyof typeof PAGE_FILES];
  return { file: `${CONTENT_FOLDER}/${name}`, schema, schemaRef: `./${SCHEMA_DIRECTORY}/${schema}` };
}

/** The two comment lines every content file opens with: the schema for editors' tools, and what the file is. */
export function fileHeader(schemas: Schemas, entry: EntryFile): string {
  const about = schemas[entry.schema]?.description ?? schemas[entry.schema]?.title ?? "";
  return `# yaml-language-server: $schema=${entry.schemaRef}\n${about ? `# ${about}\n` : ""}`;
}

/** The schema a file's first comment names (yaml-language-server's convention), by file name. */
export function schemaOfSource(source: string): string | undefined {
  return /^#\s*yaml-language-server:\s*\$schema=(?:\S*\/)?([^/\s]+\.schema\.json)\s*$/m.exec(source)?.[1];
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

/**
 * The data in the schema's key order, without the empty values widgets leave in optional fields; unknown keys kept,
 * last, for the content check to name.
 */
export function normalize(value: unknown, schema: JsonSchema | undefined, schemas: Schemas, file: string): unknown {
  if (!schema) return value;
  const { schema: resolved, file: at } = resolveSchema(schema, schemas, file);
  if (Array.isArray(value)) return value.map((item) => normalize(item, resolved.items, schemas, at));
  if (!isPlainObject(value) || !resolved.properties) return value;
  const required = new Set(resolved.required ?? []);
  const out: Data = {};
  const keys = [...Object.keys(resolved.properties), ...Object.keys(value)];
  for (const key of new Set(keys)) {
    if (!Object.hasOwn(value, key) || key === SOURCE_KEY) continue;
    if (!required.has(key) && isEmpty(value[key])) continue;
    out[key] = normalize(value[key], resolved.properties[key], schemas, at);
  }
  return out;
}

/** One message for the editor's notification: what to fix before the entry can be saved (or published). */
export function describeErrors(errors: ContentError[], refused: "saved" | "published" = "saved"): string {
  const lines = errors.map((e) => `${e.path || `${e.file}${e.line ? ` (${lineAndColumn(e)})` : ""}`} ${e.message}`);
  return `Not ${refused}: ${errors.length} problem${errors.length === 1 ? "" : "s"} to fix first. ${lines.join("; ")}.`;
}

/** The draft with every field filled in (empty text, lists), so the site's views can preview a half-written entry. */
export function withSkeleton(value: unknown, schema: JsonSchema | undefined, schemas: Schemas, file: string): unknown {
  if (!schema) return value;
  const { schema: resolved, file: at } = resolveSchema(schema, schemas, file);
  if (resolved.type === "array") {
    return Array.isArray(value) ? value.map((item) => withSkeleton(item, resolved.items, schemas, at)) : [];
  }
  if (resolved.type === "object") {
    const source = isPlainObject(value) ? value : {};
    const out: Data = { ...source };
    for (const [key, property] of Object.entries(resolved.properties ?? {})) {
      out[key] = withSkeleton(source[key], property, schemas, at);
    }
    delete out[SOURCE_KEY];
    return out;
  }
  if (value !== undefined && value !== null) return value;
  return resolved.type === "integer" || resolved.type === "number" ? 0 : "";
}
