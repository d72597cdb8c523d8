// Serves the production build in public/ on localhost the way a static host does: clean URLs, the 404 page, gzip,
// and the headers from public/_headers (Netlify/Cloudflare Pages format). Used by `npm run serve` and the browser tests.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", process.env.SERVE_DIR || "public");
const port = Number(process.env.PORT || 9000);
const host = process.env.HOST || "127.0.0.1";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
  ".map": "application/json; charset=utf-8",
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

/** Parses a _headers file: blocks of a path pattern followed by indented `Name: value` lines. */
export function parseHeadersFile(text) {
  const rules = [];
  let current = null;
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim() || raw.trim().startsWith("#")) continue;
    if (!/^\s/.test(raw)) {
      current = { pattern: raw.trim(), headers: [] };
      rules.push(current);
    } else if (current) {
      const i = raw.indexOf(":");
      if (i > 0) current.headers.push([raw.slice(0, i).trim(), raw.slice(i + 1).trim()]);
    }
  }
  return rules;
}

export function matches(pattern, urlPath) {
  const re = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
  return re.test(urlPath);
}

function loadRules() {
  const file = path.join(root, "_headers");
  return fs.existsSync(file) ? parseHeadersFile(fs.readFileSync(file, "utf8")) : [];
}

function resolveFile(urlPath) {
  const clean = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, "");
  const candidates = [clean, path.join(clean, "index.html"), `${clean}.html`];
  for (const candidate of candidates) {
    const full = path.join(root, candidate);
    if (!full.startsWith(root)) return null;
    if (fs.existsSync(full) && fs.statSync(full).isFile()) return full;
  }
  return null;
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  let urlPath = url.pathname;
  if (urlPath.length > 1 && urlPath.endsWith("/")) {
    res.writeHead(301, { Location: urlPath.replace(/\/+$/, "") + url.search });
    res.end();
    return;
  }
  let file = resolveFile(urlPath);
  let status = 200;
  if (!file) {
    file = path.join(root, "404.html");
    status = 404;
    urlPath = "/404.html";
    if (!fs.existsSync(file)) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Not found");
      return;
    }
  }
  const headers = { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" };
  for (const rule of loadRules()) {
    if (matches(rule.pattern, urlPath)) for (const [name, value] of rule.headers) headers[name] = value;
  }
  let body = fs.readFileSync(file);
  if (COMPRESSIBLE.test(headers["Content-Type"]) && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
    body = zlib.gzipSync(body);
    headers["Content-Encoding"] = "gzip";
    headers["Vary"] = "Accept-Encoding";
  }
  headers["Content-Length"] = body.length;
  res.writeHead(status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
});

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  server.listen(port, host, () => console.log(`Serving ${root} at http://${host}:${port}`));
}
