// The site as each host serves it (our server, Cloudflare's runtime, nginx: see playwright.config.ts): every page
// and every internal link at its one URL without a redirect, each page with its security headers and its own CSP,
// caching that prevents 'Loading chunk ... failed' after a deploy, the 404 page, and a form that still posts.
import crypto from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { test, expect, contentFile, hydrated, services, sitePaths, ROUTES, servicePath } from "./fixtures";
import { NGINX_HTTP_URL } from "./servers";

const ENDPOINT = new URL(contentFile<{ form: { endpoint: string } }>("contact.yaml").form.endpoint);
const PAGES = sitePaths();
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";

/** SHA-256 of each inline script the browser runs (no src, not a JSON data block), as CSP source expressions. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/application\/(ld\+)?json/i.test(attributes) || body === "") continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The policy a page carries in its `<meta http-equiv>` (plugins/publish/hosting/hosting.ts), or null. */
function metaPolicy(html: string): string | null {
  return html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/)?.[1] ?? null;
}

/** A header policy as a meta may carry it: without frame-ancestors, which a meta policy may not contain. */
function withoutFrameAncestors(policy: string): string {
  return policy
    .split(";")
    .map((directive) => directive.trim())
    .filter((directive) => directive !== "" && !directive.startsWith("frame-ancestors"))
    .join("; ");
}

/** The directives a CSP in the browser reports when the page adds an inline script and a script from another host. */
async function blockedScripts(page: Page): Promise<string[]> {
  const violations = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        document.addEventListener("securitypolicyviolation", (e) => seen.push(e.effectiveDirective));
        const inline = document.createElement("script");
        inline.textContent = "window.__injected = true";
        document.body.append(inline);
        const remote = document.createElement("script");
        remote.src = "https://evil.example/x.js";
        document.body.append(remote);
        setTimeout(() => resolve(seen), 500);
      }),
  );
  expect(await page.evaluate(() => "__injected" in window || "__evil" in window)).toBe(false);
  return violations;
}

/** The status of a GET without following redirects, and where a redirect would go. */
async function direct(request: APIRequestContext, url: string) {
  const response = await request.get(url, { maxRedirects: 0 });
  return { status: response.status(), location: response.headers()["location"] ?? null };
}

for (const route of PAGES) {
  test(`${route} answers 200 without a redirect, with the security headers and its own CSP`, async ({
    page,
    baseURL,
  }) => {
    const response = await page.goto(route);
    expect(response!.request().redirectedFrom(), "redirected").toBeNull();
    expect(response!.status()).toBe(200);
    expect(response!.url()).toBe(new URL(route, baseURL).href);
    const headers = response!.headers();
    expect(headers["strict-transport-security"]).toMatch(/max-age=\d{8}/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["cache-control"]).toBe(REVALIDATE);
    const csp = headers["content-security-policy"];
    expect(csp, "Content-Security-Policy").toBeDefined();
    expect(csp).toContain(`form-action ${ENDPOINT.origin}`);
    expect(csp).toContain("frame-ancestors 'none'");
    // This page's policy: exactly the hashes of this page's own inline scripts.
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
    const allowed = scriptSrc.match(/'sha256-[^']+'/g) ?? [];
    const html = await response!.text();
    expect(allowed.sort()).toEqual(inlineScriptHashes(html).sort());
    // The page carries the same policy, less the header-only frame-ancestors: both apply, nothing loosens.
    expect(metaPolicy(html)).toBe(withoutFrameAncestors(csp));
    // The canonical and share URLs name the address just served.
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(new URL(canonical!).pathname).toBe(route);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical!);
    await hydrated(page);
  });
}

test("every HTML file in public/ is served with a policy (header or meta), or not at all", async ({ request }) => {
  const publicDir = path.join(__dirname, "..", "public");
  const files = fs
    .readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  expect(files).toContain("index.html");
  for (const file of files) {
    // Each file at its own path; a host may serve it at another address (Cloudflare: without .html) via a redirect.
    const response = await request.get(`/${file}`);
    if (response.status() === 404) continue;
    expect(response.status(), file).toBe(200);
    expect(response.headers()["content-type"], file).toMatch(/^text\/html/);
    // The header, or the page's own <meta> copy where a host serves the file at a path its rule does not name
    // (/about/index.html on a plain static host).
    const policy = response.headers()["content-security-policy"] ?? metaPolicy(await response.text());
    expect(policy, file).toMatch(/default-src '(self|none)'/);
  }
});

test("the build publishes no notes about itself and nothing unhashed to cache for a year", async ({ request }) => {
  const publicDir = path.join(__dirname, "..", "public");
  const published = fs.readdirSync(publicDir, { recursive: true }).map(String);
  expect(published.filter((file) => /\.map$|stats\.json$/.test(file))).toEqual([]);
  // Scripts and stylesheets are cached as immutable (static/_headers): each must be named by its content's hash.
  const unhashed = published.filter((file) => /\.(js|css)$/.test(file) && !/[.-][0-9a-f]{8,}\.(js|css)$/.test(file));
  expect(unhashed).toEqual([]);
  // The scripts the pages name, as the host serves them: none points at a map.
  const scripts = new Set<string>();
  for (const route of PAGES) {
    const html = await (await request.get(route)).text();
    for (const [script] of html.matchAll(/\/[\w-]+\.js\b/g)) scripts.add(script);
  }
  expect(scripts.size).toBeGreaterThan(2);
  for (const script of scripts) {
    const response = await request.get(script);
    expect(response.status(), script).toBe(200);
    expect(await response.text(), script).not.toContain("sourceMappingURL");
    expect((await request.get(`${script}.map`)).status(), `${script}.map`).toBe(404);
  }
  expect((await request.get("/webpack.stats.json")).status()).toBe(404);
});

test("every internal link, sitemap entry and JSON-LD URL answers 200 without a redirect", async ({ page, request }) => {
  const targets = new Set<string>();
  for (const route of PAGES) {
    await page.goto(route);
    for (const href of await page.locator("a[href^='/']").evaluateAll((as) => as.map((a) => a.getAttribute("href")!))) {
      targets.add(href.split("#")[0]);
    }
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "[]");
    for (const item of [ld].flat() as { url?: string }[]) if (item.url) targets.add(new URL(item.url).pathname);
  }
  const sitemap = await (await request.get("/sitemap-0.xml")).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
  expect(locs.sort()).toEqual([...PAGES].sort());
  for (const loc of locs) targets.add(loc);
  for (const target of PAGES) expect(targets).toContain(target);
  for (const target of targets) {
    expect({ target, ...(await direct(request, target)) }).toEqual({ target, status: 200, location: null });
  }
});

test("the form of a page's URL without its trailing slash is only ever a redirect to it", async ({ request }) => {
  // Hosts answer 301 (nginx, our server) or 308 (Cloudflare); the site never links there.
  const { status, location } = await direct(request, ROUTES.about.replace(/\/$/, ""));
  expect([301, 308]).toContain(status);
  expect(new URL(location!, "http://host").pathname).toBe(ROUTES.about);
});

test("an unknown address, however deep, answers 404 with the site's 404 page", async ({ page, guard }) => {
  guard.allowed.push(/status of 404 \((Not Found)?\)/);
  const notFound = contentFile<{ title: string; heading: string }>("not-found.yaml");
  const response = await page.goto("/no-such-section/no-such-page/");
  expect(response!.request().redirectedFrom()).toBeNull();
  expect(response!.status()).toBe(404);
  expect(response!.headers()["content-type"]).toMatch(/^text\/html/);
  await expect(page.locator("h1")).toHaveText(notFound.heading);
  expect((await page.title()).startsWith(`${notFound.title} | `)).toBe(true);
  // A folder of files that is not a page (no index.html) is not found either: no listing, no 403.
  expect((await page.request.get("/static/", { maxRedirects: 0 })).status()).toBe(404);
});

test("the 404 answer carries the 404 page's policy, and the browser enforces it", async ({ page, guard }, testInfo) => {
  guard.allowed.push(/status of 404 \((Not Found)?\)/, /Content Security Policy/);
  guard.intercepted.push(/^https:\/\/evil\.example\//);
  await page.route("https://evil.example/**", (route) => route.fulfill({ body: "window.__evil = true" }));
  const response = await page.goto("/no-such-section/no-such-page/");
  expect(response!.status()).toBe(404);
  const html = await response!.text();
  // In the page: the 404 page's own policy, with the hashes of its own inline scripts.
  const meta = metaPolicy(html);
  expect(meta, "the 404 page's <meta http-equiv> policy").not.toBeNull();
  expect(meta).toContain("default-src 'self'");
  expect(meta).toContain(`form-action ${ENDPOINT.origin}`);
  const scriptSrc = meta!.split(";").find((d) => d.trim().startsWith("script-src"))!;
  expect((scriptSrc.match(/'sha256-[^']+'/g) ?? []).sort()).toEqual(inlineScriptHashes(html).sort());
  // In the header: the same policy plus frame-ancestors on our server and nginx. Cloudflare Pages matches _headers
  // rules against the requested URL, so its 404 answer has no page's header (docs/deploy.md); there the meta applies.
  const header = response!.headers()["content-security-policy"];
  if (testInfo.project.name !== "cloudflare") expect(header, "Content-Security-Policy header").toBeDefined();
  if (header !== undefined) {
    expect(header).toContain("frame-ancestors 'none'");
    expect(meta).toBe(withoutFrameAncestors(header));
  }
  expect(await blockedScripts(page)).toEqual(expect.arrayContaining(["script-src-elem"]));
});

test("the CSP blocks an injected inline script and a script from another host", async ({ page, guard }) => {
  guard.allowed.push(/Content Security Policy/);
  guard.intercepted.push(/^https:\/\/evil\.example\//);
  await page.route("https://evil.example/**", (route) => route.fulfill({ body: "window.__evil = true" }));
  await page.goto("/");
  await hydrated(page);
  expect(await blockedScripts(page)).toEqual(expect.arrayContaining(["script-src-elem"]));
});

test("hashed assets are cached for a year; page data is revalidated on every request", async ({ page, request }) => {
  const assets: string[] = [];
  page.on("response", (r) => {
    if (/\.(js|css)$/.test(new URL(r.url()).pathname)) assets.push(r.url());
  });
  await page.goto(ROUTES.about);
  await hydrated(page);
  expect(assets.length).toBeGreaterThan(2);
  const image = await page.locator("picture img").first().getAttribute("src");
  expect(image).toMatch(/^\/static\//);
  for (const url of [...assets, image!]) {
    expect((await request.get(url)).headers()["cache-control"], url).toBe(IMMUTABLE);
  }
  for (const url of ["/page-data/about/page-data.json", "/page-data/app-data.json", "/sitemap-0.xml"]) {
    expect((await request.get(url)).headers()["cache-control"], url).toBe(REVALIDATE);
  }
});

test("the 404 page names no URL of its own: noindex, no canonical, no og:url, as built and once hydrated", async ({
  page,
  request,
  guard,
}) => {
  guard.allowed.push(/status of 404 \((Not Found)?\)/);
  const notFound = contentFile<{ heading: string }>("not-found.yaml");
  // The files Gatsby builds for it, as the host serves them (each host decides their status; the markup is the point).
  for (const built of ["/404.html", "/404/"]) {
    const html = await (await request.get(built)).text();
    expect(html, built).toContain('window.pagePath="/404');
    expect(html, built).toMatch(/<meta[^>]*name="robots"[^>]*content="noindex"/);
    expect(html, built).not.toMatch(/rel="canonical"|property="og:url"/);
  }
  // Served at an unknown address, and after React (and react-helmet) have taken over the head.
  await page.goto("/no-such-page/");
  await expect(page.locator("h1")).toHaveText(notFound.heading);
  await hydrated(page);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  await expect(page.locator('meta[property="og:url"]')).toHaveCount(0);
  // The rest of the share card stays: a shared link to a mistyped address still shows the firm.
  await expect(page.locator('meta[property="og:site_name"]')).toHaveCount(1);
});

test("robots.txt points at the sitemap, which lists every page but the 404", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Sitemap: https:\/\/\S+\/sitemap-index\.xml$/m);
  const sitemap = await (await request.get("/sitemap-0.xml")).text();
  for (const route of PAGES) expect(sitemap).toMatch(new RegExp(`https://[^<]+${route.replace(/\//g, "\\/")}</loc>`));
  expect(sitemap).not.toContain("404");
});

test("search and share metadata: description, canonical, Open Graph, Twitter card and JSON-LD", async ({ page }) => {
  const path = servicePath(services()[0].slug);
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", services()[0].description);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(new RegExp(`^https://[^/]+${path}$`));
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https:\/\/.+\/share-card\.png$/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "[]");
  const firm = ld.find((x: { "@type": string }) => x["@type"] === "ProfessionalService");
  const service = ld.find((x: { "@type": string }) => x["@type"] === "Service");
  expect(firm.address.addressLocality).toBe(contentFile<{ address: { city: string } }>("firm.yaml").address.city);
  expect(firm.sameAs).toHaveLength(contentFile<{ links: unknown[] }>("firm.yaml").links.length);
  expect(firm.founder.name).toBeTruthy();
  expect(service.name).toBe(services()[0].title);
  expect(service.url).toBe(canonical);
  expect(service.provider["@id"]).toBe(firm["@id"]);
});

test("the contact form posts to the form service from the served page (intercepted here)", async ({ page, guard }) => {
  const posts: string[] = [];
  guard.intercepted.push(new RegExp(`^${ENDPOINT.origin.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}/`));
  await page.route(`${ENDPOINT.href}**`, async (route) => {
    posts.push(`${route.request().method()} ${route.request().postData()}`);
    await route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Received</title>" });
  });
  await page.goto(ROUTES.contact);
  await hydrated(page);
  const { submit } = contentFile<{ form: { submit: string } }>("contact.yaml").form;
  // The fields by the names the form service receives (their labels are content; e2e/contact-form.spec.ts checks them).
  await page.locator('[name="name"]').fill("Ada Lovelace");
  await page.locator('[name="email"]').fill("ada@example.com");
  await page.locator('[name="message"]').fill("Please call me.");
  // The page's CSP (form-action) must let the browser send it: a blocked post never reaches the route.
  await Promise.all([page.waitForURL(`${ENDPOINT.href}**`), page.getByRole("button", { name: submit }).click()]);
  expect(posts).toHaveLength(1);
  expect(posts[0]).toMatch(/^POST name=Ada\+Lovelace&email=ada%40example\.com&phone=&message=Please\+call\+me\./);
  await expect(page).toHaveTitle("Received");
});

test("nginx serves HTTPS only: TLS 1.2 works, HSTS on every answer, plain HTTP sent to HTTPS", async ({
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== "nginx", "deploy/nginx.conf's TLS server");
  expect(new URL(baseURL!).protocol).toBe("https:");
  // HSTS as static/_headers sets it for every host, on every answer.
  const headers = fs.readFileSync(path.join(__dirname, "..", "static", "_headers"), "utf8");
  const hsts = /^\s+Strict-Transport-Security: (.+)$/m.exec(headers)![1];
  for (const route of ["/", "/about/", "/no-such-page/"]) {
    const response = await request.get(route);
    expect(response.headers()["strict-transport-security"], route).toBe(hsts);
  }
  const plain = await request.get(`${NGINX_HTTP_URL}/about/?x=1`, { maxRedirects: 0 });
  expect(plain.status()).toBe(301);
  expect(plain.headers()["location"]).toBe(`https://${new URL(NGINX_HTTP_URL).hostname}/about/?x=1`);
  expect(plain.headers()["strict-transport-security"]).toBeUndefined();
  // TLS 1.2 is enough to connect (older clients' newest version; nginx's ssl_protocols allow 1.2 and 1.3 only).
  const host = new URL(baseURL!).host;
  expect(() =>
    execFileSync("openssl", ["s_client", "-connect", host, "-tls1_2", "-brief"], {
      input: "",
      stdio: "pipe",
      timeout: 10_000,
    }),
  ).not.toThrow();
});

/** What nginx does with a request naming `host`: its status, or the error of a connection closed unanswered. */
function answerFor(url: string, host: string): Promise<string> {
  const { request } = url.startsWith("https:") ? https : http;
  return new Promise((resolve) => {
    const req = request(url, { headers: { Host: host }, rejectUnauthorized: false, timeout: 5_000 }, (response) => {
      response.resume();
      resolve(`${response.statusCode} ${response.headers.location ?? ""}`.trim());
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.on("timeout", () => req.destroy(new Error("no answer in 5 s")));
    req.end();
  });
}

test("nginx sends the build's own gzip copies as they are, for pages and scripts", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== "nginx", "deploy/nginx.conf's gzip_static");
  const publicDir = path.join(__dirname, "..", "public");
  const largestScript = fs
    .readdirSync(publicDir)
    .filter((name) => name.endsWith(".js"))
    .sort((a, b) => fs.statSync(path.join(publicDir, b)).size - fs.statSync(path.join(publicDir, a)).size)[0];
  for (const file of ["index.html", "about/index.html", largestScript]) {
    const url = `/${file.replace(/index\.html$/, "")}`;
    const response = await request.get(url, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers()["content-encoding"], url).toBe("gzip");
    // The copy on disk, as it is: nginx's own gzip would stream it, with no length.
    const copy = fs.statSync(path.join(publicDir, `${file}.gz`)).size;
    expect(Number(response.headers()["content-length"]), url).toBe(copy);
    expect((await response.body()).equals(fs.readFileSync(path.join(publicDir, file))), url).toBe(true);
  }
});

test("nginx answers only its own host name, and redirects to it, never to the name a request gives", async ({
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== "nginx", "deploy/nginx.conf's default server");
  for (const base of [baseURL!, NGINX_HTTP_URL]) {
    // A Host header nginx was not set up for: the connection is closed with no answer (444), no redirect to it.
    expect(await answerFor(`${base}/about/`, "evil.example"), base).toBe("ECONNRESET");
  }
  // Its own name: the page over HTTPS; over plain HTTP, a redirect to the same path under that name.
  const own = new URL(baseURL!).hostname;
  expect(await answerFor(`${baseURL}/about/`, own)).toBe("200");
  expect(await answerFor(`${NGINX_HTTP_URL}/about/?x=1`, `${own}:1`)).toBe(`301 https://${own}/about/?x=1`);
});
