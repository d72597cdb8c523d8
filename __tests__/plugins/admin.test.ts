/**
 * The editor's files: Decap's prebuilt bundle copied as it ships into a folder named by version and content hash, the
 * project's editor bundle (esbuild, React 18 inside) and styles under content-hashed names, the page that loads them
 * in order; and the editor's own policy and headers, apart from the visitor pages'.
 * @jest-environment node
 */
import crypto from "crypto";
import fs from "fs";
import os from "os";
import path from "path";
import {
  ADMIN_DIR,
  DECAP_ENTRY,
  backendOrPanic,
  bundleEditor,
  copyDecap,
  decapDist,
  editorHosting,
  publishesEditor,
  writeAdmin,
} from "../../plugins/publish/editor/admin";
import {
  contentSecurityPolicy,
  editorPolicy,
  pagePolicies,
  perPageHeaderRules,
} from "../../plugins/publish/hosting/hosting";
import { parseHeadersFile } from "../../plugins/publish/hosting/headers-file";
import { FIXED_BUILD_SCRIPTS } from "../../plugins/publish/hosting/inline-scripts";
import { listHtmlFiles } from "../../plugins/publish/static-first/gatsby-output";
import { cmsBackend, LOCAL_PROXY_ORIGINS, type CmsBackend } from "../../src/content/editor-backend";

const root = path.resolve(__dirname, "../..");

const made: string[] = [];
afterEach(() => made.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function site(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-"));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const html = `<!doctype html><html><head><title>Content editor</title><script src="cms.0123456789ab.js"></script></head><body></body></html>`;

test("Decap's bundle is copied as it is, its licence beside it, into a folder named by version and content", () => {
  const shipped: Record<string, string> = {
    [DECAP_ENTRY]: "decap();\n",
    "decap-cms.js.LEGAL.txt": "MIT\n",
  };
  const dist = site(shipped);
  const out = site({});
  const entry = copyDecap(out, { dir: dist, version: "3.16.3" });
  expect(entry).toMatch(/^decap-cms-3\.16\.3\.[0-9a-f]{12}\/decap-cms\.js$/);
  const folder = path.join(out, path.dirname(entry));
  expect(fs.readdirSync(folder).sort()).toEqual(Object.keys(shipped).sort());
  // Byte for byte: nothing re-minifies or rewrites it.
  expect(fs.readFileSync(path.join(out, entry), "utf8")).toBe(shipped[DECAP_ENTRY]);
  // A changed file: another folder, so the year-long cache rule is safe.
  fs.writeFileSync(path.join(dist, "decap-cms.js.LEGAL.txt"), "MIT (2)\n");
  expect(copyDecap(site({}), { dir: dist, version: "3.16.3" })).not.toBe(entry);
  // A bundle without its entry stops the build, saying what to run.
  fs.rmSync(path.join(dist, DECAP_ENTRY));
  expect(() => copyDecap(site({}), { dir: dist, version: "3.16.3" })).toThrow(/has no decap-cms\.js .*Run npm ci/);
});

test("the installed decap-cms is the vendored bundle, whose integrity the lock holds", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, { resolved?: string; integrity?: string }>;
  };
  const { dir, version } = decapDist(root);
  const tarball = `vendor/decap-cms-${version}.tgz`;
  expect(pkg.dependencies["decap-cms"]).toBe(`file:${tarball}`);
  const sha512 = crypto
    .createHash("sha512")
    .update(fs.readFileSync(path.join(root, tarball)))
    .digest("base64");
  expect(lock.packages["node_modules/decap-cms"]).toMatchObject({
    resolved: `file:${tarball}`,
    integrity: `sha512-${sha512}`,
  });
  expect(fs.existsSync(path.join(dir, DECAP_ENTRY))).toBe(true);
});

test("/admin/: Decap's bundle, then the editor's, each under a content-hashed name that the page names", async () => {
  const publicDir = site({ [`${ADMIN_DIR}/stale.js`]: "old();" });
  const files = await writeAdmin({
    publicDir,
    root,
    config: {},
    schemas: {},
    bundle: async () => ({
      js: 'import "./cms-CHUNK1.js";registerPreviewStyle("__PREVIEW_STYLE_FILE__");',
      chunks: [{ name: "cms-CHUNK1.js", text: "chunk();" }],
      css: "h1{color:red}",
    }),
  });
  const dir = path.join(publicDir, ADMIN_DIR);
  expect(fs.existsSync(path.join(dir, "stale.js"))).toBe(false);
  expect(files.editor).toMatch(/^cms\.[0-9a-f]{12}\.js$/);
  expect(files.previewStyle).toMatch(/^cms\.[0-9a-f]{12}\.css$/);
  expect(files.styles).toMatch(/^admin\.[0-9a-f]{12}\.css$/);
  for (const file of Object.values(files)) expect(fs.existsSync(path.join(dir, file))).toBe(true);
  // The editor's bundle names its preview stylesheet by its hashed name.
  expect(fs.readFileSync(path.join(dir, files.editor), "utf8")).toBe(
    `import "./cms-CHUNK1.js";registerPreviewStyle("${files.previewStyle}");`,
  );
  // Beside it, the chunks it imports, under the names it imports them by.
  expect(fs.readFileSync(path.join(dir, "cms-CHUNK1.js"), "utf8")).toBe("chunk();");
  const page = fs.readFileSync(path.join(dir, "index.html"), "utf8");
  expect(page).toMatch(/<meta name="robots" content="noindex">/);
  const scripts = [...page.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts).toEqual([files.decap, files.editor]);
  expect(page).toContain(`<script type="module" src="${files.editor}">`);
  expect(page).toContain(`<link rel="stylesheet" href="${files.styles}">`);
  // No inline script: the editor's bundle starts Decap, with the configuration from the build.
  expect(page).not.toMatch(/<script>/);
});

test("the editor's bundle holds the site's views and CSS, with Decap's React, never Decap or Gatsby's runtime", async () => {
  const { modules } = decapDist(root);
  const { js: entry, chunks, css } = await bundleEditor({ root, config: { collections: [] }, schemas: {}, modules });
  const js = [entry, ...chunks.map((chunk) => chunk.text)].join("\n");
  // One React on the page: the one Decap's bundle lends, none of the site's own.
  expect(js).not.toMatch(/"18\.3\.|"19\.\d/);
  expect(js).toContain("DECAP_MODULES");
  expect(js).not.toMatch(/decap-cms-app|gatsby-browser|@gatsbyjs\/reach-router/);
  expect(entry).toContain("__PREVIEW_STYLE_FILE__");
  // What the login page loads: the entry and the chunks it imports. The site's views (the previews), the schema
  // validator and phone numbers (the checks) come later, with what needs them.
  const byName = new Map(chunks.map((chunk) => [chunk.name, chunk.text]));
  const imports = (text: string) =>
    [...text.matchAll(/import\s*(?:[^"'();]*?from\s*)?"\.\/(cms-\w+\.js)"/g)].map((m) => m[1]);
  const first = new Set<string>();
  const follow = (text: string): void =>
    imports(text).forEach((name) => !first.has(name) && first.add(name) && follow(byName.get(name)!));
  follow(entry);
  const atLogin = [entry, ...[...first].map((name) => byName.get(name)!)].join("\n");
  for (const later of ["Loading the preview", "must have required property"]) {
    expect(js).toContain(later);
    expect(atLogin).not.toContain(later);
  }
  for (const chunk of chunks) expect(chunk.name).toMatch(/^cms-[A-Z0-9]{8}\.js$/);
  // The site's own styles, for the preview frame: the global ones and the views' modules.
  expect(css).toMatch(/--[\w-]+:/);
  expect(css.length).toBeGreaterThan(5000);
  // A React module Decap's bundle does not lend stops the build, naming it.
  await expect(bundleEditor({ root, config: {}, schemas: {}, modules: ["react"] })).rejects.toThrow(
    /Decap's bundle lends no react-dom/,
  );
}, 30_000);

test("/admin/ is not a visitor page; its rule has its own policy, is revalidated and kept out of search results", () => {
  const dir = site({
    "index.html": "<!doctype html><html><head><script>visitor()</script></head></html>",
    [`${ADMIN_DIR}/index.html`]: html,
    "services/admin/index.html": "<!doctype html><html></html>",
  });
  const editor = editorHosting(dir, []);
  const pages = listHtmlFiles(dir, [path.dirname(editor.file)]);
  expect(pages.map((f) => path.relative(dir, f))).toEqual(["index.html", "services/admin/index.html"]);
  const rules = parseHeadersFile(
    perPageHeaderRules([
      ...pagePolicies(dir, pages, "https://formspree.io", new Set(["visitor()"])),
      editorPolicy(dir, editor, new Set(FIXED_BUILD_SCRIPTS)),
    ]),
  );
  const admin = rules.find((r) => r.pattern === "/admin/")!;
  const headers = Object.fromEntries(admin.headers);
  expect(headers["X-Robots-Tag"]).toBe("noindex");
  expect(headers["Cache-Control"]).toMatch(/max-age=0/);
  expect(headers["Content-Security-Policy"]).toBe(contentSecurityPolicy({ scriptHashes: [], editor: { connect: [] } }));
  const visitor = rules.find((r) => r.pattern === "/")!;
  expect(Object.fromEntries(visitor.headers)["Content-Security-Policy"]).not.toMatch(/unsafe-eval|8081/);
  // The editor opens no login popup: it keeps the `/*` rule's opener policy (same-origin), as the visitor pages do.
  expect(headers["Cross-Origin-Opener-Policy"]).toBeUndefined();
  expect(Object.fromEntries(visitor.headers)["Cross-Origin-Opener-Policy"]).toBeUndefined();
});

test("the editor's policy: its own origin (the content API), or the local backend too, nothing else", () => {
  const csp = contentSecurityPolicy({ scriptHashes: ["'sha256-x'"], editor: { connect: [] } });
  expect(csp).toMatch(/script-src 'self' 'sha256-x';/);
  expect(csp).toMatch(/connect-src 'self' blob:;/);
  const local = contentSecurityPolicy({ scriptHashes: [], editor: { connect: LOCAL_PROXY_ORIGINS } });
  expect(local).toMatch(/connect-src 'self' blob: http:\/\/localhost:8081 http:\/\/127\.0\.0\.1:8081;/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/object-src 'none'/);
});

test("gatsby build writes an editor only for a hosted backend; gatsby develop, the local one too", () => {
  const backend = (env: Record<string, string>) => (cmsBackend(env) as { backend: CmsBackend }).backend;
  const local = backend({});
  const hosted = backend({ CMS_BACKEND: "access", CMS_REPO: "a/b" });
  expect(publishesEditor(local, "build")).toBe(false);
  expect(publishesEditor(local, undefined)).toBe(false);
  expect(publishesEditor(local, "develop")).toBe(true);
  expect(publishesEditor(hosted, "build")).toBe(true);
  expect(publishesEditor(hosted, "develop")).toBe(true);
});

test("a build with the email login checks the content API's variables but its secret, naming a wrong one", () => {
  const saved = process.env;
  const panic = (message: string): never => {
    throw new Error(message);
  };
  const build = (env: Record<string, string>) => {
    process.env = { ...env };
    try {
      return backendOrPanic({ panic }).config.name;
    } finally {
      process.env = saved;
    }
  };
  const access = {
    CMS_BACKEND: "access",
    CMS_REPO: "a/b",
    ACCESS_TEAM_DOMAIN: "https://firm.cloudflareaccess.com",
    ACCESS_AUD: "aud",
    GITHUB_APP_ID: "12",
  };
  expect(build(access)).toBe("content-api");
  expect(() => build({ ...access, ACCESS_AUD: "" })).toThrow(/^The editor at \/admin\/: ACCESS_AUD is not set/);
  expect(() => build({ ...access, GITHUB_APP_ID: "app" })).toThrow(/GITHUB_APP_ID must be/);
  expect(() => build({ ...access, CMS_REPO: "" })).toThrow(/CMS_REPO is not set/);
});
