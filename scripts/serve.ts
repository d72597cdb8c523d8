// Serves the production build in public/ on localhost the way a plain static host does (nginx's `try_files $uri $uri/`,
// Cloudflare Pages, GitHub Pages): a file at its path, a folder's index.html at the folder's path with a trailing
// slash (/about/), a 301 from the folder's path without the slash, the 404 page for anything else; gzip; and the
// headers from public/_headers (Netlify/Cloudflare Pages format). So a link in the wrong URL form shows up here as the
// redirect it costs on every real host. Used by `npm run serve` and the browser tests (PORT, SERVE_DIR, OVERLAY_DIR,
// HOST).
import http from "node:http";
import type { AddressInfo } from "node:net";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { parseHeadersFile, patternMatches } from "../plugins/publish/hosting/headers-file";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const root = path.resolve(repo, process.env.SERVE_DIR || "public");
// OVERLAY_DIR: a folder served over the build, its files first and its _headers rules after the build's (the local
// editor for the browser tests, e2e/tools/local-editor.ts).
const overlay = process.env.OVERLAY_DIR ? path.resolve(repo, process.env.OVERLAY_DIR) : null;
const port = Number(process.env.PORT || 9000);
const host = process.env.HOST || "127.0.0.1";

const TYPES: Record<string, string> = {
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

function loadRules() {
  return [root, overlay]
    .filter((dir): dir is string => dir !== null && fs.existsSync(path.join(dir, "_headers")))
    .flatMap((dir) => parseHeadersFile(fs.readFileSync(path.join(dir, "_headers"), "utf8")));
}

/** Files the hosts never serve: the headers file and its nginx translation (deploy/nginx.conf hides them too). */
const HIDDEN = /^\/(_headers$|_nginx\/)/;

type Found = { file: string; redirect?: undefined } | { redirect: string; file?: undefined };

/** { file } to serve, { redirect } for a folder asked for without its trailing slash, or null (not found). */
function resolvePath(urlPath: string): Found | null {
  return (overlay && resolveIn(overlay, urlPath)) || resolveIn(root, urlPath);
}

function resolveIn(dir: string, urlPath: string): Found | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (HIDDEN.test(decoded)) return null;
  const full = path.join(dir, path.normalize(decoded));
  if (full !== dir && !full.startsWith(dir + path.sep)) return null;
  if (!fs.existsSync(full)) return null;
  const stat = fs.statSync(full);
  if (stat.isFile()) return decoded.endsWith("/") ? null : { file: full };
  const index = path.join(full, "index.html");
  if (!fs.existsSync(index)) return null;
  return decoded.endsWith("/") ? { file: index } : { redirect: `${urlPath}/` };
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  let urlPath = url.pathname;
  const found = resolvePath(urlPath);
  if (found?.redirect) {
    res.writeHead(301, { Location: found.redirect + url.search, "Content-Length": 0 });
    res.end();
    return;
  }
  let file = found?.file;
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
  const headers: Record<string, string | number> = {
    "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream",
  };
  for (const rule of loadRules().filter(({ pattern }) => patternMatches(pattern, urlPath))) {
    Object.assign(headers, Object.fromEntries(rule.headers));
  }
  let body = fs.readFileSync(file);
  if (COMPRESSIBLE.test(String(headers["Content-Type"])) && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
    body = zlib.gzipSync(body);
    headers["Content-Encoding"] = "gzip";
    headers["Vary"] = "Accept-Encoding";
  }
  headers["Content-Length"] = body.length;
  res.writeHead(status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
});

// PORT=0: a free port of the system's choosing, named in this line.
server.listen(port, host, () =>
  console.log(`Serving ${root} at http://${host}:${(server.address() as AddressInfo).port}`),
);
