import crypto from "crypto";
import fs from "fs";
import os from "os";
import path from "path";
import {
  contentSecurityPolicy,
  inlineScriptHashes,
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

test("maps built HTML files to the paths visitors use", () => {
  expect(urlPathForHtml("/p", "/p/index.html")).toBe("/");
  expect(urlPathForHtml("/p", "/p/about/index.html")).toBe("/about");
  expect(urlPathForHtml("/p", "/p/services/other/index.html")).toBe("/services/other");
  expect(urlPathForHtml("/p", "/p/404.html")).toBe("/404.html");
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
  // The /about block: from its path line to the next rule's path line.
  const about = headers.slice(headers.indexOf("\n/about\n")).split(/\n(?=\/)/)[1];
  expect(about).toContain("Cache-Control: public, max-age=0, must-revalidate");
  expect(about).toContain(sha("about()"));
  expect(about).not.toContain(sha("home()"));
  expect(about).toContain("form-action https://forms.example;");
  expect(fs.readFileSync(path.join(dir, "robots.txt"), "utf8")).toContain(
    "Sitemap: https://www.example.com/sitemap-index.xml",
  );
  fs.rmSync(dir, { recursive: true });
});
