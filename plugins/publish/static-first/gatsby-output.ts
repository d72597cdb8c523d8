/**
 * What the static-first loader and the pages' policies assume of Gatsby 5's output, none of it public API: the build
 * checks each on every page and stops, naming it and Gatsby's version, rather than ship scripts that never start.
 */
import fs from "fs";
import { createRequire } from "module";
import path from "path";

const ASSUMPTIONS = {
  scriptsSlice:
    "Gatsby writes its scripts into public/_gatsby/slices/_gatsby-scripts-1.html and stitches them into every page " +
    'between <!-- slice-start id="_gatsby-scripts-1" --> and <!-- slice-end … --> comments',
  scriptTags: 'inside that slice, Gatsby\'s scripts are external <script src="/…" async> tags, with no other attribute',
  frameworkChunk:
    "webpack writes React into a /framework-<hash>.js chunk whose code only pushes its modules onto one " +
    "self.webpackChunk<name> global",
  appStart: "the app's entry chunk hands webpack a start function as the third element of the chunk it pushes",
} as const;

export type Assumption = keyof typeof ASSUMPTIONS;

/** The installed Gatsby's version, for the message; "unknown" if it cannot be read. */
function gatsbyVersion(root = process.cwd()): string {
  try {
    const manifest = createRequire(path.join(root, "package.json")).resolve("gatsby/package.json");
    return (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

/** The error for an assumption that no longer holds: which one, where, and what to do. */
export class GatsbyOutputError extends Error {
  constructor(assumption: Assumption, where: string, version = gatsbyVersion()) {
    super(
      `Gatsby ${version}'s output no longer matches what the static-first loader assumes (plugins/publish/static-first/gatsby-output.ts, ` +
        `${assumption}): ${ASSUMPTIONS[assumption]}. ${where}. Adapt plugins/publish/static-first/deferred-runtime.ts to the new output, ` +
        "or stay on the Gatsby version that wrote it.",
    );
    this.name = "GatsbyOutputError";
  }
}

const SLICE = /(<!-- slice-start id="_gatsby-scripts-1" -->)[\s\S]*?(<!-- slice-end id="_gatsby-scripts-1" -->)/;
/** Where Gatsby writes the scripts slice it stitches into every page, in public/. */
export const SCRIPTS_SLICE = "_gatsby/slices/_gatsby-scripts-1.html";

/** The scripts slice as Gatsby wrote it for this build, or the error that says there is none. */
export function gatsbyScriptsSlice(publicDir: string): string {
  const file = path.join(publicDir, SCRIPTS_SLICE);
  if (!fs.existsSync(file)) throw new GatsbyOutputError("scriptsSlice", `There is no ${SCRIPTS_SLICE}`);
  return fs.readFileSync(file, "utf8");
}

/** The page with `slice` between its scripts slice's comments, or the error that says it has none. */
export function restitch(html: string, page: string, slice: string): string {
  if (!SLICE.test(html)) throw new GatsbyOutputError("scriptsSlice", `${page} has no such comments`);
  return html.replace(SLICE, (_all, start: string, end: string) => `${start}${slice}${end}`);
}

/** Every HTML file in `dir`, pages and fragments alike, in order. */
export function allHtmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The built pages: every HTML file but Gatsby's fragments and those in the folders `except` names. */
export function listHtmlFiles(dir: string, except: readonly string[] = []): string[] {
  // ~partytown and _gatsby hold Gatsby's internal fragments, not pages.
  const internal = (folder: string) => /^[~_]/.test(folder) || folder === "page-data" || folder === "static";
  const inside = (file: string, folder: string) => file.startsWith(folder + path.sep);
  const folders = (file: string) => path.relative(dir, file).split(path.sep).slice(0, -1);
  return allHtmlFiles(dir).filter((file) => !folders(file).some(internal) && !except.some((f) => inside(file, f)));
}
