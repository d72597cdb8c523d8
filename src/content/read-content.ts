/**
 * The content read from disk, for the build, scripts and tests: its directory (data/, or CONTENT_DIR for fixture
 * sites), its schemas, and its files as the pages see them; services are every .yaml and .yml of its services folder.
 */
import fs from "fs";
import path from "path";
import { contentFiles, siteContent, type ContentFiles } from "./site-content";
import { CONTENT_FOLDER, SCHEMA_DIRECTORY, SERVICES_DIRECTORY } from "./model";
import type { JsonSchema, Schemas, SourceFile } from "./model";

const YAML_FILE = /\.ya?ml$/;

export function contentDirectory(projectRoot: string, env: Record<string, string | undefined> = process.env): string {
  return path.resolve(projectRoot, env.CONTENT_DIR || CONTENT_FOLDER);
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

/**
 * Whether the build leaves out `file` (absolute) of the content directory: the schemas, notes (*.md), and every YAML
 * file the content check does not read (another folder, or `.YAML`/`.YML`, which gatsby-transformer-yaml would read
 * too). gatsby-config.ts gives it to the source plugin, so the check and the build read one list of files.
 */
export function ignoredByTheBuild(contentDir: string): (file: string) => boolean {
  return (file) => {
    const parts = path.relative(contentDir, file).split(path.sep);
    const name = parts.at(-1) ?? "";
    if (parts[0] === SCHEMA_DIRECTORY || /\.md$/i.test(name)) return true;
    if (!/\.ya?ml$/i.test(name)) return false;
    return !YAML_FILE.test(name) || !(parts.length === 1 || (parts.length === 2 && parts[0] === SERVICES_DIRECTORY));
  };
}

/** The service files of a content directory, relative to it (services/x.yaml), sorted; none without the folder. */
export function serviceFiles(contentDir: string): string[] {
  const dir = path.join(contentDir, SERVICES_DIRECTORY);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => YAML_FILE.test(name))
    .sort()
    .map((name) => `${SERVICES_DIRECTORY}/${name}`);
}

/** Every YAML file of the content directory and of its services folder, by name (firm.yaml, services/x.yaml). */
export function readSourceFiles(contentDir: string): SourceFile[] {
  const top = fs.readdirSync(contentDir).filter((name) => YAML_FILE.test(name));
  return [...top, ...serviceFiles(contentDir)]
    .filter((name) => fs.statSync(path.join(contentDir, name)).isFile())
    .map((name) => ({ name, text: fs.readFileSync(path.join(contentDir, name), "utf8") }));
}

/** Every content file of the directory, parsed: the page files there are, and the services. */
export function readContentFiles(contentDir: string): ContentFiles {
  return contentFiles(readSourceFiles(contentDir));
}

/** The site's content as the pages see it, from `contentDir` (default: the project's, CONTENT_DIR honoured). */
export function readSiteContent(contentDir = contentDirectory(process.cwd())): ContentFiles {
  return siteContent(readContentFiles(contentDir), loadSchemas(contentDir));
}
