/**
 * The content rules, free of the file system so the build and the editor run the same code: the schemas through ajv,
 * each mistake as a readable message naming the field, and the rules that span fields or files.
 */
import Ajv, { _, type ErrorObject, type AnySchemaObject, type ValidateFunction } from "ajv";
import { fullFormats } from "ajv-formats/dist/formats";
import { httpsHostProblem } from "../lib/header-grammar";
import type { Document, LineCounter } from "yaml";
import { dialNumber } from "./site-content";
import { lineOf, readablePath } from "./data";
import { FIRM_SCHEMA, SERVICE_COUNT, choicesOf, resolveSchema, type JsonSchema, type Schemas } from "./model";

export interface ContentError {
  /** The file, relative to the project, e.g. data/home.yaml. */
  file: string;
  /** The field's path inside the file, e.g. process.steps[2].title; empty for the whole file. */
  path: string;
  /** 1-based line of the field, where known. */
  line?: number;
  column?: number;
  message: string;
}

type Json = unknown;

/** One content file's data, with its parsed YAML document where there is one (for line numbers). */
export type ParsedFile = { file: string; data: Json; doc?: Document; counter?: LineCounter };

/** The schema format of an https URL on a plain host name (data/schema/defs.schema.json httpsUrl). */
const HTTPS_URL_FORMAT = "https-url";

/**
 * The formats the schemas name: a URI, and an https URL whose origin can go into a header (the form endpoint's).
 * Compiled validators (`standalone`) import them by this name.
 * @public
 */
export const contentFormats = {
  uri: fullFormats.uri,
  [HTTPS_URL_FORMAT]: { type: "string" as const, validate: (value: string) => httpsHostProblem(value) === null },
};

/** A schema's validator, by the schema's file name (e.g. service.schema.json). */
export type Validators = (schemaName: string) => ValidateFunction | undefined;

/** An ajv with every schema by file name; `standalone`, for code written out for the content API (no eval on Workers). */
export function createAjv(schemas: Record<string, AnySchemaObject>, standalone = false): Ajv {
  const code = { source: true, esm: true, formats: _`contentFormats` };
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, ...(standalone && { code }) });
  for (const [name, format] of Object.entries(contentFormats)) ajv.addFormat(name, format);
  // Annotations only: localFile is checked after schema validation, where the file's directory is known.
  for (const keyword of ["graphqlType", "patternErrorMessage"]) ajv.addKeyword({ keyword, schemaType: "string" });
  for (const keyword of ["localFile", "multiline"]) ajv.addKeyword({ keyword, schemaType: "boolean" });
  ajv.addKeyword({ keyword: "imageSize", schemaType: "object" });
  for (const [name, schema] of Object.entries(schemas)) ajv.addSchema(schema, name);
  return ajv;
}

function pointerSegments(instancePath: string): (string | number)[] {
  const segments = instancePath ? instancePath.slice(1).split("/") : [];
  return segments.map((s) => (/^\d+$/.test(s) ? Number(s) : s.replace(/~1/g, "/").replace(/~0/g, "~")));
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return "nothing (the field is empty)";
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === "object") return "a group of fields";
  if (typeof value === "string") return `"${value.length > 60 ? `${value.slice(0, 57)}...` : value}"`;
  return `${typeof value} ${String(value)}`;
}

const TYPE_NAMES: Record<string, string> = {
  string: "text",
  integer: "a whole number",
  number: "a number",
  array: "a list",
  object: "a group of fields",
  boolean: "true or false",
};

function messageFor(error: ErrorObject): { extraSegment?: string; message: string } {
  const parent = error.parentSchema as (AnySchemaObject & { patternErrorMessage?: string }) | undefined;
  switch (error.keyword) {
    case "required":
      return {
        extraSegment: (error.params as { missingProperty: string }).missingProperty,
        message: "is required but missing",
      };
    case "additionalProperties": {
      const key = (error.params as { additionalProperty: string }).additionalProperty;
      const allowed = Object.keys((parent?.properties as object) ?? {}).join(", ");
      return { extraSegment: key, message: `is not a known field (a typo?). Fields allowed here: ${allowed}` };
    }
    case "type": {
      const expected = TYPE_NAMES[String((error.params as { type: string }).type)] ?? error.params.type;
      if (error.data === null || error.data === undefined) return { message: `is empty; expected ${expected}` };
      const hint =
        (error.params as { type: string }).type === "string" && typeof error.data !== "object"
          ? " (put the value in quotes)"
          : "";
      return { message: `must be ${expected}${hint}, found ${describe(error.data)}` };
    }
    case "enum":
    case "oneOf": {
      // A closed list (a state's code): name the values allowed, not each one it failed to equal.
      const choices = parent ? choicesOf(parent as JsonSchema) : null;
      if (!choices) return { message: error.message ?? "is not valid" };
      const named = choices.find(
        ({ value, title }) =>
          title !== String(value) && title.toLowerCase() === String(error.data).trim().toLowerCase(),
      );
      if (named) return { message: `must be the code, not the name: ${named.value} for ${named.title}` };
      return {
        message: `must be one of ${choices.map(({ value }) => value).join(", ")}; found ${describe(error.data)}`,
      };
    }
    case "minLength":
      return { message: "must not be empty" };
    case "maxLength":
      return { message: `is too long: at most ${String(error.schema)} characters, found ${String(error.data).length}` };
    case "pattern":
      return {
        message: `${parent?.patternErrorMessage ?? `must match ${String(error.schema)}`}, found ${describe(error.data)}`,
      };
    case "format": {
      const problem = error.schema === HTTPS_URL_FORMAT ? httpsHostProblem(String(error.data)) : null;
      const expected = problem
        ? `must be an absolute https:// URL on a plain host name (${problem})`
        : "must be a valid absolute URL";
      return { message: `${expected}, found ${describe(error.data)}` };
    }
    case "minItems":
    case "maxItems": {
      const min = parent?.minItems as number | undefined;
      const max = parent?.maxItems as number | undefined;
      const found = Array.isArray(error.data) ? error.data.length : 0;
      const expected =
        min !== undefined && min === max
          ? `exactly ${min}`
          : error.keyword === "minItems"
            ? `at least ${min}`
            : `at most ${max}`;
      return { message: `must have ${expected} item${expected.endsWith(" 1") ? "" : "s"}, found ${found}` };
    }
    case "minimum":
    case "maximum":
      return {
        message: `must be ${error.keyword === "minimum" ? "at least" : "at most"} ${String(error.schema)}, found ${describe(error.data)}`,
      };
    default:
      return { message: error.message ?? "is not valid" };
  }
}

function schemaErrors(validators: Validators, schemaName: string, parsed: ParsedFile): ContentError[] {
  const validate = validators(schemaName);
  if (!validate) throw new Error(`No schema named ${schemaName} (data/schema/)`);
  if (validate(parsed.data)) return [];
  const seen = new Set<string>();
  const out: ContentError[] = [];
  // A value outside a closed list fails every `const` of its oneOf: the oneOf's own error says it once.
  const errors = (validate.errors ?? []).filter((error) => !/\/oneOf\/\d+\/const$/.test(error.schemaPath));
  for (const error of errors) {
    const { extraSegment, message } = messageFor(error);
    const segments = pointerSegments(error.instancePath);
    if (extraSegment !== undefined) segments.push(extraSegment);
    const fieldPath = readablePath(segments);
    // One message per field: an empty string fails both minLength and pattern, say it once.
    if (seen.has(fieldPath)) continue;
    seen.add(fieldPath);
    out.push({
      file: parsed.file,
      path: fieldPath,
      line: parsed.doc && parsed.counter ? lineOf(parsed.doc, parsed.counter, segments) : undefined,
      message,
    });
  }
  return out;
}

/** The phone number must be one a visitor's phone can dial, from the office's country (src/content/site-content.ts). */
function phoneErrors(parsed: ParsedFile): ContentError[] {
  const firm = parsed.data as { phone?: { display?: unknown }; address?: { country?: unknown } } | null;
  const display = firm?.phone?.display;
  const country = firm?.address?.country;
  // A blank or missing number is the schema's to report.
  if (typeof display !== "string" || display.trim() === "" || typeof country !== "string") return [];
  if (dialNumber(display, country) !== null) return [];
  return [
    {
      file: parsed.file,
      path: "phone.display",
      line: parsed.doc && parsed.counter ? lineOf(parsed.doc, parsed.counter, ["phone", "display"]) : undefined,
      message: `is ${JSON.stringify(display)}, which is not a phone number that can be dialled from the office's country (${country}): write it as people dial it, e.g. (310) 555-0142, or with the country code, e.g. +1 310 555 0142`,
    },
  ];
}

/** One file's mistakes that need nothing but the file: its schema's, and the firm's phone number. */
export function fileErrors(validators: Validators, schemaName: string, parsed: ParsedFile): ContentError[] {
  return [...schemaErrors(validators, schemaName, parsed), ...(schemaName === FIRM_SCHEMA ? phoneErrors(parsed) : [])];
}

/** What is wrong with `count` services (the site holds SERVICE_COUNT.min to .max), or null. */
export function serviceCountProblem(count: number): string | null {
  if (count < SERVICE_COUNT.min) return "has no service files; the site needs at least one";
  if (count > SERVICE_COUNT.max) {
    return `has ${count} service files; the menus and pages are laid out for at most ${SERVICE_COUNT.max}`;
  }
  return null;
}

/** A menu label as a visitor tells it from another: case and runs of spaces aside. */
export function sameLabel(label: string): string {
  return label.trim().replace(/\s+/g, " ").toLowerCase();
}

/** An error at each service that repeats an earlier one's slug, order or menu label. */
export function serviceCrossErrors(services: Pick<ParsedFile, "file" | "data" | "doc" | "counter">[]): ContentError[] {
  const errors: ContentError[] = [];
  for (const key of ["slug", "order", "navLabel"] as const) {
    const firstSeen = new Map<unknown, string>();
    for (const svc of services) {
      const value = (svc.data as Record<string, unknown> | null)?.[key];
      if (value === undefined || value === null) continue;
      const seen = typeof value === "string" ? sameLabel(value) : value;
      const other = firstSeen.get(seen);
      if (!other) firstSeen.set(seen, svc.file);
      else
        errors.push({
          file: svc.file,
          path: key,
          line: svc.doc && svc.counter ? lineOf(svc.doc, svc.counter, [key]) : undefined,
          message: `${JSON.stringify(value)} is already used by ${other}; each service needs its own ${key}`,
        });
    }
  }
  return errors;
}

/** A path the build reads as an image (the image definition's pattern in data/schema/defs.schema.json). */
export const IMAGE_PATH = /\.(jpe?g|png)$/;

/** A field whose schema says `localFile: true`: where it is, the path it holds, and its schema. */
export type LocalFileField = { segments: (string | number)[]; value: string; schema: JsonSchema };

/** Every field of `data` whose schema says `localFile: true`, with its value. */
export function localFileFields(
  schema: JsonSchema | undefined,
  data: Json,
  schemas: Schemas,
  file: string,
  segments: (string | number)[] = [],
): LocalFileField[] {
  if (!schema) return [];
  const { schema: resolved, file: at } = resolveSchema(schema, schemas, file);
  if (resolved.localFile === true && typeof data === "string") return [{ segments, value: data, schema: resolved }];
  const out: LocalFileField[] = [];
  if (resolved.properties && data && typeof data === "object" && !Array.isArray(data)) {
    for (const [key, sub] of Object.entries(resolved.properties)) {
      out.push(...localFileFields(sub, (data as Record<string, Json>)[key], schemas, at, [...segments, key]));
    }
  }
  if (resolved.items && Array.isArray(data)) {
    data.forEach((item, i) => out.push(...localFileFields(resolved.items, item, schemas, at, [...segments, i])));
  }
  return out;
}
