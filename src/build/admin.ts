/**
 * The editor's files in public/admin/ after the build: the bundles get content hashes in their names (the `/*.js` and
 * `/*.css` rules of static/_headers cache them for a year; the plugin writes fixed names), source maps are left out
 * (the editor's alone are over 20 MB), and the page gets its own Content-Security-Policy, separate from every visitor
 * page's: Decap CMS compiles its validators at run time ('unsafe-eval'), styles inline, shows images as blobs and
 * talks to its backend (the local `decap-server` on this machine, or the Git host's API).
 */
import crypto from "crypto";
import fs from "fs";
import path from "path";
import { LOCAL_PROXY_ORIGINS } from "../cms/backend";

/**
 * The editor's opener policy, in place of the `same-origin` that every other response keeps (static/_headers). Its
 * GitHub and GitLab logins open a popup that goes through the provider's pages and hands the token back through
 * `window.opener`; `same-origin` cuts that link as soon as the popup leaves the site, and the login then waits forever.
 * `same-origin-allow-popups` keeps the popups the editor opens linked to it and still isolates the editor from any
 * page that would open it.
 */
export const ADMIN_OPENER_POLICY = "same-origin-allow-popups";

/** The editor's folder in public/, and so its URL (/admin/). */
export const ADMIN_DIR = "admin";
export const ADMIN_URL = `/${ADMIN_DIR}/`;

const hashOf = (text: string) => crypto.createHash("sha256").update(text).digest("hex").slice(0, 12);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Renames every .js and .css file of the editor to name.<hash>.ext and rewrites the references to it. */
export function finishAdmin(publicDir: string): { renamed: Record<string, string> } {
  const dir = path.join(publicDir, ADMIN_DIR);
  const renamed: Record<string, string> = {};
  if (!fs.existsSync(dir)) return { renamed };
  const files = () => fs.readdirSync(dir).filter((f) => fs.statSync(path.join(dir, f)).isFile());
  for (const file of files().filter((f) => f.endsWith(".map"))) fs.rmSync(path.join(dir, file));
  const read = (file: string) => fs.readFileSync(path.join(dir, file), "utf8");
  // CSS first (the scripts name it), then the scripts (the page names them), each hashed after its references.
  for (const ext of [".css", ".js"]) {
    for (const file of files().filter((f) => f.endsWith(ext) && !/\.[0-9a-f]{12}\.(js|css)$/.test(f))) {
      const text = read(file).replace(/\n\/[/*]# sourceMappingURL=\S+?(?: \*\/)?\s*$/, "\n");
      const hashed = `${file.slice(0, -ext.length)}.${hashOf(text)}${ext}`;
      fs.writeFileSync(path.join(dir, hashed), text);
      fs.rmSync(path.join(dir, file));
      renamed[file] = hashed;
      const reference = new RegExp(`(["'/])${escape(file)}(["'?#])`, "g");
      for (const other of files().filter((f) => /\.(js|html)$/.test(f) && f !== hashed)) {
        const before = read(other);
        const after = before.replace(reference, `$1${hashed}$2`);
        if (after !== before) fs.writeFileSync(path.join(dir, other), after);
      }
    }
  }
  return { renamed };
}

/** The editor page's policy; `scriptHashes` are its inline scripts', `connect` the backend's API origins. */
export function adminContentSecurityPolicy({ scriptHashes, connect }: { scriptHashes: string[]; connect: string[] }) {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-eval' ${scriptHashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // blob: the editor reads the images it shows (media library, previews) back from blob URLs it made.
    `connect-src 'self' blob: ${[...LOCAL_PROXY_ORIGINS, ...connect].join(" ")}`,
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}
