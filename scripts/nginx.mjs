// Serves the production build with Debian's nginx and deploy/nginx.conf, in the foreground, from a temporary prefix
// with a self-signed certificate: HTTPS on PORT as deployed, and the redirect to it on HTTP_PORT when set. For the
// browser tests and `npm run serve:nginx`. Env: PORT (8080), HTTP_PORT, SERVE_DIR (public), NGINX (/usr/sbin/nginx).
// It checks that nginx really serves the home page, or stops at once saying why.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { precompress } from "./precompress.mjs";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const root = path.resolve(repo, process.env.SERVE_DIR || "public");
const port = Number(process.env.PORT || 8080);
const httpPort = process.env.HTTP_PORT ? Number(process.env.HTTP_PORT) : null;
const nginx = process.env.NGINX || "/usr/sbin/nginx";
const DEPLOYED_ROOT = "/srv/harborline/public";
/** How long nginx may take to answer its first request before this script gives up on it. */
const READY_TIMEOUT_MS = 20_000;

function fail(message) {
  console.error(`scripts/nginx.mjs: ${message}`);
  process.exit(1);
}

if (!fs.existsSync(path.join(root, "_nginx", "headers-server.conf"))) {
  fail(`No build with its nginx headers in ${root}: run npm run build first.`);
}

/** A path as one nginx parameter: quoted, so a folder with spaces (or ; { } #) stays one argument. */
const quoted = (file) => `"${file.replace(/[\\"]/g, "\\$&")}"`;

const HTTP_SERVER = /^server \{\n\s*listen 80;\n[\s\S]*?\n\}\n/m;
const HTTP_DEFAULT = /^(\s*)listen 80 default_server;\n/m;
const TLS_LISTEN = /^(\s*)listen 443 ssl( http2| default_server);$/gm;
const SITE_NAME = /^(\s*)server_name (?!_;)[^;]+;$/gm;
const CERTIFICATE = /^(\s*)ssl_certificate (\S+);$/gm;
const CERTIFICATE_KEY = /^(\s*)ssl_certificate_key (\S+);$/gm;
/** The site's name here: the address the tests and `npm run serve:nginx` open it at. */
export const LOCAL_SERVER_NAMES = ["127.0.0.1", "localhost"];

/** deploy/nginx.conf with this machine's build directory (quoted: a folder may hold a space), ports and certificate. */
function siteConfig(text, { root, port, httpPort, certificate, key }) {
  for (const [what, pattern] of [
    [DEPLOYED_ROOT, new RegExp(DEPLOYED_ROOT)],
    ["the plain-HTTP server (listen 80)", HTTP_SERVER],
    ["the default server's plain-HTTP listen (listen 80 default_server)", HTTP_DEFAULT],
    ['"listen 443 ssl http2;"', TLS_LISTEN],
    ["the site's server_name", SITE_NAME],
    ["ssl_certificate", CERTIFICATE],
    ["ssl_certificate_key", CERTIFICATE_KEY],
  ]) {
    if (!pattern.test(text)) throw new Error(`deploy/nginx.conf must contain ${what} for this script to replace`);
  }
  const deployedPath = new RegExp(`${DEPLOYED_ROOT.replace(/[/.]/g, "\\$&")}([^\\s;"']*)`, "g");
  return text
    .replace(deployedPath, (_match, rest) => quoted(root + rest))
    .replace(HTTP_SERVER, (block) => (httpPort ? block.replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`) : ""))
    .replace(HTTP_DEFAULT, (_line, indent) =>
      httpPort ? `${indent}listen 127.0.0.1:${httpPort} default_server;\n` : "",
    )
    .replace(TLS_LISTEN, `$1listen 127.0.0.1:${port} ssl$2;`)
    .replace(SITE_NAME, `$1server_name ${LOCAL_SERVER_NAMES.join(" ")};`)
    .replace(CERTIFICATE, `$1ssl_certificate ${quoted(certificate)};`)
    .replace(CERTIFICATE_KEY, `$1ssl_certificate_key ${quoted(key)};`);
}

/** A self-signed certificate for 127.0.0.1 and localhost, for this run only. */
function selfSignedCertificate(dir) {
  const certificate = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  try {
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"]
        .concat(["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"])
        .concat(["-keyout", key, "-out", certificate]),
      { stdio: ["ignore", "ignore", "pipe"] },
    );
  } catch (error) {
    fail(`Could not make a certificate with openssl (apt-get install openssl): ${error.stderr ?? error.message}`);
  }
  return { certificate, key };
}

/**
 * The workers' user: the one who starts this script (as root, nginx's default "nobody" cannot enter a private folder);
 * deploy/nginx.conf keeps its own.
 */
function workerUserDirective() {
  if (process.getuid?.() === 0) return "user root;";
  try {
    fs.accessSync(path.join(root, "index.html"), fs.constants.R_OK);
  } catch {
    fail(`You (${os.userInfo().username}) cannot read ${root}; nginx's workers run as you. Make it readable.`);
  }
  return "";
}

const userDirective = workerUserDirective();
precompress(root);
const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-"));
fs.chmodSync(prefix, 0o755);
const deployed = fs.readFileSync(path.join(repo, "deploy", "nginx.conf"), "utf8");
const site = siteConfig(deployed, { root, port, httpPort, ...selfSignedCertificate(prefix) });
const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
  .map((name) => `  ${name}_temp_path ${quoted(path.join(prefix, name))};`)
  .join("\n");
fs.writeFileSync(
  path.join(prefix, "nginx.conf"),
  `daemon off;
${userDirective}
worker_processes 1;
pid ${quoted(path.join(prefix, "nginx.pid"))};
error_log stderr warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
${temp}
${site}
}
`,
);

const child = spawn(nginx, ["-e", "stderr", "-p", prefix, "-c", path.join(prefix, "nginx.conf")], {
  stdio: "inherit",
});
let exiting = false;
function stop(code) {
  exiting = true;
  process.exitCode = code;
  // nginx stops gracefully on SIGQUIT and at once on SIGTERM/SIGINT.
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
child.on("error", (error) => {
  fs.rmSync(prefix, { recursive: true, force: true });
  fail(`Could not start ${nginx} (apt-get install nginx): ${error.message}`);
});
child.on("exit", (code, signal) => {
  fs.rmSync(prefix, { recursive: true, force: true });
  process.exit(exiting ? (process.exitCode ?? 0) : (code ?? (signal ? 0 : 1)));
});

/** The status of GET / on the server just started, or null while nothing answers. */
function status() {
  return new Promise((resolve) => {
    // The certificate is this run's own, self-signed: not checked here.
    const options = { host: "127.0.0.1", port, path: "/", timeout: 2_000, rejectUnauthorized: false };
    const request = https.get(options, (response) => {
      response.resume();
      resolve(response.statusCode ?? null);
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(null));
  });
}

// nginx itself serving the home page: a worker that cannot read the build answers 404 or 403.
const started = Date.now();
for (;;) {
  if (exiting || child.exitCode !== null) break;
  const code = await status();
  if (code === 200) {
    const plain = httpPort ? `, and sends http://127.0.0.1:${httpPort}/ there` : "";
    console.log(
      `nginx serves ${root} at https://127.0.0.1:${port}/ (a self-signed certificate)${plain}` +
        `${userDirective ? ` (${userDirective})` : ""}`,
    );
    break;
  }
  if (code !== null) {
    console.error(
      `scripts/nginx.mjs: nginx answers / with ${code} instead of the home page, so the tests cannot use it. ` +
        `Most likely its workers${userDirective ? ` (${userDirective})` : ""} cannot read ${root}: see nginx's ` +
        `messages above ("Permission denied"). Serve a copy from a folder they can read (SERVE_DIR=/that/folder).`,
    );
    stop(1);
    break;
  }
  if (Date.now() - started > READY_TIMEOUT_MS) {
    console.error(`scripts/nginx.mjs: nginx did not answer on port ${port} within ${READY_TIMEOUT_MS / 1000} s.`);
    stop(1);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
