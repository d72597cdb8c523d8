// Text is text: the fixture build (e2e/tools/fixture-site.mjs) has markup-like text typed into one field of each kind
// (fixture-build.ts MARKUP_FIELDS). On every page, before the runtime starts and after, the text shows exactly as typed
// (in the body, the title, attributes and the JSON-LD), none of it runs, and each page's policy allows as many inline
// scripts as the same page built from plain content (data/, served at BASE_URL) does.
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { parse } from "yaml";
import { test, expect, hydrated, contentFile, services, sitePaths, servicePath } from "./fixtures";
import { FIXTURE_BUILD_DIR, FIXTURE_SERVICE, FIXTURE_SITE_URL, MARKUP_FIELDS, MARKUP_TEXT } from "./fixture-build";
import { BASE_URL } from "./servers";

const root = path.resolve(__dirname, "..");
const SIXTH = FIXTURE_SERVICE.slug;
/** The fixture's pages: the site's, the added service's, and an unknown address (the 404 page). */
const ROUTES = [...sitePaths(), servicePath(SIXTH), "/no-such-page/"];

/** What the editor typed into a field: its value in data/ (or the sixth service's fixture), then the markup. */
function typed(file: string, keys: (string | number)[]): string {
  const source = file === FIXTURE_SERVICE.file ? FIXTURE_SERVICE.source : path.join(root, "data", file);
  let value: unknown = parse(fs.readFileSync(source, "utf8"));
  for (const key of keys) value = (value as Record<string | number, unknown>)[key];
  return `${String(value)} ${MARKUP_TEXT}`;
}
const field = (file: string, ...keys: (string | number)[]) => {
  if (!MARKUP_FIELDS.some((f) => f.file === file && f.keys.join(".") === keys.join("."))) {
    throw new Error(`${file} ${keys.join(".")} is not one of MARKUP_FIELDS`);
  }
  return typed(file, keys);
};

const hashCount = (policy: string | undefined) => (policy?.match(/'sha256-/g) ?? []).length;

/** The number of script hashes in the policy of the plain build's page for the same route. */
async function plainHashes(request: APIRequestContext, route: string): Promise<number> {
  const plainRoute = route === servicePath(SIXTH) ? servicePath(services()[0].slug) : route;
  return hashCount((await request.get(`${BASE_URL}${plainRoute}`)).headers()["content-security-policy"]);
}

/** Nothing typed ran, and no script element on the page holds the typed text as code. */
async function expectNothingRan(page: Page, route: string) {
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), route).toBeUndefined();
  const executable = await page.evaluate(() =>
    [...document.scripts].filter((s) => s.type !== "application/ld+json").map((s) => s.textContent ?? ""),
  );
  expect(
    executable.filter((text) => text.includes("pwned")),
    route,
  ).toEqual([]);
}

/** The JSON-LD parses, and the firm's area served is exactly what was typed. */
async function expectJsonLd(page: Page, route: string) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks, route).toHaveLength(1);
  const [organization] = JSON.parse(blocks[0]) as { name: string; areaServed: { name: string } }[];
  expect(organization.areaServed.name, route).toBe(field("firm.yaml", "areaServed"));
  expect(organization.name, route).toBe(field("firm.yaml", "name"));
}

test.use({ baseURL: FIXTURE_SITE_URL });

test.beforeAll(() => {
  if (!fs.existsSync(path.join(FIXTURE_BUILD_DIR, "index.html"))) {
    throw new Error(`No fixture build in ${FIXTURE_BUILD_DIR}: run npm run test:fixture-site first (npm test does).`);
  }
});

for (const route of ROUTES) {
  test(`${route}: typed markup shows as text and never runs, before and after the runtime starts`, async ({
    page,
    request,
    guard,
  }) => {
    // The unknown address answers 404, which the browser reports.
    guard.allowed.push(/status of 404/);
    const response = await page.goto(route);
    const policy = response?.headers()["content-security-policy"];
    expect(hashCount(policy), `${route}: inline scripts allowed`).toBe(await plainHashes(request, route));
    for (const phase of ["prebuilt", "hydrated"]) {
      if (phase === "hydrated") await hydrated(page);
      const at = `${route} (${phase})`;
      await expectNothingRan(page, at);
      expect(await page.title(), at).toContain(field("firm.yaml", "name"));
      await expectJsonLd(page, at);
      await expect(page.locator("footer"), at).toContainText(field("layout.yaml", "footer", "rights"));
    }
  });
}

test("each kind of field shows exactly what was typed: headings, paragraphs, list items, attributes, the head", async ({
  page,
  guard,
}) => {
  guard.allowed.push(/status of 404/);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(field("home.yaml", "hero", "headline"));
  await expect(page.getByText(field("home.yaml", "process", "steps", 0, "text"))).toBeVisible();
  await expect(page.getByRole("link", { name: field("firm.yaml", "name"), exact: true })).toBeVisible();

  await page.goto("/about/");
  await expect(page.getByText(field("firm.yaml", "founder", "title"))).toBeVisible();
  await expect(page.getByRole("img", { name: field("firm.yaml", "founder", "portraitAlt") })).toBeVisible();
  // The credential's name is in the JSON-LD only, with its abbreviation.
  const [organization] = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "");
  expect(organization.founder.hasCredential.name).toBe(
    `${field("firm.yaml", "credential", "name")} (${contentFile<{ credential: { abbreviation: string } }>("firm.yaml").credential.abbreviation})`,
  );

  await page.goto(servicePath(SIXTH));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(field(FIXTURE_SERVICE.file, "title"));
  await expect(page.getByText(field(FIXTURE_SERVICE.file, "lead"))).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: MARKUP_TEXT })).toHaveText([
    field(FIXTURE_SERVICE.file, "audience", "items", 0),
  ]);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    field(FIXTURE_SERVICE.file, "description"),
  );

  await page.goto("/contact/");
  await expect(page.getByText(field("contact.yaml", "details", "hours"))).toBeVisible();
  // The message field's label as data/ has it (the fixture leaves it as it is).
  const messageLabel = contentFile<{ form: { fields: { message: { label: string } } } }>("contact.yaml").form.fields
    .message.label;
  await expect(page.getByRole("textbox", { name: messageLabel })).toHaveAttribute(
    "placeholder",
    field("contact.yaml", "form", "fields", "message", "placeholder"),
  );
  await expectNothingRan(page, "/contact/");

  await page.goto("/no-such-page/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(field("not-found.yaml", "heading"));
});
