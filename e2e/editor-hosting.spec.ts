// The build the deploy guide makes (no CMS_BACKEND) as each host serves it (our server, Cloudflare's runtime, nginx):
// it publishes no editor — /admin/ is the site's 404 page, and no policy names an address on the visitor's machine —
// and no visitor page refers to one. (The published editor of a build with CMS_BACKEND: content-api.spec.ts; the
// editor for local editing, which no build publishes: the editor project's specs.)
import fs from "node:fs";
import path from "node:path";
import { test, expect, sitePaths } from "./fixtures";
import { ADMIN_URL } from "../plugins/publish/editor/admin";

const LOCAL_ADDRESS = /localhost|127\.0\.0\.1|\[::1\]|:8081/;

test("with no editor set up, /admin/ is the site's 404 page, and no policy names a local address", async ({
  request,
}) => {
  const publicDir = path.join(__dirname, "..", "public");
  expect(fs.existsSync(path.join(publicDir, "admin"))).toBe(false);
  const notFoundPage = fs.readFileSync(path.join(publicDir, "404.html"), "utf8");
  for (const url of [ADMIN_URL, `${ADMIN_URL}index.html`, `${ADMIN_URL}config.yml`]) {
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(404);
    const html = await response.text();
    expect(html, url).toBe(notFoundPage);
    expect(response.headers()["content-security-policy"] ?? "", url).not.toMatch(LOCAL_ADDRESS);
  }
});

test("no visitor page refers to the editor or loosens its policy for it; the sitemap leaves it out", async ({
  request,
}) => {
  for (const route of sitePaths()) {
    const response = await request.get(route);
    const html = await response.text();
    expect(html, route).not.toMatch(/\/admin\/|decap|netlify-identity/i);
    expect(response.headers()["content-security-policy"], route).not.toMatch(/unsafe-eval/);
    expect(response.headers()["content-security-policy"], route).not.toMatch(LOCAL_ADDRESS);
    expect(response.headers()["cross-origin-opener-policy"], route).toBe("same-origin");
  }
  const sitemap = await (await request.get("/sitemap-0.xml")).text();
  expect(sitemap).toContain("<loc>");
  expect(sitemap).not.toContain(ADMIN_URL);
});
