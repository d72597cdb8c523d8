/**
 * Hosting files written after the build: the per-page rules appended to public/_headers (HTML revalidated on every
 * request, and a Content-Security-Policy that allows exactly the page's own inline scripts and the form endpoint),
 * the same rules for nginx (public/_nginx/, included by deploy/nginx.conf), and robots.txt pointing at the sitemap.
 * public/_headers is the one source: the nginx files are translated from it. Each page also carries its policy in a
 * `<meta http-equiv>` (withPolicyMeta), so a response that a host sends without the header (Cloudflare Pages' 404
 * answer) is still under it.
 */
import crypto from "crypto";
import fs from "fs";
import path from "path";
import { ADMIN_DIR, ADMIN_OPENER_POLICY, ADMIN_URL, adminContentSecurityPolicy } from "./admin";

/** Matches inline <script> elements (no src) whose content the browser executes. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_BLOCK = /\btype=["']?application\/(ld\+)?json/i;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const [, attributes, body] = match;
    if (DATA_BLOCK.test(attributes) || body === "") continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes].sort();
}

export function contentSecurityPolicy({ scriptHashes, formOrigin }: { scriptHashes: string[]; formOrigin: string }) {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    // Gatsby inlines the page's CSS and React sets style attributes (image wrappers, the route announcer).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    `form-action ${formOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * Directives a policy delivered in a `<meta http-equiv>` element may not contain (CSP Level 3, "Delivery via meta"):
 * the browser ignores them there and Chromium logs a console error for each.
 */
export const HEADER_ONLY_DIRECTIVES = ["frame-ancestors", "report-uri", "sandbox"];

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

/** The built visitor pages: every HTML file but Gatsby's fragments and the editor at /admin/ (admin.ts). */
export function listHtmlFiles(dir: string, root = dir): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // ~partytown and _gatsby hold Gatsby's internal fragments, not pages.
      const internal = /^[~_]/.test(entry.name) || entry.name === "page-data" || entry.name === "static";
      if (!internal && path.relative(root, full) !== ADMIN_DIR) out.push(...listHtmlFiles(full, root));
    } else if (entry.name.endsWith(".html")) {
      out.push(full);
    }
  }
  return out.sort();
}

export const HTML_CACHE_CONTROL = "public, max-age=0, must-revalidate";
export const GENERATED_MARKER = "# --- Per-page rules generated by the build (gatsby-node.ts onPostBuild) ---";

/**
 * A built page: its file, the URL it is served at, its policy, any header of its own beside those, and the headers of
 * the `/*` rule it replaces (`unset`: detached with Cloudflare's `! Name` line before its own value is set).
 */
export interface PagePolicy {
  file: string;
  urlPath: string;
  csp: string;
  headers?: [name: string, value: string][];
  unset?: string[];
}

/** Each built page's URL and policy: the hashes of its own inline scripts, and the form endpoint's origin. */
export function pagePolicies(publicDir: string, formOrigin: string): PagePolicy[] {
  return listHtmlFiles(publicDir).map((file) => ({
    file,
    urlPath: urlPathForHtml(publicDir, file),
    csp: contentSecurityPolicy({ scriptHashes: inlineScriptHashes(fs.readFileSync(file, "utf8")), formOrigin }),
  }));
}

/**
 * The editor at /admin/, where the build has one: its own policy (admin.ts), apart from every visitor page's, kept out
 * of search results, and its own opener policy (ADMIN_OPENER_POLICY) in place of the `/*` rule's, so its login popup
 * can report back. `connect` names the backend's API origins (src/cms/backend.ts).
 */
export function adminPolicy(publicDir: string, connect: string[]): PagePolicy | null {
  const file = path.join(publicDir, ADMIN_DIR, "index.html");
  if (!fs.existsSync(file)) return null;
  const scriptHashes = inlineScriptHashes(fs.readFileSync(file, "utf8"));
  return {
    file,
    urlPath: ADMIN_URL,
    csp: adminContentSecurityPolicy({ scriptHashes, connect }),
    headers: [
      ["X-Robots-Tag", "noindex"],
      ["Cross-Origin-Opener-Policy", ADMIN_OPENER_POLICY],
    ],
    unset: ["Cross-Origin-Opener-Policy"],
  };
}

/** The blocks appended to _headers: one per HTML page. */
export function perPageHeaderRules(pages: Omit<PagePolicy, "file">[]): string {
  const blocks = pages.map(({ urlPath, csp, headers = [], unset = [] }) =>
    [
      `${urlPath}\n  Cache-Control: ${HTML_CACHE_CONTROL}\n  Content-Security-Policy: ${csp}\n`,
      ...unset.map((name) => `  ! ${name}\n`),
      ...headers.map(([name, value]) => `  ${name}: ${value}\n`),
    ].join(""),
  );
  return `${GENERATED_MARKER}\n${blocks.join("")}`;
}

/**
 * One block of a _headers file: a URL pattern, the headers it sets, and the headers it detaches (`! Name`) from the
 * earlier rules that match the same URL.
 */
export interface HeaderRule {
  pattern: string;
  headers: [name: string, value: string][];
  unset?: string[];
}

/**
 * Parses the _headers format (Netlify, Cloudflare Pages): a pattern line, then indented `Name: value` lines, and
 * Cloudflare's `! Name` lines. Where two matching rules set one header, Cloudflare joins the values with a comma; a
 * `! Name` line first removes what the earlier rules set, so the rule's own value replaces theirs.
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | null = null;
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    if (!/^\s/.test(raw)) {
      current = { pattern: line, headers: [] };
      rules.push(current);
      continue;
    }
    const unset = /^!\s*([\w-]+)$/.exec(line);
    if (current && unset) {
      (current.unset ??= []).push(unset[1]);
      continue;
    }
    const colon = line.indexOf(":");
    if (!current || colon <= 0) throw new Error(`_headers line ${index + 1}: expected "Name: value" under a path`);
    current.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** Where the build writes the nginx translation of _headers, relative to the public directory. */
export const NGINX_DIR = "_nginx";
export const NGINX_HTTP_FILE = "headers-http.conf";
export const NGINX_SERVER_FILE = "headers-server.conf";

/** A quoted nginx string; values are also read for variables ($), so those may not contain one. */
function quote(text: string, { value }: { value: boolean }): string {
  if (/["\n]/.test(text) || (value && /[$\\]/.test(text))) throw new Error(`Cannot write this for nginx: ${text}`);
  return `"${text}"`;
}

/**
 * The nginx keys of a _headers pattern, matched against `$uri` (the file nginx ends up serving): a splat becomes a
 * regular expression; a page's folder URL (/about/) also matches its index file (/about/index.html), which is what
 * `$uri` holds once nginx has served the folder.
 */
export function nginxKeys(pattern: string): string[] {
  if (!pattern.startsWith("/") || /:[a-z]/i.test(pattern)) {
    throw new Error(`_headers pattern ${pattern}: only site paths with * are translated for nginx`);
  }
  if (pattern.includes("*")) {
    const regex = pattern
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*");
    return [`~^${regex}$`];
  }
  return pattern.endsWith("/") ? [pattern, `${pattern}index.html`] : [pattern];
}

const variableFor = (header: string) => `$site_header_${header.toLowerCase().replace(/[^a-z0-9]/g, "_")}`;

/**
 * The _headers rules as nginx configuration: `http` holds one map per header name (from the served file's path to
 * the value, empty — so not sent — where no rule matches); `server` adds each header from its map, on every status.
 * Rules must not overlap on a header name (static/_headers says so) unless the later one detaches it (`! Name`): its
 * entries then come first in the map, so they win over the earlier rules' (nginx tries exact paths before regular
 * expressions, and regular expressions in order).
 */
export function nginxHeaderConfig(rules: HeaderRule[]): { http: string; server: string } {
  const byHeader = new Map<string, { name: string; entries: [string, string][] }>();
  const entriesOf = (name: string) => {
    const key = name.toLowerCase();
    if (!byHeader.has(key)) byHeader.set(key, { name, entries: [] });
    return byHeader.get(key)!.entries;
  };
  for (const rule of rules) {
    const detached = new Set((rule.unset ?? []).map((name) => name.toLowerCase()));
    for (const [name, value] of rule.headers) {
      const entries = nginxKeys(rule.pattern).map((source): [string, string] => [source, value]);
      if (detached.has(name.toLowerCase())) entriesOf(name).unshift(...entries);
      else entriesOf(name).push(...entries);
    }
    // Detached and not set again: an empty value (not sent) for this rule's paths, before the earlier rules'.
    for (const name of rule.unset ?? []) {
      if (rule.headers.some(([other]) => other.toLowerCase() === name.toLowerCase())) continue;
      entriesOf(name).unshift(...nginxKeys(rule.pattern).map((source): [string, string] => [source, ""]));
    }
  }
  const maps = [...byHeader.values()].map(({ name, entries }) => {
    const lines = entries.map(
      ([source, value]) => `    ${quote(source, { value: false })} ${quote(value, { value: true })};`,
    );
    return `map $uri ${variableFor(name)} {\n    default "";\n${lines.join("\n")}\n}\n`;
  });
  const adds = [...byHeader.values()].map(({ name }) => `add_header ${name} ${variableFor(name)} always;\n`);
  const banner = "# Generated by the build from public/_headers (src/build/hosting.ts). Do not edit.\n";
  return { http: `${banner}${maps.join("")}`, server: `${banner}${adds.join("")}` };
}

export function writeHostingFiles({
  publicDir,
  formEndpoint,
  siteUrl,
  adminConnect = [],
}: {
  publicDir: string;
  formEndpoint: string;
  siteUrl: string;
  /** Origins the editor at /admin/ talks to besides its own and the local decap-server (src/cms/backend.ts). */
  adminConnect?: string[];
}): void {
  const headersFile = path.join(publicDir, "_headers");
  const base = fs.existsSync(headersFile) ? fs.readFileSync(headersFile, "utf8") : "";
  const kept = base.includes(GENERATED_MARKER) ? base.slice(0, base.indexOf(GENERATED_MARKER)) : base;
  const admin = adminPolicy(publicDir, adminConnect);
  const pages = [...pagePolicies(publicDir, new URL(formEndpoint).origin), ...(admin ? [admin] : [])];
  // The same policy in each page, for the responses a host sends without the header. It is an attribute, not a
  // script, so the hashes just computed still match the page.
  for (const { file, csp } of pages) {
    const html = fs.readFileSync(file, "utf8");
    const withMeta = withPolicyMeta(html, csp);
    if (withMeta !== html) fs.writeFileSync(file, withMeta);
  }
  const headers = `${kept.trimEnd()}\n\n${perPageHeaderRules(pages)}`;
  fs.writeFileSync(headersFile, headers);
  const nginx = nginxHeaderConfig(parseHeadersFile(headers));
  fs.mkdirSync(path.join(publicDir, NGINX_DIR), { recursive: true });
  fs.writeFileSync(path.join(publicDir, NGINX_DIR, NGINX_HTTP_FILE), nginx.http);
  fs.writeFileSync(path.join(publicDir, NGINX_DIR, NGINX_SERVER_FILE), nginx.server);
  fs.writeFileSync(
    path.join(publicDir, "robots.txt"),
    `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl.replace(/\/+$/, "")}/sitemap-index.xml\n`,
  );
}
