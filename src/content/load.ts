/**
 * The content model read from disk, for the build, its plugins and the tests: where the content lives (data/, or the
 * directory in the CONTENT_DIR environment variable, used to build fixture sites) and its JSON Schemas. The rest of
 * the model is free of the file system (model.ts), so the editor at /admin/ shares it.
 */
import fs from "fs";
import path from "path";
import { CONTENT_FOLDER, SCHEMA_DIRECTORY, type JsonSchema, type Schemas } from "./model";

const CONTENT_DIR_ENV = "CONTENT_DIR";

export function contentDirectory(projectRoot: string, env: Record<string, string | undefined> = process.env): string {
  return path.resolve(projectRoot, env[CONTENT_DIR_ENV] || CONTENT_FOLDER);
}

/** Every *.schema.json of the content directory's schema folder, by file name. */
export function loadSchemas(contentDir: string): Schemas {
  const schemaDir = path.join(contentDir, SCHEMA_DIRECTORY);
  const schemas: Schemas = {};
  for (const name of fs.readdirSync(schemaDir).filter((f) => f.endsWith(".schema.json"))) {
    schemas[name] = JSON.parse(fs.readFileSync(path.join(schemaDir, name), "utf8")) as JsonSchema;
  }
  return schemas;
}
