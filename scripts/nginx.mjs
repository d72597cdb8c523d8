// Serves the production build with Debian's nginx and the shipped deploy/nginx.conf, in the foreground, from a
// temporary prefix (config, pid, logs), as the browser tests' "nginx" project and `npm run serve:nginx` do.
// Env: PORT (default 8080), SERVE_DIR (default public), NGINX (default /usr/sbin/nginx).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const root = path.resolve(repo, process.env.SERVE_DIR || "public");
const port = Number(process.env.PORT || 8080);
const nginx = process.env.NGINX || "/usr/sbin/nginx";
const DEPLOYED_ROOT = "/srv/harborline/public";

if (!fs.existsSync(path.join(root, "_nginx", "headers-server.conf"))) {
  console.error(`No build with its nginx headers in ${root}: run npm run build first.`);
  process.exit(1);
}

/** deploy/nginx.conf with this machine's build directory and port in place of the deployed ones. */
function siteConfig(text, { root, port }) {
  if (!text.includes(DEPLOYED_ROOT) || !/^\s*listen 80;$/m.test(text)) {
    throw new Error(`deploy/nginx.conf must contain ${DEPLOYED_ROOT} and "listen 80;" for the tests to replace`);
  }
  return text.replaceAll(DEPLOYED_ROOT, root).replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
}

const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-"));
fs.chmodSync(prefix, 0o755);
const site = siteConfig(fs.readFileSync(path.join(repo, "deploy", "nginx.conf"), "utf8"), { root, port });
const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
  .map((name) => `  ${name}_temp_path ${path.join(prefix, name)};`)
  .join("\n");
fs.writeFileSync(
  path.join(prefix, "nginx.conf"),
  `daemon off;
worker_processes 1;
pid ${path.join(prefix, "nginx.pid")};
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
// nginx stops gracefully on SIGQUIT and at once on SIGTERM/SIGINT.
process.on("SIGINT", () => child.kill("SIGTERM"));
process.on("SIGTERM", () => child.kill("SIGTERM"));
child.on("error", (error) => {
  console.error(`Could not start ${nginx} (apt-get install nginx): ${error.message}`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  fs.rmSync(prefix, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
