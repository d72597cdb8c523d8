// The site served with its _headers: security headers and a CSP that blocks foreign code but never the site itself
// (every other browser test also runs under it and fails on any console error), and caching that prevents
// 'Loading chunk ... failed' after a deploy.
import { test, expect, readYaml, hydrated, services } from "./fixtures";

const ENDPOINT = new URL(readYaml<{ form: { endpoint: string } }>("contact.yaml").form.endpoint);
const ROUTES = ["/", "/about", "/services", `/services/${services()[0].slug}`, "/contact"];

for (const route of ROUTES) {
  test(`security headers and a strict CSP on ${route}`, async ({ page }) => {
    const response = await page.goto(route);
    const headers = response!.headers();
    expect(headers["strict-transport-security"]).toMatch(/max-age=\d{8}/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    const csp = headers["content-security-policy"];
    expect(csp).toContain(`form-action ${ENDPOINT.origin}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    await hydrated(page);
  });
}

test("the CSP blocks an injected inline script and a script from another host", async ({ page, guard }) => {
  guard.allowed.push(/Content Security Policy/);
  guard.intercepted.push(/^https:\/\/evil\.example\//);
  await page.route("https://evil.example/**", (route) => route.fulfill({ body: "window.__evil = true" }));
  await page.goto("/");
  await hydrated(page);
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
  expect(violations).toEqual(expect.arrayContaining(["script-src-elem"]));
  expect(await page.evaluate(() => "__injected" in window || "__evil" in window)).toBe(false);
});

test("hashed assets are cached for a year; page data is revalidated on every request", async ({ page, request }) => {
  const scripts: string[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith(".js")) scripts.push(r.url());
  });
  await page.goto("/about");
  await hydrated(page);
  expect(scripts.length).toBeGreaterThan(2);
  for (const url of scripts) {
    expect((await request.get(url)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  }
  const image = await page.locator("picture img").first().getAttribute("src");
  expect((await request.get(image!)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  for (const url of ["/page-data/about/page-data.json", "/page-data/app-data.json"]) {
    expect((await request.get(url)).headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
  }
});

test("robots.txt points at the sitemap, which lists every page but the 404", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Sitemap: https:\/\/\S+\/sitemap-index\.xml$/m);
  const sitemap = await (await request.get("/sitemap-0.xml")).text();
  for (const route of ROUTES) expect(sitemap).toContain(`${route === "/" ? "/" : route}</loc>`);
  expect(sitemap).not.toContain("404");
});

test("search and share metadata: description, canonical, Open Graph, Twitter card and JSON-LD", async ({ page }) => {
  await page.goto(`/services/${services()[0].slug}`);
  await hydrated(page);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(new RegExp(`^https://[^/]+/services/${services()[0].slug}$`));
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https:\/\/.+\/share-card\.png$/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "[]");
  const firm = ld.find((x: { "@type": string }) => x["@type"] === "ProfessionalService");
  const service = ld.find((x: { "@type": string }) => x["@type"] === "Service");
  expect(firm.address.addressLocality).toBe(readYaml<{ address: { city: string } }>("firm.yaml").address.city);
  expect(firm.sameAs).toHaveLength(readYaml<{ links: unknown[] }>("firm.yaml").links.length);
  expect(firm.founder.name).toBeTruthy();
  expect(service.name).toBe(services()[0].title);
  expect(service.provider["@id"]).toBe(firm["@id"]);
});
