/**
 * The content check, free of the file system, so the build (check.ts) and the editor before a save or a publish
 * (save-check.ts) run it alike: each file read by one set of YAML rules and checked against its schema and rules.ts,
 * its images by their bytes, the page files all there and no other, the services' rules across files. Each mistake
 * names the file, the field, its line and what was expected, so an editor fixes them all in one pass.
 */
import type { AnySchemaObject, ValidateFunction } from "ajv";
import { isAlias, isNode, LineCounter, parseDocument, visit, type Document, type YAMLError } from "yaml";
import { imageProblems, type ImageFacts } from "./images";
import { anchorMistake, complexKeyMistake, siteReadingErrors, syntaxMistake } from "./site-yaml";
import { PAGE_FILES, SERVICE_SCHEMA, SERVICE_FILE, fileKey, lineAndColumn } from "./model";
import type { Schemas, SourceFile } from "./model";
import type { ContentFiles } from "./site-content";
import { createAjv, fileErrors, IMAGE_PATH, localFileFields, serviceCountProblem, serviceCrossErrors } from "./rules";
import type { ContentError, ParsedFile, Validators } from "./rules";
import { lineOf, readablePath } from "./data";

export interface CheckInput {
  schemas: Schemas;
  files: SourceFile[];
  /** How a message names a file or an image of the content directory, e.g. data/firm.yaml. */
  display(name: string): string;
  /**
   * An image's bytes or what was read of them (images.ts), by its name (images/x.jpg); null when there is no such
   * file, undefined to leave it unjudged.
   */
  image(name: string): Uint8Array | ImageFacts | null | undefined;
  /** The images there are, by name (images/x.jpg), to suggest one for a path to no file; none where not known. */
  images?: string[];
  /** Why the build's image library cannot decode an image whole, by name; null when it can, or where not known. */
  undecodable?(name: string): string | null;
  /** The schemas' validators compiled at build, by schema (Workers and the editor compile no code); ajv's if none. */
  validators?: Record<string, ValidateFunction>;
  /** Each file's reading and schema errors by its text, kept between checks (the content API's, which checks often). */
  memo?: Map<string, { parsed: ParsedFile | null; errors: ContentError[] }>;
}

export interface CheckResult {
  errors: ContentError[];
  /** The files that parse, as read-content.ts gives them: the page files by key (firm), the services in order. */
  content: ContentFiles;
}

/** A file YAML parses but cannot turn into data, named at its first alias or tag. */
function dataMistake(file: string, text: string, doc: Document, counter: LineCounter, error: Error): ContentError {
  let found: { range?: [number, number, number] | null } | undefined;
  visit(doc, (_key, node) => {
    if (!isAlias(node) && !(isNode(node) && node.tag)) return undefined;
    found = node;
    return visit.BREAK;
  });
  const linePos = [counter.linePos(found?.range?.[0] ?? 0)] as YAMLError["linePos"];
  if (isAlias(found)) return syntaxMistake(file, text, { message: "alias", linePos } as YAMLError);
  const message = `cannot be read by the site's YAML reader (${error.message}): remove the tag or write the value as plain text, in quotes`;
  return { file, path: "", line: linePos![0].line, message };
}

/**
 * A file's text as data, or null with its mistakes: YAML this check cannot read, values the site reads otherwise
 * (site-yaml.ts), and a directive (`%YAML 1.1`), which this parser honours and the site's does not.
 */
function parseSource(file: string, text: string, errors: ContentError[]): ParsedFile | null {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const directive = lines.findIndex((line) => line.startsWith("%"));
  if (directive >= 0) {
    errors.push({
      file,
      path: "",
      line: directive + 1,
      message: `starts with the YAML directive ${JSON.stringify(lines[directive].trim())}: remove it (and the --- after it). The site reads every file by one set of YAML rules, and a directive would make this check read the file by others`,
    });
    return null;
  }
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: true, uniqueKeys: true });
  const complex =
    doc.errors.length === 0 && (complexKeyMistake(file, text, doc, counter) ?? anchorMistake(file, text, doc, counter));
  if (complex) {
    errors.push(complex);
    return null;
  }
  if (doc.errors.length === 0) {
    let data: unknown;
    try {
      data = doc.toJS();
    } catch (error) {
      errors.push(dataMistake(file, text, doc, counter, error as Error));
      return null;
    }
    const parsed = { file, data, doc, counter };
    const misread = siteReadingErrors(file, text, parsed);
    errors.push(...misread);
    return misread.length === 0 ? parsed : null;
  }
  // The first error only: YAML's later ones follow from it.
  errors.push(syntaxMistake(file, text, doc.errors[0]));
  return null;
}

/** The mistakes that keep a file's text from being read as YAML (a directive, a syntax error); none when it reads. */
export function yamlErrors(file: string, text: string): ContentError[] {
  const errors: ContentError[] = [];
  parseSource(file, text, errors);
  return errors;
}

/** An image whose header reads well but whose data the build's image library (sharp) cannot decode, and why. */
export const damagedImage = (reason: string) =>
  `is damaged: it cannot be read whole (${reason}): open it in an image editor, save it again, and upload that`;

/** A path relative to the file `from` (./images/x.jpg), as a name in the content directory; null outside it. */
export function contentName(from: string, value: string): string | null {
  if (value.startsWith("/")) return null;
  const parts = from.split("/").slice(0, -1);
  for (const part of value.split("/")) {
    if (part === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}

/** A file's problems in the order an editor meets them. */
const byLine = (errors: ContentError[]) => [...errors].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));

/** What to say of a path to no image, suggesting an image of that name elsewhere, as a path from the file. */
function missingImage(
  from: string,
  value: string,
  target: string | null,
  display: (name: string) => string,
  images: string[],
) {
  const stem = (p: string) => (p.split("/").pop() ?? "").replace(/\.[^.]+$/, "").toLowerCase();
  const match = images.find((name) => stem(name) === stem(value));
  const depth = from.split("/").length - 1;
  const hint = match
    ? `; did you mean ${depth ? "../".repeat(depth) : "./"}${match}? (paths start from this file)`
    : "";
  return `points to an image that does not exist: ${target === null ? value : display(target)}${hint}`;
}

export function checkFiles(input: CheckInput): CheckResult {
  const { schemas, files, display, image } = input;
  let ajv: ReturnType<typeof createAjv> | undefined;
  const compiled = input.validators;
  const validators: Validators = compiled
    ? (name) => compiled[name]
    : (name) => (ajv ??= createAjv(schemas as Record<string, AnySchemaObject>)).getSchema(name);
  const errors: ContentError[] = [];
  const content: CheckResult["content"] = { files: {}, services: [] };

  /** The file's own mistakes: its YAML, its schema's and its images'. */
  const checkFile = ({ name, text }: SourceFile, schemaName: string): ParsedFile | null => {
    const key = `${schemaName}\n${name}\n${text}`;
    let read = input.memo?.get(key);
    if (!read) {
      const mistakes: ContentError[] = [];
      const parsed = parseSource(display(name), text, mistakes);
      read = { parsed, errors: parsed ? fileErrors(validators, schemaName, parsed) : mistakes };
      input.memo?.set(key, read);
    }
    const { parsed } = read;
    if (!parsed) {
      errors.push(...read.errors);
      return null;
    }
    const line = (segments: (string | number)[]) => lineOf(parsed.doc!, parsed.counter!, segments);
    const images = localFileFields(schemas[schemaName], parsed.data, schemas, schemaName)
      .filter(({ value }) => IMAGE_PATH.test(value))
      .flatMap(({ segments, value, schema }) => {
        const target = contentName(name, value);
        const bytes = target === null ? null : image(target);
        if (bytes === undefined) return [];
        const problems = bytes
          ? imageProblems(bytes, schema.imageSize)
          : [missingImage(name, value, target, display, input.images ?? [])];
        const reason = bytes && problems.length === 0 ? input.undecodable?.(target!) : null;
        if (reason) problems.push(damagedImage(reason));
        return problems.map((message) => ({
          file: parsed.file,
          path: readablePath(segments),
          line: line(segments),
          message,
        }));
      });
    errors.push(...byLine([...read.errors, ...images]));
    return parsed;
  };

  for (const [name, schemaName] of Object.entries(PAGE_FILES)) {
    const file = files.find((candidate) => candidate.name === name);
    if (!file) errors.push({ file: display(name), path: "", message: "is missing; the site needs this file" });
    const parsed = file && checkFile(file, schemaName);
    if (parsed) content.files[fileKey(name)] = parsed.data as ContentFiles["files"][string];
  }
  // In the order given (a directory's, by name; the editor's, the entry it saves last): a service that repeats an
  // earlier one's slug, order or label is the one reported.
  const services = files.filter(({ name }) => SERVICE_FILE.test(name));
  for (const { name } of files) {
    if (name in PAGE_FILES || SERVICE_FILE.test(name)) continue;
    errors.push({
      file: display(name),
      path: "",
      message: `is not a content file the site knows. Expected one of: ${Object.keys(PAGE_FILES).join(", ")}; services go in ${display("services")}/`,
    });
  }
  const countProblem = serviceCountProblem(services.length);
  if (countProblem) errors.push({ file: display("services"), path: "", message: countProblem });
  const parsedServices = services.flatMap((file) => checkFile(file, SERVICE_SCHEMA) ?? []);
  errors.push(...serviceCrossErrors(parsedServices));
  content.services = parsedServices.map((parsed) => parsed.data as ContentFiles["services"][number]);
  return { errors, content };
}

/** One problem as the check says it under its file's name: where, the field, and what is wrong. */
export function problemLine(error: ContentError): string {
  const where = lineAndColumn(error);
  return `${where && `${where}: `}${error.path ? `${error.path} ` : ""}${error.message}`;
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
    for (const e of fileErrors) lines.push(`  ${problemLine(e)}`);
  }
  return lines.join("\n");
}
