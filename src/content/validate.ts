/**
 * Checks every YAML file in data/ against the JSON Schemas in data/schema/ and the rules that span files
 * (unique slugs and order, images that exist). Collects every mistake of every file, each naming the file, the
 * field's path, its line and what was expected, so an editor can fix them all in one pass.
 */
import fs from "fs";
import path from "path";
import Ajv, { type ErrorObject, type AnySchemaObject } from "ajv";
import addFormats from "ajv-formats";
import { LineCounter, parseDocument, isMap, isScalar, type Document } from "yaml";
import { SCHEMA_KEYWORDS } from "./schema-keywords";
import { SERVICES_DIRECTORY } from "./type-names";

export interface ContentError {
  /** The file, relative to the project, e.g. data/home.yaml. */
  file: string;
  /** The field's path inside the file, e.g. process.steps[2].title; empty for the whole file. */
  path: string;
  /** 1-based line of the field, where known. */
  line?: number;
  message: string;
}

/** The top-level content files, each with the schema that describes it. */
export const PAGE_FILES = {
  "layout.yaml": "layout.schema.json",
  "firm.yaml": "firm.schema.json",
  "home.yaml": "home.schema.json",
  "about.yaml": "about.schema.json",
  "services-page.yaml": "services-page.schema.json",
  "contact.yaml": "contact.schema.json",
  "not-found.yaml": "not-found.schema.json",
} as const;
export const SERVICE_SCHEMA = "service.schema.json";
export const SCHEMA_DIRECTORY = "schema";
/** How many services the menus, the home card grid and the overview are laid out for (one file each). */
export const SERVICE_COUNT = { min: 1, max: 12 } as const;

type Json = unknown;
export interface ParsedContent {
  /** Parsed top-level files by file name. */
  files: Record<string, Json>;
  services: Json[];
  contact?: { form?: { endpoint?: unknown } };
}

export interface ValidationResult {
  errors: ContentError[];
  content: ParsedContent;
}

function loadSchemas(schemaDir: string): Ajv {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true });
  addFormats(ajv, ["uri"]);
  // Annotations only: localFile is checked after schema validation, where the file's directory is known.
  for (const keyword of SCHEMA_KEYWORDS) ajv.addKeyword({ ...keyword });
  for (const name of fs.readdirSync(schemaDir).filter((f) => f.endsWith(".schema.json"))) {
    ajv.addSchema(JSON.parse(fs.readFileSync(path.join(schemaDir, name), "utf8")) as AnySchemaObject, name);
  }
  return ajv;
}

/** Turns ajv's /a/0/b into a.b[0]-style paths editors can read. */
export function readablePath(segments: (string | number)[]): string {
  return segments.reduce<string>((acc, seg) => {
    if (typeof seg === "number" || /^\d+$/.test(String(seg))) return `${acc}[${seg}]`;
    return acc ? `${acc}.${seg}` : String(seg);
  }, "");
}

function pointerSegments(instancePath: string): (string | number)[] {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
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
    case "minLength":
      return { message: "must not be empty" };
    case "maxLength":
      return { message: `is too long: at most ${String(error.schema)} characters, found ${String(error.data).length}` };
    case "pattern":
      return {
        message: `${parent?.patternErrorMessage ?? `must match ${String(error.schema)}`}, found ${describe(error.data)}`,
      };
    case "format":
      return { message: `must be a valid absolute URL, found ${describe(error.data)}` };
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

function lineOf(doc: Document, counter: LineCounter, segments: (string | number)[]): number | undefined {
  // The deepest node that exists on the path: the field itself, or its parent when the field is missing.
  for (let depth = segments.length; depth >= 0; depth--) {
    const head = segments.slice(0, depth);
    if (depth > 0) {
      const parentNode = doc.getIn(head.slice(0, -1), true);
      const last = head[head.length - 1];
      if (isMap(parentNode)) {
        const pair = parentNode.items.find((item) => isScalar(item.key) && item.key.value === last);
        if (pair && isScalar(pair.key) && pair.key.range) return counter.linePos(pair.key.range[0]).line;
      }
    }
    const node = depth === 0 ? doc.contents : doc.getIn(head, true);
    const range = (node as { range?: [number, number, number] } | null)?.range;
    if (range) return counter.linePos(range[0]).line;
  }
  return undefined;
}

interface ParsedFile {
  file: string;
  absolute: string;
  data: Json;
  doc?: Document;
  counter?: LineCounter;
}

function parseFile(absolute: string, file: string, errors: ContentError[]): ParsedFile | null {
  const source = fs.readFileSync(absolute, "utf8");
  const counter = new LineCounter();
  const doc = parseDocument(source, { lineCounter: counter, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    for (const err of doc.errors) {
      const reason = err.message
        .split("\n")[0]
        .replace(/ at line \d+, column \d+:?\s*$/, "")
        .replace(/[:\s]+$/, "");
      errors.push({ file, path: "", line: err.linePos?.[0]?.line, message: `is not valid YAML: ${reason}` });
    }
    return null;
  }
  return { file, absolute, data: doc.toJS() as Json, doc, counter };
}

function schemaErrors(ajv: Ajv, schemaName: string, parsed: ParsedFile): ContentError[] {
  const validate = ajv.getSchema(schemaName);
  if (!validate) throw new Error(`Schema ${schemaName} is missing from data/${SCHEMA_DIRECTORY}/`);
  if (validate(parsed.data)) return [];
  const seen = new Set<string>();
  const out: ContentError[] = [];
  for (const error of validate.errors ?? []) {
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

/** Paths of fields whose schema says `localFile: true`, with their values. */
function localFileFields(
  schema: AnySchemaObject | undefined,
  data: Json,
  ajv: Ajv,
  segments: (string | number)[] = [],
): { segments: (string | number)[]; value: string }[] {
  if (!schema) return [];
  if (typeof schema.$ref === "string") {
    const target = ajv.getSchema(schema.$ref.startsWith("#") ? `defs.schema.json${schema.$ref}` : schema.$ref);
    return localFileFields(target?.schema as AnySchemaObject | undefined, data, ajv, segments);
  }
  if (schema.localFile === true && typeof data === "string") return [{ segments, value: data }];
  const out: { segments: (string | number)[]; value: string }[] = [];
  if (schema.properties && data && typeof data === "object" && !Array.isArray(data)) {
    for (const [key, sub] of Object.entries(schema.properties as Record<string, AnySchemaObject>)) {
      out.push(...localFileFields(sub, (data as Record<string, Json>)[key], ajv, [...segments, key]));
    }
  }
  if (schema.items && Array.isArray(data)) {
    data.forEach((item, i) =>
      out.push(...localFileFields(schema.items as AnySchemaObject, item, ajv, [...segments, i])),
    );
  }
  return out;
}

function missingFileErrors(ajv: Ajv, schemaName: string, parsed: ParsedFile, projectRoot: string): ContentError[] {
  const schema = ajv.getSchema(schemaName)?.schema as AnySchemaObject;
  return localFileFields(schema, parsed.data, ajv)
    .filter(({ value }) => /\.(jpe?g|png|webp|avif)$/.test(value))
    .filter(({ value }) => !fs.existsSync(path.resolve(path.dirname(parsed.absolute), value)))
    .map(({ segments, value }) => ({
      file: parsed.file,
      path: readablePath(segments),
      line: parsed.doc && parsed.counter ? lineOf(parsed.doc, parsed.counter, segments) : undefined,
      message: `points to an image that does not exist: ${path.relative(projectRoot, path.resolve(path.dirname(parsed.absolute), value))}`,
    }));
}

function phoneErrors(parsed: ParsedFile): ContentError[] {
  const phone = (parsed.data as { phone?: { display?: unknown; dial?: unknown } } | null)?.phone;
  if (!phone || typeof phone.display !== "string" || typeof phone.dial !== "string") return [];
  const shown = phone.display.replace(/\D/g, "");
  const dialled = phone.dial.replace(/\D/g, "");
  if (shown.length >= 7 && dialled.endsWith(shown)) return [];
  return [
    {
      file: parsed.file,
      path: "phone.display",
      line: parsed.doc && parsed.counter ? lineOf(parsed.doc, parsed.counter, ["phone", "display"]) : undefined,
      message: `shows ${JSON.stringify(phone.display)}, which is not the number phone.dial calls (${phone.dial})`,
    },
  ];
}

function serviceCrossErrors(services: ParsedFile[]): ContentError[] {
  const errors: ContentError[] = [];
  for (const key of ["slug", "order"] as const) {
    const firstSeen = new Map<unknown, string>();
    for (const svc of services) {
      const value = (svc.data as Record<string, unknown> | null)?.[key];
      if (value === undefined || value === null) continue;
      const other = firstSeen.get(value);
      if (other) {
        errors.push({
          file: svc.file,
          path: key,
          line: svc.doc && svc.counter ? lineOf(svc.doc, svc.counter, [key]) : undefined,
          message: `${JSON.stringify(value)} is already used by ${other}; each service needs its own ${key}`,
        });
      } else {
        firstSeen.set(value, svc.file);
      }
    }
  }
  return errors;
}

/** A file's problems in the order an editor meets them. */
function byLine(errors: ContentError[]): ContentError[] {
  return [...errors].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

/** Validates data/ (or a fixture directory laid out the same way). */
export function validateContentDirectory(contentDir: string, projectRoot = path.dirname(contentDir)): ValidationResult {
  const errors: ContentError[] = [];
  const rel = (p: string) => path.relative(projectRoot, p).split(path.sep).join("/");
  const ajv = loadSchemas(path.join(contentDir, SCHEMA_DIRECTORY));
  const content: ParsedContent = { files: {}, services: [] };

  for (const [name, schemaName] of Object.entries(PAGE_FILES)) {
    const absolute = path.join(contentDir, name);
    if (!fs.existsSync(absolute)) {
      errors.push({ file: rel(absolute), path: "", message: "is missing; the site needs this file" });
      continue;
    }
    const parsed = parseFile(absolute, rel(absolute), errors);
    if (!parsed) continue;
    const fileErrors = [
      ...schemaErrors(ajv, schemaName, parsed),
      ...missingFileErrors(ajv, schemaName, parsed, projectRoot),
      ...(name === "firm.yaml" ? phoneErrors(parsed) : []),
    ];
    errors.push(...byLine(fileErrors));
    content.files[name] = parsed.data;
  }
  for (const name of fs.readdirSync(contentDir)) {
    if (/\.ya?ml$/.test(name) && !(name in PAGE_FILES)) {
      errors.push({
        file: rel(path.join(contentDir, name)),
        path: "",
        message: `is not a content file the site knows. Expected one of: ${Object.keys(PAGE_FILES).join(", ")}; services go in data/${SERVICES_DIRECTORY}/`,
      });
    }
  }

  const servicesDir = path.join(contentDir, SERVICES_DIRECTORY);
  const serviceFiles = fs.existsSync(servicesDir)
    ? fs
        .readdirSync(servicesDir)
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()
    : [];
  if (serviceFiles.length < SERVICE_COUNT.min) {
    errors.push({ file: rel(servicesDir), path: "", message: "has no service files; the site needs at least one" });
  } else if (serviceFiles.length > SERVICE_COUNT.max) {
    errors.push({
      file: rel(servicesDir),
      path: "",
      message: `has ${serviceFiles.length} service files; the menus and pages are laid out for at most ${SERVICE_COUNT.max}`,
    });
  }
  const parsedServices: ParsedFile[] = [];
  for (const name of serviceFiles) {
    const absolute = path.join(servicesDir, name);
    const parsed = parseFile(absolute, rel(absolute), errors);
    if (!parsed) continue;
    errors.push(...byLine(schemaErrors(ajv, SERVICE_SCHEMA, parsed)));
    parsedServices.push(parsed);
    content.services.push(parsed.data);
  }
  errors.push(...serviceCrossErrors(parsedServices));

  content.contact = content.files["contact.yaml"] as ParsedContent["contact"];
  return { errors, content };
}

/** One message for the whole build: every problem, grouped by file. */
export function formatContentErrors(errors: ContentError[]): string {
  const byFile = new Map<string, ContentError[]>();
  for (const error of errors) byFile.set(error.file, [...(byFile.get(error.file) ?? []), error]);
  const lines = [
    `Content check failed: ${errors.length} problem${errors.length === 1 ? "" : "s"} in ${byFile.size} file${byFile.size === 1 ? "" : "s"}. Nothing is built until ${errors.length === 1 ? "it is" : "they are"} fixed (docs/editing-content.md explains each message).`,
  ];
  for (const [file, fileErrors] of byFile) {
    lines.push("", file);
    for (const e of fileErrors) {
      const where = e.line ? `line ${e.line}: ` : "";
      lines.push(`  ${where}${e.path ? `${e.path} ` : ""}${e.message}`);
    }
  }
  return lines.join("\n");
}
