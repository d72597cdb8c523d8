import crypto from "crypto";
import fs from "fs";
import os from "os";
import path from "path";
import {
  contentSecurityPolicy,
  metaContentSecurityPolicy,
  withPolicyMeta,
  urlPathForHtml,
  writeHostingFiles,
  GENERATED_MARKER,
} from "../../plugins/publish/hosting/hosting";
import { nginxHeaderConfig, nginxKeys } from "../../plugins/publish/hosting/nginx";
import { parseHeadersFile } from "../../plugins/publish/hosting/headers-file";
import { inlineScriptHashes } from "../../plugins/publish/hosting/inline-scripts";

const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

test("the policy allows only this site, the page's own inline scripts and the form endpoint", () => {
  const csp = contentSecurityPolicy({ scriptHashes: ["'sha256-abc'"], formOrigin: "https://forms.example" });
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self' 'sha256-abc'");
  expect(csp).toContain("form-action https://forms.example");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-eval");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
});

test("the policy in a <meta> is the header's without the directives a meta may not carry", () => {
  const csp = contentSecurityPolicy({ scriptHashes: ["'sha256-abc'"], formOrigin: "https://forms.example" });
  const meta = metaContentSecurityPolicy(csp);
  expect(meta).not.toContain("frame-ancestors");
  // Everything else, unchanged and in order: the header's policy is the meta's plus frame-ancestors.
  expect(meta.split("; ")).toEqual(csp.split("; ").filter((directive) => !directive.startsWith("frame-ancestors")));
  expect(metaContentSecurityPolicy("default-src 'self'; sandbox; report-uri /r; frame-ancestors 'none'")).toBe(
    "default-src 'self'",
  );
});

describe("the policy meta in a page", () => {
  const page = (head: string) =>
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${head}</head><body><script>run()</script></body></html>`;
  const csp = contentSecurityPolicy({ scriptHashes: [sha("run()")], formOrigin: "https://forms.example" });
  const expected = `<meta http-equiv="Content-Security-Policy" content="${metaContentSecurityPolicy(csp)}"/>`;

  test("comes right after <meta charset>, before any style or script in <head>", () => {
    const html = withPolicyMeta(page("<style>a{}</style><script>first()</script>"), csp);
    expect(html).toContain(`<head><meta charSet="utf-8"/>${expected}<style>`);
    expect(html.indexOf(expected)).toBeLessThan(html.indexOf("<script"));
  });

  test("leaves the page's inline scripts, and so its hashes, as they were", () => {
    const before = page("<script>first()</script>");
    const hashes = (html: string) => inlineScriptHashes(html, new Set(["first()", "run()"]), "page");
    expect(hashes(withPolicyMeta(before, csp))).toEqual(hashes(before));
  });

  test("replaces an earlier build's instead of adding a second", () => {
    const once = withPolicyMeta(page(""), "default-src 'none'; frame-ancestors 'none'");
    const twice = withPolicyMeta(once, csp);
    expect(twice.match(/http-equiv="Content-Security-Policy"/g)).toHaveLength(1);
    expect(twice).toContain(expected);
    expect(withPolicyMeta(twice, csp)).toBe(twice);
  });

  test("refuses a page without <meta charset> and a policy that would break out of the attribute", () => {
    expect(() => withPolicyMeta("<html><head></head></html>", csp)).toThrow(/meta charset/);
    expect(() => withPolicyMeta(page(""), `default-src "x"`)).toThrow(/attribute/);
  });
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
  // A page whose file name holds a backslash: nginx would read an escape (`/x\` ends no string at all).
  expect(() => nginxKeys("/x\\")).toThrow(/nginx cannot be given a path with "\\"/);
  expect(() => nginxKeys("/a\\b.html")).toThrow(/nginx cannot be given a path with "\\"/);
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

test("appends one rule per page to _headers (replacing an earlier build's), writes robots.txt, drops gzip copies", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-"));
  fs.mkdirSync(path.join(dir, "about"));
  const page = (script: string) =>
    `<html><head><meta charSet="utf-8"/></head><body><script>${script}</script></body></html>`;
  fs.writeFileSync(path.join(dir, "index.html"), page("home()"));
  fs.writeFileSync(path.join(dir, "about", "index.html"), page("about()"));
  fs.writeFileSync(path.join(dir, "_headers"), "/*\n  X-Content-Type-Options: nosniff\n");
  // A gzip copy an earlier deploy made for nginx (npm run precompress), which nginx would send instead of the page.
  fs.writeFileSync(path.join(dir, "about", "index.html.gz"), "an earlier build's page");
  const args = {
    publicDir: dir,
    formEndpoint: "https://forms.example/f/123",
    siteUrl: "https://www.example.com/",
    pages: [path.join(dir, "about", "index.html"), path.join(dir, "index.html")],
    loaders: ["home()", "about()"],
  };
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
  // The page carries the same policy, less frame-ancestors, once however often the build runs.
  const aboutHtml = fs.readFileSync(path.join(dir, "about", "index.html"), "utf8");
  const aboutPolicy = about.match(/Content-Security-Policy: (.*)/)![1];
  expect(aboutHtml.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/g)).toHaveLength(1);
  expect(aboutHtml).toContain(`content="${metaContentSecurityPolicy(aboutPolicy)}"`);
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
  expect(fs.existsSync(path.join(dir, "about", "index.html.gz"))).toBe(false);
  fs.rmSync(dir, { recursive: true });
});

test("refuses to write a header that would change a policy, naming the path and the header", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-"));
  fs.writeFileSync(path.join(dir, "index.html"), `<html><head><meta charSet="utf-8"/></head><body></body></html>`);
  const write = (formEndpoint: string) => () =>
    writeHostingFiles({
      publicDir: dir,
      formEndpoint,
      siteUrl: "https://www.example.com",
      pages: [path.join(dir, "index.html")],
    });
  expect(write("https://formspree.io;sandbox/f/abcd1234")).toThrow(/for \/, .*"sandbox"/);
  expect(write("https://*.com/f/x")).toThrow(/Content-Security-Policy/);
  expect(fs.existsSync(path.join(dir, "_headers"))).toBe(false);
  fs.writeFileSync(path.join(dir, "_headers"), "/*\n  X-Frame-Options: DENY; sandbox\n");
  expect(write("https://formspree.io/f/abcd1234")).not.toThrow();
  fs.rmSync(dir, { recursive: true });
});
