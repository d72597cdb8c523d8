/**
 * Checks every YAML file in data/ against the JSON Schemas in data/schema/ and the rules that span files
 * (unique slugs and order, images that exist). Collects every mistake of every file, each naming the file, the
 * field's path, its line and what was expected, so an editor can fix them all in one pass.
 */
import fs from "fs";
import path from "path";
import type { AnySchemaObject } from "ajv";
import { loadSchemas } from "./load";
import { PAGE_FILES, SERVICE_SCHEMA, resolveSchema, type JsonSchema, type Schemas } from "./model";
import { LineCounter, parseDocument } from "yaml";
import {
  createAjv,
  serviceCountProblem,
  lineOf,
  readablePath,
  phoneErrors,
  schemaErrors,
  serviceCrossErrors,
  type ContentError,
  type ParsedFile as ParsedData,
} from "./rules";
import { SERVICES_DIRECTORY } from "./type-names";

export { PAGE_FILES, SERVICE_SCHEMA, SCHEMA_DIRECTORY, SERVICE_COUNT } from "./model";
export { readablePath, type ContentError } from "./rules";

type Json = unknown;

interface ParsedFile extends ParsedData {
  absolute: string;
}

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

/** Paths of fields whose schema says `localFile: true`, with their values. */
function localFileFields(
  schema: JsonSchema | undefined,
  data: Json,
  schemas: Schemas,
  file: string,
  segments: (string | number)[] = [],
): { segments: (string | number)[]; value: string }[] {
  if (!schema) return [];
  const { schema: resolved, file: at } = resolveSchema(schema, schemas, file);
  if (resolved.localFile === true && typeof data === "string") return [{ segments, value: data }];
  const out: { segments: (string | number)[]; value: string }[] = [];
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

function missingFileErrors(
  schemas: Schemas,
  schemaName: string,
  parsed: ParsedFile,
  projectRoot: string,
): ContentError[] {
  return localFileFields(schemas[schemaName], parsed.data, schemas, schemaName)
    .filter(({ value }) => /\.(jpe?g|png|webp|avif)$/.test(value))
    .filter(({ value }) => !fs.existsSync(path.resolve(path.dirname(parsed.absolute), value)))
    .map(({ segments, value }) => ({
      file: parsed.file,
      path: readablePath(segments),
      line: parsed.doc && parsed.counter ? lineOf(parsed.doc, parsed.counter, segments) : undefined,
      message: `points to an image that does not exist: ${path.relative(projectRoot, path.resolve(path.dirname(parsed.absolute), value))}`,
    }));
}

/** A file's problems in the order an editor meets them. */
function byLine(errors: ContentError[]): ContentError[] {
  return [...errors].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

/** Validates data/ (or a fixture directory laid out the same way). */
export function validateContentDirectory(contentDir: string, projectRoot = path.dirname(contentDir)): ValidationResult {
  const errors: ContentError[] = [];
  const rel = (p: string) => path.relative(projectRoot, p).split(path.sep).join("/");
  const schemas = loadSchemas(contentDir);
  const ajv = createAjv(schemas as Record<string, AnySchemaObject>);
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
      ...missingFileErrors(schemas, schemaName, parsed, projectRoot),
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
  const countProblem = serviceCountProblem(serviceFiles.length);
  if (countProblem) errors.push({ file: rel(servicesDir), path: "", message: countProblem });
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
