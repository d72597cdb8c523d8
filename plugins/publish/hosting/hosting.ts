/**
 * Hosting files written after the build: the per-page rules appended to public/_headers (HTML revalidated on every
 * request, and a Content-Security-Policy that allows exactly the inline scripts the build wrote into the page
 * (inline-scripts.ts) and the form endpoint),
 * the same rules for nginx (public/_nginx/, included by deploy/nginx.conf), and robots.txt pointing at the sitemap.
 * public/_headers is the one source: the nginx files are translated from it. Each page also carries its policy in a
 * `<meta http-equiv>` (withPolicyMeta), so a response that a host sends without the header (Cloudflare Pages' 404
 * answer) is still under it.
 */
import fs from "fs";
import path from "path";
import { headerProblem } from "../../../src/lib/header-grammar";
import { FIXED_BUILD_SCRIPTS, inlineScriptHashes } from "./inline-scripts";
import { formatHeaderRules, parseHeadersFile, type HeaderRule } from "./headers-file";
import { removePrecompressed, writeNginxHeaders } from "./nginx";

/**
 * A page's policy: scripts from the site's own files and its inline scripts by their hashes (`scriptHashes`), the rest
 * from the site itself, the form posting to `formOrigin`. The editor's page (`editor`) also reaches its backend's
 * origins (`connect`: the local decap-server, or the hosted backend's API: src/content/editor-backend.ts) and the blob: URLs of
 * the images it shows back, and lets Decap compile the JSON Schema of its own configuration with ajv at run time
 * ('unsafe-eval', new Function; docs/deploy.md); its forms post to the site alone.
 */
export function contentSecurityPolicy({
  scriptHashes,
  formOrigin = "'self'",
  editor,
}: {
  scriptHashes: string[];
  formOrigin?: string;
  editor?: { connect: string[] };
}) {
  const blob = editor ? " blob:" : "";
  return [
    "default-src 'self'",
    `script-src 'self'${editor ? " 'unsafe-eval'" : ""} ${scriptHashes.join(" ")}`.trim(),
    // Gatsby inlines the page's CSS and React sets style attributes (image wrappers, the route announcer).
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${blob}`,
    `font-src 'self'${editor ? " data:" : ""}`,
    `connect-src 'self'${blob} ${editor?.connect.join(" ") ?? ""}`.trim(),
    ...(editor ? ["frame-src 'self' blob:", "worker-src 'self' blob:"] : []),
    "manifest-src 'self'",
    `form-action ${formOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** What the hosting files need of the editor a build wrote: its page, its URL, and its own headers and policy. */
export interface EditorHosting {
  file: string;
  urlPath: string;
  /** The page's policy, given the hashes of its inline scripts. */
  policy(scriptHashes: string[]): string;
  headers: [name: string, value: string][];
}

/**
 * Directives a policy delivered in a `<meta http-equiv>` element may not contain (CSP Level 3, "Delivery via meta"):
 * the browser ignores them there and Chromium logs a console error for each.
 */
const HEADER_ONLY_DIRECTIVES = ["frame-ancestors", "report-uri", "sandbox"];

/**
 * The page's policy as a `<meta http-equiv>` may carry it: the header's policy without its header-only directives.
 * Where a host sends the header too, the browser enforces both policies, so the meta adds nothing and loosens nothing;
 * where it does not (Cloudflare Pages' 404 answer), the meta still applies everything but `frame-ancestors`, which the
 * `X-Frame-Options: DENY` header on every response covers.
 */
export function metaContentSecurityPolicy(policy: string): string {
  return policy
    .split(";")
    .map((directive) => directive.trim())
    .filter((directive) => directive !== "" && !HEADER_ONLY_DIRECTIVES.includes(directive.split(/\s+/)[0]))
    .join("; ");
}

const POLICY_META = /<meta http-equiv="Content-Security-Policy" content="[^"]*"\s*\/?>/i;
const CHARSET_META = /<meta charSet="[^"]*"\s*\/?>/i;

/**
 * The page with its policy as the first element after `<meta charset>` (which must stay within the first 1024 bytes):
 * a meta policy applies only to what follows it, so it comes before every script and style in <head>. An earlier
 * build's policy meta is replaced. The policy is an attribute, not a script: the page's inline-script hashes stay the
 * same.
 */
export function withPolicyMeta(html: string, policy: string): string {
  if (/["<>&]/.test(policy)) throw new Error(`Cannot write this policy into a <meta> attribute: ${policy}`);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${metaContentSecurityPolicy(policy)}"/>`;
  if (POLICY_META.test(html)) return html.replace(POLICY_META, meta);
  const charset = CHARSET_META.exec(html);
  if (!charset) throw new Error("No <meta charset> in the page to put its Content-Security-Policy <meta> after");
  const at = charset.index + charset[0].length;
  return `${html.slice(0, at)}${meta}${html.slice(at)}`;
}

/**
 * The URL a host serves a built HTML file at, in the site's one URL form (src/lib/paths.ts):
 * public/about/index.html → /about/; public/404.html → /404.html; public/index.html → /
 */
export function urlPathForHtml(publicDir: string, file: string): string {
  const rel = path.relative(publicDir, file).split(path.sep).join("/");
  if (rel === "index.html") return "/";
  if (rel.endsWith("/index.html")) return `/${rel.slice(0, -"index.html".length)}`;
  return `/${rel}`;
}

const HTML_CACHE_CONTROL = "public, max-age=0, must-revalidate";
export const GENERATED_MARKER = "# --- Per-page rules generated by the build (plugins/publish/hosting) ---";

/**
 * A built page: its file, the URL it is served at, its policy, and any header of its own beside those.
 */
export interface PagePolicy {
  file: string;
  urlPath: string;
  csp: string;
  headers?: [name: string, value: string][];
}

/** The hashes of a built file's inline scripts, each one the build's own (inline-scripts.ts), or an error naming it. */
function scriptHashesOf(publicDir: string, file: string, builtScripts: ReadonlySet<string>): string[] {
  const page = path.relative(path.dirname(publicDir), file).split(path.sep).join("/");
  return inlineScriptHashes(fs.readFileSync(file, "utf8"), builtScripts, page);
}

/**
 * Each built page's URL and policy: the hashes of its own inline scripts (all of them the build's own), and the form
 * endpoint's origin.
 */
export function pagePolicies(
  publicDir: string,
  pages: readonly string[],
  formOrigin: string,
  builtScripts: ReadonlySet<string>,
): PagePolicy[] {
  return pages.map((file) => ({
    file,
    urlPath: urlPathForHtml(publicDir, file),
    csp: contentSecurityPolicy({ scriptHashes: scriptHashesOf(publicDir, file, builtScripts), formOrigin }),
  }));
}

/**
 * The policy of HTML the build publishes that is no page: Gatsby's scripts slice (public/_gatsby/slices/), which it
 * stitches into every page at build time and keeps for the next build. Opened on its own, nothing in it may run,
 * load, post or be framed.
 */
const FRAGMENT_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Every HTML file in `dir`, pages and fragments alike. */
function allHtmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * A rule for each HTML file in publicDir that `covered` leaves out, at each URL a host serves it at: its own path, and
 * without .html (Cloudflare Pages' form, to which it redirects the other).
 */
function fragmentPolicies(publicDir: string, covered: ReadonlySet<string>): Omit<PagePolicy, "file">[] {
  return allHtmlFiles(publicDir)
    .filter((file) => !covered.has(file))
    .flatMap((file) => {
      const urlPath = urlPathForHtml(publicDir, file);
      return [urlPath, urlPath.replace(/\.html$/, "")].map((url) => ({
        urlPath: url,
        csp: FRAGMENT_POLICY,
        headers: [["X-Robots-Tag", "noindex"]] as [string, string][],
      }));
    });
}

/** The editor's page, where the build has one (editor/admin.ts editorHosting): its policy and its own headers. */
export function editorPolicy(publicDir: string, editor: EditorHosting, builtScripts: ReadonlySet<string>): PagePolicy {
  const { file, urlPath, policy, headers } = editor;
  return { file, urlPath, csp: policy(scriptHashesOf(publicDir, file, builtScripts)), headers };
}

/** The blocks appended to _headers: one per HTML file, at each URL it is served at. */
export function perPageHeaderRules(pages: Omit<PagePolicy, "file">[]): string {
  const rules = pages.map(({ urlPath, csp, headers = [] }) => ({
    pattern: urlPath,
    headers: [
      ["Cache-Control", HTML_CACHE_CONTROL],
      ["Content-Security-Policy", csp],
      ...headers,
    ] as HeaderRule["headers"],
  }));
  return `${GENERATED_MARKER}\n${formatHeaderRules(rules)}`;
}

/**
 * Stops the build, naming the path and the header, when a header it is about to write is not one the header's grammar
 * allows (src/lib/header-grammar.ts): nothing from content or the environment rewrites a policy.
 */
function checkHeaderRules(rules: HeaderRule[]): void {
  for (const { pattern, headers } of rules) {
    for (const [name, value] of headers) {
      const problem = headerProblem(name, value);
      if (problem) throw new Error(`Not writing _headers: for ${pattern}, ${problem}: ${name}: ${value}`);
    }
  }
}

/**
 * What Gatsby and webpack leave in public/ that is no part of the site: the stats of the JavaScript build and source
 * maps (Gatsby reads the stats while it renders the pages; the maps would publish the site's source: this build writes
 * none, an earlier build of the checkout may have), and Partytown's scripts (~partytown/, unhashed, one a service
 * worker), which no page of this site uses.
 */
const BUILD_NOTE = /^webpack\.stats\.json$|\.map$|^~partytown$/;

export function removeBuildNotes(publicDir: string): void {
  for (const file of fs.readdirSync(publicDir)) {
    if (BUILD_NOTE.test(file)) fs.rmSync(path.join(publicDir, file), { recursive: true });
  }
}

interface PolicyOptions {
  publicDir: string;
  formEndpoint: string;
  /** The built pages (the static-first step's list). */
  pages: readonly string[];
  /** The static-first loaders this build wrote into its pages (deferred-runtime.ts): inline scripts of its own. */
  loaders?: string[];
  /** The editor at /admin/, where the build has one. */
  editor?: EditorHosting | null;
}

/**
 * Each HTML file's policy, in public/_headers (after the static rules) and in the page's own `<meta>`; returns the
 * rules of the whole _headers file. The editor for local editing (e2e/tools/local-editor.ts) gets its policy this way.
 */
export function writePolicies({ publicDir, formEndpoint, pages, loaders = [], editor = null }: PolicyOptions) {
  const headersFile = path.join(publicDir, "_headers");
  const base = fs.existsSync(headersFile) ? fs.readFileSync(headersFile, "utf8") : "";
  const kept = base.includes(GENERATED_MARKER) ? base.slice(0, base.indexOf(GENERATED_MARKER)) : base;
  const builtScripts = new Set([...FIXED_BUILD_SCRIPTS, ...loaders]);
  const policies = [
    ...pagePolicies(publicDir, pages, new URL(formEndpoint).origin, builtScripts),
    ...(editor ? [editorPolicy(publicDir, editor, builtScripts)] : []),
  ];
  const fragments = fragmentPolicies(publicDir, new Set(policies.map(({ file }) => file)));
  const headers = `${kept.trimEnd()}\n\n${perPageHeaderRules([...policies, ...fragments])}`;
  const rules = parseHeadersFile(headers);
  // Before anything is written: a header outside its grammar leaves public/ as it was.
  checkHeaderRules(rules);
  // The same policy in each page, for the responses a host sends without the header. It is an attribute, not a
  // script, so the hashes just computed still match the page.
  for (const { file, csp } of policies) {
    const html = fs.readFileSync(file, "utf8");
    const withMeta = withPolicyMeta(html, csp);
    if (withMeta !== html) fs.writeFileSync(file, withMeta);
  }
  fs.writeFileSync(headersFile, headers);
  return rules;
}

/** Everything a host needs beside the pages: the policies, nginx's translation of _headers, robots.txt. */
export function writeHostingFiles(options: PolicyOptions & { siteUrl: string }): void {
  const { publicDir, siteUrl } = options;
  writeNginxHeaders(publicDir, writePolicies(options));
  fs.writeFileSync(
    path.join(publicDir, "robots.txt"),
    `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl.replace(/\/+$/, "")}/sitemap-index.xml\n`,
  );
  removePrecompressed(publicDir);
}
