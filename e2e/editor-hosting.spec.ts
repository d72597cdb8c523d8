// The editor at /admin/ as each host serves it (our server, Cloudflare's runtime, nginx), apart from the visitor
// pages: its own policy (the only one that allows 'unsafe-eval' and the local decap-server) and opener policy (its
// login popup must report back; visitor pages keep same-origin), kept out of search results and the sitemap, its
// bundles cached by content hash; and no visitor page that refers to it.
import { test, expect, sitePaths } from "./fixtures";
import { ADMIN_OPENER_POLICY, ADMIN_URL } from "../plugins/editor/admin";
import { LOCAL_PROXY_ORIGINS } from "../src/cms/backend";

const IMMUTABLE = "public, max-age=31536000, immutable";

test("/admin/ has its own policy, is revalidated, and is kept out of search results", async ({ request }) => {
  const response = await request.get(ADMIN_URL, { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const headers = response.headers();
  const csp = headers["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'unsafe-eval'/);
  for (const origin of LOCAL_PROXY_ORIGINS) expect(csp).toContain(origin);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(headers["x-robots-tag"]).toBe("noindex");
  expect(headers["cache-control"]).toMatch(/max-age=0/);
  // Its own opener policy, alone (not joined to the visitor pages' same-origin), so its login popup can report back.
  expect(headers["cross-origin-opener-policy"]).toBe(ADMIN_OPENER_POLICY);
  const html = await response.text();
  expect(html).toMatch(/<meta name="robots" content="(none|noindex[^"]*)">/);
  // Every file it loads has a content hash in its name (Decap's own bundle: in its folder's name, as the chunks it
  // loads by name sit beside it), so the year-long cache rule is safe.
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts.length).toBe(2);
  expect(scripts[0]).toMatch(/^decap-cms-\d+\.\d+\.\d+\.[0-9a-f]{12}\/decap-cms\.js$/);
  expect(styles.length).toBe(1);
  for (const src of [...scripts, ...styles]) {
    expect(src).toMatch(/(\.[0-9a-f]{12}\.(js|css)|\.[0-9a-f]{12}\/decap-cms\.js)$/);
    // HEAD: the answer's status and headers, without 5 MB of Decap's bundle through `wrangler pages dev`, whose
    // development asset server now and then stalls a response that large on a busy machine (github-login.spec.ts).
    const asset = await request.head(new URL(src, `http://host${ADMIN_URL}`).pathname);
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe(IMMUTABLE);
  }
});

test("no visitor page refers to the editor or loosens its policy for it; the sitemap leaves it out", async ({
  request,
}) => {
  for (const route of sitePaths()) {
    const response = await request.get(route);
    const html = await response.text();
    expect(html, route).not.toMatch(/\/admin\/|decap|netlify-identity/i);
    expect(response.headers()["content-security-policy"], route).not.toMatch(/unsafe-eval|:8081/);
    expect(response.headers()["cross-origin-opener-policy"], route).toBe("same-origin");
  }
  const sitemap = await (await request.get("/sitemap-0.xml")).text();
  expect(sitemap).toContain("<loc>");
  expect(sitemap).not.toContain(ADMIN_URL);
});
