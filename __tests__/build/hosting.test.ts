import crypto from "crypto";
import fs from "fs";
import os from "os";
import path from "path";
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  nginxHeaderConfig,
  nginxKeys,
  parseHeadersFile,
  urlPathForHtml,
  writeHostingFiles,
  GENERATED_MARKER,
} from "../../src/build/hosting";

const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

test("hashes each executed inline script once, skipping external scripts and JSON-LD data blocks", () => {
  const html = `<script>window.a=1</script><script id="x">window.a=1</script><script src="/app.js"></script>
    <script type="application/ld+json">{"@type":"Thing"}</script><script type="module">import("x")</script>`;
  expect(inlineScriptHashes(html)).toEqual([sha("window.a=1"), sha('import("x")')].sort());
});

test("the policy allows only this site, the page's own inline scripts and the form endpoint", () => {
  const csp = contentSecurityPolicy({ scriptHashes: ["'sha256-abc'"], formOrigin: "https://forms.example" });
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self' 'sha256-abc'");
  expect(csp).toContain("form-action https://forms.example");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-eval");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
});

test("maps built HTML files to the URLs hosts serve them at: a folder's page with its trailing slash", () => {
  expect(urlPathForHtml("/p", "/p/index.html")).toBe("/");
  expect(urlPathForHtml("/p", "/p/about/index.html")).toBe("/about/");
  expect(urlPathForHtml("/p", "/p/services/other/index.html")).toBe("/services/other/");
  expect(urlPathForHtml("/p", "/p/404.html")).toBe("/404.html");
});

test("reads the _headers format, and says which line is broken", () => {
  const text = "# comment\n/*\n  X-Frame-Options: DENY\n\n/about/\n  Cache-Control: no-cache\n  A: b: c\n";
  expect(parseHeadersFile(text)).toEqual([
    { pattern: "/*", headers: [["X-Frame-Options", "DENY"]] },
    {
      pattern: "/about/",
      headers: [
        ["Cache-Control", "no-cache"],
        ["A", "b: c"],
      ],
    },
  ]);
  expect(() => parseHeadersFile("  X-Frame-Options: DENY\n")).toThrow(/line 1/);
});

test("nginx keys: splats become anchored regular expressions; a folder's URL also names its index.html", () => {
  expect(nginxKeys("/*.js")).toEqual(["~^/.*\\.js$"]);
  expect(nginxKeys("/static/*")).toEqual(["~^/static/.*$"]);
  expect(nginxKeys("/about/")).toEqual(["/about/", "/about/index.html"]);
  expect(nginxKeys("/")).toEqual(["/", "/index.html"]);
  expect(nginxKeys("/404.html")).toEqual(["/404.html"]);
  expect(() => nginxKeys("https://example.com/*")).toThrow(/only site paths/);
  expect(() => nginxKeys("/movies/:title")).toThrow(/only site paths/);
});

test("the nginx translation: one map per header (empty, so not sent, where no rule matches), added on every status", () => {
  const rules = parseHeadersFile(
    "/*\n  X-Frame-Options: DENY\n/*.js\n  Cache-Control: immutable\n/about/\n  Cache-Control: no-cache\n" +
      "  Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-a+b/c='\n",
  );
  const { http, server } = nginxHeaderConfig(rules);
  expect(http).toContain('map $uri $site_header_x_frame_options {\n    default "";\n    "~^/.*$" "DENY";\n}');
  expect(http).toContain(
    'map $uri $site_header_cache_control {\n    default "";\n    "~^/.*\\.js$" "immutable";\n' +
      '    "/about/" "no-cache";\n    "/about/index.html" "no-cache";\n}',
  );
  expect(http).toContain(`"/about/index.html" "default-src 'self'; script-src 'self' 'sha256-a+b/c='";`);
  expect(server.split("\n").filter((line) => line.startsWith("add_header"))).toEqual([
    "add_header X-Frame-Options $site_header_x_frame_options always;",
    "add_header Cache-Control $site_header_cache_control always;",
    "add_header Content-Security-Policy $site_header_content_security_policy always;",
  ]);
  // nginx would read "$x" in a value as a variable: refuse rather than send something else.
  expect(() => nginxHeaderConfig(parseHeadersFile("/*\n  X-Test: a$b\n"))).toThrow(/nginx/);
});

test("appends one rule per page to _headers (replacing an earlier build's) and writes robots.txt", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-"));
  fs.mkdirSync(path.join(dir, "about"));
  fs.writeFileSync(path.join(dir, "index.html"), "<script>home()</script>");
  fs.writeFileSync(path.join(dir, "about", "index.html"), "<script>about()</script>");
  fs.writeFileSync(path.join(dir, "_headers"), "/*\n  X-Content-Type-Options: nosniff\n");
  const args = { publicDir: dir, formEndpoint: "https://forms.example/f/123", siteUrl: "https://www.example.com/" };
  writeHostingFiles(args);
  writeHostingFiles(args);
  const headers = fs.readFileSync(path.join(dir, "_headers"), "utf8");
  expect(headers.split(GENERATED_MARKER)).toHaveLength(2);
  expect(headers).toContain("X-Content-Type-Options: nosniff");
  // The /about/ block: from its path line to the next rule's path line.
  const about = headers.slice(headers.indexOf("\n/about/\n")).split(/\n(?=\/)/)[1];
  expect(about).toContain("Cache-Control: public, max-age=0, must-revalidate");
  expect(about).toContain(sha("about()"));
  expect(about).not.toContain(sha("home()"));
  expect(about).toContain("form-action https://forms.example;");
  // The same rules for nginx, next to the build they belong to.
  const nginx = fs.readFileSync(path.join(dir, "_nginx", "headers-http.conf"), "utf8");
  expect(nginx).toContain(`"/about/index.html" "default-src`);
  expect(nginx).toContain('"~^/.*$" "nosniff"');
  expect(fs.readFileSync(path.join(dir, "_nginx", "headers-server.conf"), "utf8")).toContain(
    "add_header Content-Security-Policy $site_header_content_security_policy always;",
  );
  expect(fs.readFileSync(path.join(dir, "robots.txt"), "utf8")).toContain(
    "Sitemap: https://www.example.com/sitemap-index.xml",
  );
  fs.rmSync(dir, { recursive: true });
});
