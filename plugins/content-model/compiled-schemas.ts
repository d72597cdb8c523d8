/**
 * The content model's schemas and their validators, compiled at build into a module the content API imports
 * (functions/_lib/content/content-check.ts): Cloudflare's Workers run no code made from text at run time, so ajv cannot compile there.
 * The same ajv, formats and keywords as every other reader (src/content/rules.ts createAjv), written out by ajv's
 * standaloneCode.
 */
import fs from "fs";
import path from "path";
import standaloneCode from "ajv/dist/standalone";
import type { AnySchemaObject } from "ajv";
import { createAjv } from "../../src/content/rules";
import type { Schemas } from "../../src/content/model";

/** Where the content API imports it from, in the project the build runs in (Gatsby runs this file from .cache/). */
const COMPILED_SCHEMAS = "src/content/schemas.generated.js";

export function writeCompiledSchemas(schemas: Schemas, root = process.cwd()): void {
  const file = path.join(root, COMPILED_SCHEMAS);
  const names = Object.keys(schemas).sort();
  const exported = Object.fromEntries(names.map((name, i) => [`v${i}`, name]));
  const code = standaloneCode(createAjv(schemas as Record<string, AnySchemaObject>, true), exported);
  const validators = names.map((name, i) => `${JSON.stringify(name)}: v${i}`).join(", ");
  fs.writeFileSync(
    file,
    [
      "// Written by the build (plugins/content-model/compiled-schemas.ts) from data/schema/. Do not edit.",
      `import { contentFormats } from "./rules";`,
      code,
      `export const schemas = ${JSON.stringify(schemas)};`,
      `export const validators = { ${validators} };\n`,
    ].join("\n"),
  );
}
