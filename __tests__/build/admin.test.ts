/**
 * The editor's files after the build: content-hashed names (the year-long cache rules apply to them safely), no
 * source maps, every reference rewritten; and the editor's own policy and headers, apart from the visitor pages'.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import fs from "fs";
import os from "os";
import path from "path";
import { ADMIN_DIR, ADMIN_OPENER_POLICY, adminContentSecurityPolicy, finishAdmin } from "../../src/build/admin";
import {
  adminPolicy,
  listHtmlFiles,
  pagePolicies,
  parseHeadersFile,
  perPageHeaderRules,
} from "../../src/build/hosting";

function site(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-"));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const html = `<!doctype html><html><head><title>Content editor</title><script defer src="react.production.min.js"></script><script defer src="cms.js"></script></head><body></body></html>`;

test("bundles get content hashes, references follow, source maps go", () => {
  const dir = site({
    [`${ADMIN_DIR}/index.html`]: html,
    [`${ADMIN_DIR}/react.production.min.js`]: "react();\n//# sourceMappingURL=react.production.min.js.map\n",
    [`${ADMIN_DIR}/react.production.min.js.map`]: "{}",
    [`${ADMIN_DIR}/cms.js`]: 'registerPreviewStyle("cms.css");\n',
    [`${ADMIN_DIR}/cms.css`]: "body{color:red}\n",
    [`${ADMIN_DIR}/452.0123456789ab.js`]: "chunk();\n",
  });
  const { renamed } = finishAdmin(dir);
  const files = fs.readdirSync(path.join(dir, ADMIN_DIR)).sort();
  expect(files).toEqual(
    [
      "452.0123456789ab.js",
      "index.html",
      renamed["cms.css"],
      renamed["cms.js"],
      renamed["react.production.min.js"],
    ].sort(),
  );
  expect(renamed["cms.css"]).toMatch(/^cms\.[0-9a-f]{12}\.css$/);
  const page = fs.readFileSync(path.join(dir, ADMIN_DIR, "index.html"), "utf8");
  expect(page).toContain(`src="${renamed["cms.js"]}"`);
  expect(page).toContain(`src="${renamed["react.production.min.js"]}"`);
  expect(fs.readFileSync(path.join(dir, ADMIN_DIR, renamed["cms.js"]), "utf8")).toContain(`"${renamed["cms.css"]}"`);
  expect(fs.readFileSync(path.join(dir, ADMIN_DIR, renamed["react.production.min.js"]), "utf8")).not.toMatch(
    /sourceMappingURL/,
  );
  // A second run changes nothing: names that carry a hash are left alone.
  expect(finishAdmin(dir).renamed).toEqual({});
});

test("a changed bundle gets a new name", () => {
  const a = finishAdmin(site({ [`${ADMIN_DIR}/index.html`]: html, [`${ADMIN_DIR}/cms.js`]: "a();\n" })).renamed;
  const b = finishAdmin(site({ [`${ADMIN_DIR}/index.html`]: html, [`${ADMIN_DIR}/cms.js`]: "b();\n" })).renamed;
  expect(a["cms.js"]).not.toBe(b["cms.js"]);
});

test("/admin/ is not a visitor page; its rule has its own policy, is revalidated and kept out of search results", () => {
  const dir = site({
    "index.html": "<!doctype html><html><head><script>visitor()</script></head></html>",
    [`${ADMIN_DIR}/index.html`]: html,
    "services/admin/index.html": "<!doctype html><html></html>",
  });
  expect(listHtmlFiles(dir).map((f) => path.relative(dir, f))).toEqual(["index.html", "services/admin/index.html"]);
  const rules = parseHeadersFile(
    perPageHeaderRules([...pagePolicies(dir, "https://formspree.io"), adminPolicy(dir, ["https://api.github.com"])!]),
  );
  const admin = rules.find((r) => r.pattern === "/admin/")!;
  const headers = Object.fromEntries(admin.headers);
  expect(headers["X-Robots-Tag"]).toBe("noindex");
  expect(headers["Cache-Control"]).toMatch(/max-age=0/);
  expect(headers["Content-Security-Policy"]).toBe(
    adminContentSecurityPolicy({ scriptHashes: [], connect: ["https://api.github.com"] }),
  );
  const visitor = rules.find((r) => r.pattern === "/")!;
  expect(Object.fromEntries(visitor.headers)["Content-Security-Policy"]).not.toMatch(/unsafe-eval|8081|api\.github/);
  // Its opener policy replaces the `/*` rule's same-origin (detached first, or Cloudflare would join the two), so the
  // login popup it opens can report back; the visitor pages keep the `/*` rule's.
  expect(admin.unset).toEqual(["Cross-Origin-Opener-Policy"]);
  expect(headers["Cross-Origin-Opener-Policy"]).toBe(ADMIN_OPENER_POLICY);
  expect(ADMIN_OPENER_POLICY).toBe("same-origin-allow-popups");
  expect(visitor.unset).toBeUndefined();
  expect(Object.fromEntries(visitor.headers)["Cross-Origin-Opener-Policy"]).toBeUndefined();
});

test("the editor's policy: its own origin, the local decap-server and the backend's API, nothing else", () => {
  const csp = adminContentSecurityPolicy({ scriptHashes: ["'sha256-x'"], connect: ["https://api.github.com"] });
  expect(csp).toMatch(/script-src 'self' 'unsafe-eval' 'sha256-x';/);
  expect(csp).toMatch(
    /connect-src 'self' blob: http:\/\/localhost:8081 http:\/\/127\.0\.0\.1:8081 https:\/\/api\.github\.com;/,
  );
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/object-src 'none'/);
});
