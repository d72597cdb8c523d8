// Checks every content file — data/, the directory CONTENT_DIR names, or the one given as the first argument — as
// the build does (src/content/check.ts), without building the site.
import path from "path";
import { checkContent } from "../src/content/check";
import { contentDirectory } from "../src/content/read-content";

const root = path.resolve(__dirname, "..");
const dir = process.argv[2] ? path.resolve(process.argv[2]) : contentDirectory(root);
const started = Date.now();
const { failure, warning, content } = checkContent(dir, { projectRoot: process.cwd() });

if (failure) {
  console.error(failure);
  process.exit(1);
}
if (warning) console.warn(warning);
console.log(
  `Content OK: ${Object.keys(content.files).length} page files and ${content.services.length} services checked in ${Date.now() - started} ms.`,
);
