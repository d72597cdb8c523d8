/**
 * The editor at /admin/, written into public/admin/ beside the site's webpack build (neither waits on the other):
 * Decap's bundle (vendor/, built by scripts/update-editor.mjs) copied into a folder named by its version and hash, so
 * the year-long cache rule for `/*.js` is safe; the project's editor code (src/cms/cms.tsx) bundled by esbuild with the
 * site's views and CSS for the previews and with Decap's own React (one React on the page); src/cms/admin.css; and
 * index.html, whose policy (hosting.ts) is its own.
 */
import crypto from "crypto";
import type { Plugin } from "esbuild";
import fs from "fs";
import { createRequire } from "module";
import path from "path";
import { cmsBackend, CONTENT_API, type CmsBackend } from "../../../src/content/editor-backend";
import { contentSettings } from "../../../functions/_lib/content/settings";
import { contentSecurityPolicy, type EditorHosting } from "../hosting/hosting";

/** The editor's folder in public/, and so its URL (/admin/). */
export const ADMIN_DIR = "admin";
export const ADMIN_URL = `/${ADMIN_DIR}/`;

/** The module of Decap's bundle that /admin/ loads; the rest of its dist/ are its chunks and licence notice. */
export const DECAP_ENTRY = "decap-cms.js";
/** Placeholder the editor's bundle carries for its CSS file's name until that file's hash is known. */
const PREVIEW_STYLE_PLACEHOLDER = "__PREVIEW_STYLE_FILE__";

/** The first 12 hex digits of the SHA-256 of the texts in order, for file and folder names. */
function hashOf(...texts: (string | Buffer)[]): string {
  const hash = crypto.createHash("sha256");
  for (const text of texts) hash.update(text);
  return hash.digest("hex").slice(0, 12);
}

/** What Decap's bundle holds, as its package.json records it (scripts/update-editor.mjs). */
export interface DecapDist {
  dir: string;
  version: string;
  /** The modules it lends the editor's code (window.DECAP_MODULES): its React. */
  modules: string[];
}

/** Where the project's decap-cms (vendor/decap-cms-<version>.tgz) keeps its bundle, and what it holds. */
export function decapDist(root: string): DecapDist {
  // createRequire: gatsby-node's compiler (Parcel) leaves no require.resolve of its own.
  const manifest = createRequire(path.join(root, "package.json")).resolve("decap-cms/package.json");
  const { version, modules } = JSON.parse(fs.readFileSync(manifest, "utf8")) as DecapDist;
  return { dir: path.join(path.dirname(manifest), "dist"), version, modules };
}

/** React and react-dom for the editor's code: the modules Decap's bundle lends (or a build error naming another). */
function decapModules(modules: string[]): Plugin {
  return {
    name: "decap-modules",
    setup(build) {
      build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, ({ path: name }) =>
        modules.includes(name)
          ? { path: name, namespace: "decap" }
          : { errors: [{ text: `Decap's bundle lends no ${name} (it lends ${modules.join(", ")})` }] },
      );
      build.onLoad({ filter: /.*/, namespace: "decap" }, ({ path: name }) => ({
        contents: `module.exports = window.DECAP_MODULES[${JSON.stringify(name)}];`,
      }));
    },
  };
}

/** Copies Decap's dist/ as it is into admin/decap-cms-<version>.<hash>/; returns the entry's path there. */
export function copyDecap(adminDir: string, dist: Pick<DecapDist, "dir" | "version">): string {
  const files = fs.existsSync(dist.dir) ? fs.readdirSync(dist.dir).sort() : [];
  if (!files.includes(DECAP_ENTRY))
    throw new Error(`The editor's bundle has no ${DECAP_ENTRY} (${dist.dir}). Run npm ci.`);
  const contents = files.map((f) => fs.readFileSync(path.join(dist.dir, f)));
  const folder = `decap-cms-${dist.version}.${hashOf(...files.flatMap((f, i) => [f, contents[i]]))}`;
  fs.mkdirSync(path.join(adminDir, folder), { recursive: true });
  files.forEach((f, i) => fs.writeFileSync(path.join(adminDir, folder, f), contents[i]));
  return `${folder}/${DECAP_ENTRY}`;
}

/** name.ext → name.<hash of text>.ext */
function hashedName(name: string, text: string | Buffer): string {
  const ext = path.extname(name);
  return `${name.slice(0, -ext.length)}.${hashOf(text)}${ext}`;
}

/** The editor's page: Decap's bundle, then the editor's module (modules run in order), which starts Decap. */
function adminPage({ decap, editor, styles }: { decap: string; editor: string; styles: string }): string {
  // The scripts in the body: Decap renders into document.body, which exists by then.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Content editor</title>
<link rel="icon" href="/favicon-32.png" type="image/png">
<link rel="stylesheet" href="${styles}">
</head>
<body>
<script type="module" src="${decap}"></script>
<script type="module" src="${editor}"></script>
</body>
</html>
`;
}

/** What the editor is built from: the repository, Decap's configuration and the content model's schemas. */
type EditorInputs = { root: string; config: unknown; schemas: unknown };

export interface EditorBundle {
  js: string;
  /** The chunks the editor loads when it first needs them (the previews, the checks), under content-hashed names. */
  chunks: { name: string; text: string }[];
  css: string;
}

/**
 * The project's editor code (src/cms/cms.tsx) as a minified ES module, its lazy chunks and the preview frame's
 * stylesheet; `gatsby` and `gatsby-plugin-image` resolve to the preview's stand-ins (gatsby-shim.tsx).
 */
export async function bundleEditor(inputs: EditorInputs & { modules: string[] }): Promise<EditorBundle> {
  const { root, config, schemas, modules } = inputs;
  const esbuild = await import("esbuild");
  const shim = path.join(root, "src/cms/gatsby-shim.tsx");
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [path.join(root, "src/cms/cms.tsx")],
    bundle: true,
    write: false,
    minify: true,
    format: "esm",
    splitting: true,
    chunkNames: "cms-[hash]",
    target: ["chrome109", "firefox115", "safari15"],
    outdir: path.join(root, ".cache", "admin"),
    entryNames: "cms",
    legalComments: "none",
    logLevel: "silent",
    plugins: [decapModules(modules)],
    alias: { gatsby: shim, "gatsby-plugin-image": shim },
    loader: { ".module.css": "local-css", ".css": "css", ".woff2": "dataurl", ".png": "dataurl", ".svg": "dataurl" },
    define: {
      "process.env.NODE_ENV": '"production"',
      __CMS_CONFIG__: JSON.stringify(config),
      __CONTENT_SCHEMAS__: JSON.stringify(schemas),
      __PREVIEW_STYLE__: JSON.stringify(PREVIEW_STYLE_PLACEHOLDER),
    },
  });
  const js = result.outputFiles.find((f) => path.basename(f.path) === "cms.js");
  const chunks = result.outputFiles.filter((f) => f.path.endsWith(".js") && f !== js);
  // The entry's stylesheet, then its chunks': the order the modules import them in.
  const css = result.outputFiles
    .filter((f) => f.path.endsWith(".css"))
    .sort((a, b) => Number(b.path.endsWith("cms.css")) - Number(a.path.endsWith("cms.css")));
  if (!js || css.length === 0) throw new Error("esbuild wrote no script or no stylesheet for the editor");
  return {
    js: js.text,
    chunks: chunks.map((f) => ({ name: path.basename(f.path), text: f.text })),
    css: css.map((f) => f.text).join("\n"),
  };
}

export interface AdminFiles {
  /** Paths relative to admin/. */
  decap: string;
  editor: string;
  previewStyle: string;
  styles: string;
}

/** Writes /admin/ anew into publicDir: Decap's bundle, the editor's bundle and styles, the page. */
type AdminInputs = EditorInputs & { publicDir: string; bundle?: typeof bundleEditor };
export async function writeAdmin({ publicDir, bundle = bundleEditor, ...inputs }: AdminInputs): Promise<AdminFiles> {
  const { root } = inputs;
  const dist = decapDist(root);
  const built = await bundle({ ...inputs, modules: dist.modules });
  const dir = path.join(publicDir, ADMIN_DIR);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const decap = copyDecap(dir, dist);
  const previewStyle = hashedName("cms.css", built.css);
  const js = built.js.split(PREVIEW_STYLE_PLACEHOLDER).join(previewStyle);
  if (js === built.js) throw new Error("The editor's bundle does not name its preview stylesheet");
  const editor = hashedName("cms.js", js);
  const adminCss = fs.readFileSync(path.join(root, "src/cms/admin.css"), "utf8");
  const styles = hashedName("admin.css", adminCss);
  fs.writeFileSync(path.join(dir, previewStyle), built.css);
  fs.writeFileSync(path.join(dir, editor), js);
  for (const chunk of built.chunks) fs.writeFileSync(path.join(dir, chunk.name), chunk.text);
  fs.writeFileSync(path.join(dir, styles), adminCss);
  fs.writeFileSync(path.join(dir, "index.html"), adminPage({ decap, editor, styles }));
  return { decap, editor, previewStyle, styles };
}

/** The editor as hosting serves it: its own policy, reaching the backend's origins, and kept out of search results. */
export function editorHosting(publicDir: string, connect: string[]): EditorHosting {
  return {
    file: path.join(publicDir, ADMIN_DIR, "index.html"),
    urlPath: ADMIN_URL,
    policy: (scriptHashes) => contentSecurityPolicy({ scriptHashes, editor: { connect } }),
    headers: [["X-Robots-Tag", "noindex"]],
  };
}

/**
 * Whether a Gatsby command writes an editor for this backend: a hosted one always; the local one only under `gatsby
 * develop`, so no published build has an editor that talks to whatever listens on its visitor's machine.
 */
export function publishesEditor(backend: CmsBackend, command: string | undefined): boolean {
  return backend.config.name !== "proxy" || command === "develop";
}

/** The editor's backend from CMS_* (and the content API's) variables; a wrong value stops the build naming it. */
export function backendOrPanic(reporter: { panic(message: string): never }) {
  const result = cmsBackend(process.env);
  if (result.error !== undefined) return reporter.panic(`The editor at /admin/: ${result.error}`);
  const api = result.backend.config.name === CONTENT_API.name && contentSettings(process.env, { secrets: false });
  if (api && "error" in api) return reporter.panic(`The editor at /admin/: ${api.error}`);
  return result.backend;
}
