/**
 * Checks every YAML file in data/ against the JSON Schemas in data/schema/ and the rules that span files
 * (unique slugs and order, images that exist). Collects every mistake of every file, each naming the file, the
 * field's path, its line and what was expected, so an editor can fix them all in one pass.
 */
import fs from "fs";
import path from "path";
import type { AnySchemaObject } from "ajv";
import { loadSchemas, serviceFiles } from "./read-content";
import { PAGE_FILES, SERVICE_SCHEMA, SERVICES_DIRECTORY, type Schemas } from "./model";
import { imageProblems } from "./images";
import { LineCounter, parseDocument } from "yaml";
import {
  createAjv,
  IMAGE_PATH,
  localFileFields,
  serviceCountProblem,
  lineOf,
  readablePath,
  fileErrors,
  serviceCrossErrors,
  type ContentError,
  type ParsedFile as ParsedData,
} from "./rules";

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

/**
 * The first YAML directive (`%YAML 1.1`, `%TAG …`) in a file, with its line. A directive is a line starting with `%`
 * (no YAML content line can). The check's parser honours `%YAML 1.1` and the site's (js-yaml, through
 * gatsby-transformer-yaml) does not, so a file with one could pass here with values the site reads otherwise.
 */
function directiveLine(source: string): { line: number; text: string } | null {
  const lines = source.split(/\r?\n/);
  const index = lines.findIndex((line) => line.startsWith("%"));
  return index < 0 ? null : { line: index + 1, text: lines[index].trim() };
}

function parseFile(absolute: string, file: string, errors: ContentError[]): ParsedFile | null {
  const source = fs.readFileSync(absolute, "utf8");
  const directive = directiveLine(source);
  if (directive) {
    errors.push({
      file,
      path: "",
      line: directive.line,
      message: `starts with the YAML directive ${JSON.stringify(directive.text)}: remove it (and the --- after it). The site reads every file by one set of YAML rules, and a directive would make this check read the file by others`,
    });
    return null;
  }
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

/** Each image field's problems: a path to no file, or a file the build cannot use (images.ts). */
function imageFileErrors(
  schemas: Schemas,
  schemaName: string,
  parsed: ParsedFile,
  projectRoot: string,
): ContentError[] {
  return localFileFields(schemas[schemaName], parsed.data, schemas, schemaName)
    .filter(({ value }) => IMAGE_PATH.test(value))
    .flatMap(({ segments, value, schema }) => {
      const absolute = path.resolve(path.dirname(parsed.absolute), value);
      const problems = fs.existsSync(absolute)
        ? imageProblems(fs.readFileSync(absolute), schema.imageSize)
        : [`points to an image that does not exist: ${path.relative(projectRoot, absolute)}`];
      return problems.map((message) => ({
        file: parsed.file,
        path: readablePath(segments),
        line: parsed.doc && parsed.counter ? lineOf(parsed.doc, parsed.counter, segments) : undefined,
        message,
      }));
    });
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
    errors.push(
      ...byLine([...fileErrors(ajv, schemaName, parsed), ...imageFileErrors(schemas, schemaName, parsed, projectRoot)]),
    );
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
  const services = serviceFiles(contentDir);
  const countProblem = serviceCountProblem(services.length);
  if (countProblem) errors.push({ file: rel(servicesDir), path: "", message: countProblem });
  const parsedServices: ParsedFile[] = [];
  for (const name of services) {
    const absolute = path.join(contentDir, name);
    const parsed = parseFile(absolute, rel(absolute), errors);
    if (!parsed) continue;
    errors.push(...byLine(fileErrors(ajv, SERVICE_SCHEMA, parsed)));
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
