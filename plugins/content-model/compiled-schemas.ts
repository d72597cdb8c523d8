/**
 * The content model's schemas and their validators, and those of the editor's requests (src/content/editor-requests.ts),
 * compiled at build into a module the content API imports (functions/_lib/content/content-check.ts): Cloudflare's
 * Workers run no code made from text at run time, so ajv cannot compile there. The same ajv, formats and keywords as
 * every other reader (src/content/rules.ts createAjv), written out by ajv's standaloneCode.
 */
import fs from "fs";
import path from "path";
import standaloneCode from "ajv/dist/standalone";
import type { AnySchemaObject } from "ajv";
import { createAjv } from "../../src/content/rules";
import type { Schemas } from "../../src/content/model";
import { REQUEST_PARAMS } from "../../src/content/editor-requests";

/** Where the content API imports it from, in the project the build runs in (Gatsby runs this file from .cache/). */
const COMPILED_SCHEMAS = "src/content/schemas.generated.js";

const REQUEST = "request:";
const prefixed = (schemas: Record<string, AnySchemaObject>) =>
  Object.fromEntries(Object.entries(schemas).map(([action, schema]) => [`${REQUEST}${action}`, schema]));

export function writeCompiledSchemas(schemas: Schemas, root = process.cwd()): void {
  const file = path.join(root, COMPILED_SCHEMAS);
  const all = { ...(schemas as Record<string, AnySchemaObject>), ...prefixed(REQUEST_PARAMS) };
  const names = Object.keys(all).sort();
  const code = standaloneCode(createAjv(all, true), Object.fromEntries(names.map((name, i) => [`v${i}`, name])));
  const listed = (keep: (name: string) => boolean, key = (name: string) => name) =>
    `{ ${names.flatMap((name, i) => (keep(name) ? [`${JSON.stringify(key(name))}: v${i}`] : [])).join(", ")} }`;
  const requests = listed(
    (name) => name.startsWith(REQUEST),
    (name) => name.slice(REQUEST.length),
  );
  fs.writeFileSync(
    file,
    [
      "// Written by the build (plugins/content-model/compiled-schemas.ts) from data/schema/. Do not edit.",
      `import { contentFormats } from "./rules";`,
      code,
      `export const schemas = ${JSON.stringify(schemas)};`,
      `export const validators = ${listed((name) => name in schemas)};`,
      `export const requestValidators = ${requests};\n`,
    ].join("\n"),
  );
}
