/**
 * The site's content read from a content directory (data/, or the one CONTENT_DIR names: load.ts), as the pages see
 * it (site-content.ts): the one reader of content files for scripts, test helpers and browser fixtures. Services are
 * every .yaml and .yml file of its services folder, as the build sources them.
 */
import fs from "fs";
import path from "path";
import { parse } from "yaml";
import { contentDirectory, loadSchemas } from "./load";
import { PAGE_FILES } from "./model";
import { fileKey, siteContent, type ContentFiles, type Data } from "./site-content";
import { SERVICES_DIRECTORY } from "./type-names";

export type { ContentFiles, Data } from "./site-content";

const YAML_FILE = /\.ya?ml$/;

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

const readYaml = (file: string) => (parse(fs.readFileSync(file, "utf8")) ?? {}) as Data;

/** Every content file of the directory, parsed: the page files (those present) and the services. */
export function readContentFiles(contentDir: string): ContentFiles {
  const pages = Object.keys(PAGE_FILES).filter((file) => fs.existsSync(path.join(contentDir, file)));
  return {
    files: Object.fromEntries(pages.map((file) => [fileKey(file), readYaml(path.join(contentDir, file))])),
    services: serviceFiles(contentDir).map((file) => readYaml(path.join(contentDir, file))),
  };
}

/** The site's content as the pages see it, from `contentDir` (default: the project's, CONTENT_DIR honoured). */
export function readSiteContent(contentDir = contentDirectory(process.cwd())): ContentFiles {
  return siteContent(readContentFiles(contentDir), loadSchemas(contentDir));
}
