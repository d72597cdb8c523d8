/**
 * The editor at /admin/ of the production build, with the real local backend (the content service on a temporary git
 * repository of the content): an editor logs in locally, edits, previews and saves, and the files in the folder are
 * what the content check accepts, changed only where the editor changed them; on a desktop and on a phone.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { load } from "js-yaml";
import type { FrameLocator, Page } from "@playwright/test";
import { test, expect, services } from "./fixtures";
import {
  CHECK_REFUSAL,
  openEditor,
  publish,
  SAVED,
  serviceLabel,
  startLocalProxy,
  type LocalProxy,
} from "./local-proxy";
import { validateContentDirectory } from "../src/content/check";
import { EDITOR_PROXY_PORT } from "./fixture-build";
import { ADMIN_URL } from "../plugins/publish/editor/admin";
import { loadSchemas, readSiteContent } from "../src/content/read-content";
import { SERVICE_SCHEMA } from "../src/content/model";
import { fileLabel, servicesCollection, type CmsField } from "../src/cms/config";
import { fixtureService } from "./tools/fixture-content";

const root = path.resolve(__dirname, "..");
const schemas = loadSchemas(path.join(root, "data"));
const serviceSchema = schemas[SERVICE_SCHEMA];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

let proxy: LocalProxy;
const original: Record<string, string> = {};

// One local backend for the file: its tests run in order, in one worker. Each opens the editor, which parses Decap's
// 5 MB bundle, edits, saves through the backend and reads the file back: on a busy two-core machine that took more
// than a page test's 30 s (a fresh-clone run with other work on the machine).
test.describe.configure({ mode: "serial", timeout: 60_000 });

test.beforeAll(async () => {
  // On the port the editor looks for (no routing): the editor and its backend as `npm run cms` runs them.
  proxy = await startLocalProxy("simple", EDITOR_PROXY_PORT);
  for (const file of ["data/firm.yaml", ...services().map((s) => `data/services/${s.slug}.yaml`)]) {
    original[file] = proxy.read(file);
  }
});

test.afterAll(async () => {
  await proxy?.stop();
});

test.beforeEach(async ({ guard }) => {
  // The editor talks to the backend this file started on this machine; nothing else.
  guard.intercepted.push(new RegExp(`^http://(127\\.0\\.0\\.1|localhost):${EDITOR_PROXY_PORT}/`));
});

const read = (file: string) => proxy.read(file);

function changedLines(before: string, after: string): { before: string[]; after: string[] } {
  const a = before.split("\n");
  const b = after.split("\n");
  return { before: a.filter((line) => !b.includes(line)), after: b.filter((line) => !a.includes(line)) };
}

const field = (page: Page, name: string) => page.getByLabel(name, { exact: true });

/**
 * Decap refuses a save that fails its own field checks by rejecting a promise with no reason, which the browser
 * reports as an uncaught "undefined": the refusal the test asks for, not a fault.
 */
const refusal = /^pageerror: undefined$/;
const preview = (page: Page): FrameLocator => page.frameLocator("iframe");

test("an editor changes a service's title: the preview shows the draft in the site's styles, the file changes by one line", async ({
  page,
}) => {
  const service = services()[0];
  const file = `data/services/${service.slug}.yaml`;
  await openEditor(page, `collections/services/entries/${service.slug}`);
  const title = field(page, serviceLabel("title"));
  await expect(title).toHaveValue(service.title);

  const newTitle = `${service.title} for Owners`;
  await title.fill(newTitle);
  const heading = preview(page).getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(newTitle);

  // The preview's heading looks as the built page's does: the site's own CSS is in the preview.
  const site = await page.context().newPage();
  await site.goto(service.slug ? `/services/${service.slug}/` : "/");
  const siteStyle = await site
    .getByRole("heading", { level: 1 })
    .evaluate((h) => [getComputedStyle(h).fontFamily, getComputedStyle(h).color, getComputedStyle(h).fontWeight]);
  await site.close();
  const previewStyle = await heading.evaluate((h) => {
    const style = h.ownerDocument.defaultView!.getComputedStyle(h);
    return [style.fontFamily, style.color, style.fontWeight];
  });
  expect(previewStyle).toEqual(siteStyle);

  await publish(page);
  await expect(page.getByText(SAVED).first()).toBeVisible();
  await expect.poll(() => read(file)).not.toBe(original[file]);

  const { before, after } = changedLines(original[file], read(file));
  expect(before).toEqual([`title: ${service.title}`]);
  expect(after.length).toBe(1);
  expect(parse(after[0])).toEqual({ title: newTitle });
  expect(validateContentDirectory(path.join(proxy.repo, "data"), proxy.repo).errors).toEqual([]);
});

test("multi-line text starting with spaces and ending in blank lines is saved exactly as typed", async ({ page }) => {
  const service = services()[services().length - 1];
  const file = `data/services/${service.slug}.yaml`;
  const before = read(file);
  await openEditor(page, `collections/services/entries/${service.slug}`);
  const typed = "  An indented first line,\nthen one at the margin.\n\n";
  await field(page, serviceLabel("lead")).fill(typed);
  await publish(page);
  await expect(page.getByText(SAVED).first()).toBeVisible();
  await expect.poll(() => read(file)).not.toBe(before);
  // Both YAML readers (the check's and the build's) read the typed text back, and nothing else changed.
  expect([parse(read(file)).lead, (load(read(file)) as { lead: string }).lead]).toEqual([typed, typed]);
  expect(parse(read(file))).toEqual({ ...parse(before), lead: typed });
  expect(validateContentDirectory(path.join(proxy.repo, "data"), proxy.repo).errors).toEqual([]);
});

test("a required field left empty is refused at the field, and nothing is written", async ({ page, guard }) => {
  guard.allowed.push(refusal);
  const service = services()[1] ?? services()[0];
  const file = `data/services/${service.slug}.yaml`;
  const before = read(file);
  await openEditor(page, `collections/services/entries/${service.slug}`);
  await field(page, serviceLabel("navLabel")).fill("");
  await publish(page);
  await expect(page.getByText(new RegExp(`${serviceLabel("navLabel")} is required`, "i"))).toBeVisible();
  expect(read(file)).toBe(before);
});

test("a broken pattern is refused with the schema's own message, and nothing is written", async ({ page, guard }) => {
  guard.allowed.push(refusal);
  const before = read("data/firm.yaml");
  const firmSchema = schemas["firm.schema.json"];
  const postalCode = firmSchema.properties!.address.properties!.postalCode;
  await openEditor(page, "collections/pages/entries/firm");
  await field(page, postalCode.title!).fill("9050");
  await publish(page);
  await expect(page.getByText(postalCode.patternErrorMessage!)).toBeVisible();
  expect(read("data/firm.yaml")).toBe(before);
});

test("a phone number that cannot be dialled is refused, naming the field, and nothing is written", async ({
  page,
  guard,
}) => {
  guard.allowed.push(...CHECK_REFUSAL);
  const before = read("data/firm.yaml");
  const phone = schemas["firm.schema.json"].properties!.phone.properties!.display;
  await openEditor(page, "collections/pages/entries/firm");
  await field(page, phone.title!).fill("(310) 555-01");
  await publish(page);
  await expect(
    page.getByText(/Not saved: .*phone\.display is "\(310\) 555-01", which is not a phone number/),
  ).toBeVisible();
  expect(read("data/firm.yaml")).toBe(before);
});

test("a rule only the content check knows (a description over its length) is refused, naming the field", async ({
  page,
  guard,
}) => {
  guard.allowed.push(...CHECK_REFUSAL);
  const service = services()[0];
  const file = `data/services/${service.slug}.yaml`;
  const before = read(file);
  await openEditor(page, `collections/services/entries/${service.slug}`);
  await field(page, serviceLabel("description")).fill("A long description. ".repeat(12));
  await publish(page);
  await expect(page.getByText(/Not saved: .*description is too long/)).toBeVisible();
  expect(read(file)).toBe(before);
});

test("a new service created in the editor is a new, valid file, shown in the preview as the editor types", async ({
  page,
}) => {
  const fields = servicesCollection(schemas).fields!;
  const byName = (name: string, list = fields) => list.find((f) => f.name === name)!;
  const addButton = (f: CmsField) =>
    page.getByRole("button", { name: new RegExp(`^Add ${escapeRegExp(f.label)}$`, "i") });
  // A slug, an order and a menu label no service in data/ has, whatever services an editor has added.
  const { slug, order, navLabel, replaces } = fixtureService(path.join(proxy.repo, "data"));
  // At the most services the site lays out, the last makes room.
  if (replaces) {
    fs.rmSync(path.join(proxy.repo, "data", replaces));
    proxy.commit("Room for one more service");
  }
  const draft = {
    slug,
    order,
    navLabel,
    title: "Valuation Training for Finance Teams",
    description: "Workshops that teach finance teams how business valuations are prepared and read.",
    summary: "Workshops on how valuations are prepared and read.",
    overview: ["In-house workshops"],
    lead: "We teach your finance team how a valuation comes together, from the data we ask for to the conclusion.",
    covers: {
      heading: "What we cover",
      items: [{ title: "Approaches", text: "Income, market and asset approaches." }],
    },
    audience: { heading: "Who it is for", items: ["Finance teams"] },
    deliverables: { heading: "What you receive", items: ["Workshop slides"] },
  };
  const file = `data/services/${draft.slug}.yaml`;
  await openEditor(page, "collections/services/new");
  for (const name of ["slug", "order", "navLabel", "title", "description", "summary", "lead"] as const) {
    await field(page, serviceLabel(name)).fill(String(draft[name]));
  }
  await addButton(byName("overview")).click();
  await field(page, serviceLabel("overview")).fill(draft.overview[0]);
  // The three sections: a heading each and one item (a title and text for "covers").
  const sections = ["covers", "audience", "deliverables"] as const;
  const sectionFields = byName("covers").fields!;
  for (const [i, name] of sections.entries()) {
    const heading = page.getByLabel(byName("heading", sectionFields).label, { exact: true }).nth(i);
    await heading.fill(draft[name].heading);
    // The section's own list: the first "Add …" button after its heading.
    const items = byName("items", byName(name).fields);
    await heading.locator(`xpath=following::button[normalize-space()="Add ${items.label.toLowerCase()}"][1]`).click();
  }
  const coverItem = byName("items", sectionFields).fields!;
  await field(page, byName("title", coverItem).label).fill(draft.covers.items[0].title);
  await field(page, byName("text", coverItem).label).fill(draft.covers.items[0].text);
  const itemLabel = byName("items", byName("audience").fields).label;
  await page.getByLabel(itemLabel, { exact: true }).nth(0).fill(draft.audience.items[0]);
  await page.getByLabel(itemLabel, { exact: true }).nth(1).fill(draft.deliverables.items[0]);

  await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText(draft.title);
  await expect(preview(page).getByText(draft.covers.items[0].text)).toBeVisible();

  await publish(page);
  // The backend commits, then the folder follows: wait for the whole text, not the file alone.
  const saved = () => (fs.existsSync(path.join(proxy.repo, file)) ? parse(read(file)) : null);
  await expect.poll(saved, { timeout: 10_000 }).toEqual(draft);
  const text = read(file);
  expect(text.split("\n").slice(0, 2)).toEqual([
    `# yaml-language-server: $schema=../schema/${SERVICE_SCHEMA}`,
    `# ${serviceSchema.description}`,
  ]);
  expect(Object.keys(parse(text) as object)).toEqual(Object.keys(serviceSchema.properties!));
  expect(validateContentDirectory(path.join(proxy.repo, "data"), proxy.repo).errors).toEqual([]);
});

test("nothing an editor types reaches the preview as markup: it shows as text", async ({ page }) => {
  const service = services()[0];
  await openEditor(page, `collections/services/entries/${service.slug}`);
  const markup = `<img src="x" onerror="window.parent.__injected = 1"><b>bold</b>`;
  await field(page, serviceLabel("title")).fill(markup);
  const heading = preview(page).getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(markup);
  // No element came of it: the heading holds one text node, and no handler ran.
  expect(
    await heading.evaluate((h) => [h.children.length, h.ownerDocument.querySelectorAll("img[src='x'], b").length]),
  ).toEqual([0, 0]);
  expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
});

/** Every text of the data that is an item of a list of texts (a service's bullets). */
function listItems(value: unknown): string[] {
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value;
  if (value && typeof value === "object") return Object.values(value).flatMap(listItems);
  return [];
}

test("each item of a list shows as its own text, and the form's last line scrolls clear of History", async ({
  page,
}) => {
  const service = services()[0];
  await openEditor(page, `collections/services/entries/${service.slug}`);
  const items = listItems(parse(read(`data/services/${service.slug}.yaml`)));
  expect(items.length, "the service has bullets").toBeGreaterThan(0);
  const boxes = page.locator("input:visible, textarea:visible");
  await expect
    .poll(() => boxes.evaluateAll((all) => all.map((box) => (box as HTMLInputElement).value)))
    .toEqual(expect.arrayContaining(items));

  const keys = Object.keys(serviceSchema.properties!);
  const lastHint = serviceSchema.properties![keys[keys.length - 1]].description;
  test.skip(!lastHint, "the service's last field has no hint to read");
  await expect(page.getByRole("button", { name: "History" })).toBeVisible();
  await boxes.first().hover();
  await page.mouse.wheel(0, 100_000);
  // At the end of the form its last line, the last field's hint, is readable: nothing lies over any part of it.
  const hint = page.getByText(lastHint!, { exact: true });
  await expect(hint).toBeInViewport();
  const covered = () =>
    hint.evaluate((element) => {
      const { left, right, top, bottom } = element.getBoundingClientRect();
      const points = [left + 2, (left + right) / 2, right - 2].map((x) => [x, (top + bottom) / 2]);
      return points.filter(([x, y]) => !element.contains(document.elementFromPoint(x, y))).length;
    });
  await expect.poll(covered).toBe(0);
});

test("a link the site may not make (javascript:) shows in the preview as its label, no link", async ({ page }) => {
  await openEditor(page, "collections/pages/entries/firm");
  const firstLink = field(page, "URL").first();
  await expect(firstLink).toBeVisible();
  const label = await field(page, "Label").first().inputValue();
  await firstLink.fill("javascript:window.parent.__injected=1");
  const footer = preview(page).getByRole("contentinfo");
  await expect(footer.getByText(label, { exact: true })).toBeVisible();
  expect(await footer.locator("a[href^='javascript:' i]").count()).toBe(0);
  await expect(footer.getByRole("link", { name: new RegExp(`^${escapeRegExp(label)}\\b`) })).toHaveCount(0);
});

/** Every control of the preview's header (menu button, links) shows whole: its corners and middle are the preview's. */
async function previewHeaderUncovered(page: Page): Promise<void> {
  const controls = preview(page).getByRole("banner").locator("a:visible, button:visible");
  expect(await controls.count()).toBeGreaterThan(0);
  for (const control of await controls.all()) {
    const { x, y, width, height } = (await control.boundingBox())!;
    const points = [0.05, 0.5, 0.95].flatMap((fx) => [0.1, 0.5, 0.9].map((fy) => [x + fx * width, y + fy * height]));
    const shown = await page.evaluate(
      (list) => list.map(([px, py]) => document.elementFromPoint(px, py)?.tagName),
      points,
    );
    const name = await control.textContent();
    expect(shown, `${name} in the preview's header is not covered`).toEqual(points.map(() => "IFRAME"));
  }
}

test("the local editor's words fit it: services in menu order, View Live opens the entry's page on this site", async ({
  page,
  baseURL,
}) => {
  await openEditor(page, "collections/services");
  // The services as the proxy holds them now (earlier tests of this file add one), in menu order.
  const inOrder = readSiteContent(path.join(proxy.repo, "data")).services.map((s) => String(s.slug));
  const listed = page.getByRole("link", { name: /^\d+\. / });
  await expect(listed).toHaveCount(inOrder.length);
  const hrefs = await listed.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hrefs.map((href) => href!.split("/").pop())).toEqual(inOrder);
  // The header's link to the site.
  await expect(page.locator('[class*="-AppHeaderSiteLink"]')).toHaveAttribute("href", new URL(baseURL!).origin);

  const service = services()[1];
  await page.goto(`${ADMIN_URL}#/collections/services/entries/${service.slug}`);
  await expect(field(page, serviceLabel("title"))).toHaveValue(service.title);
  const viewLive = page.getByRole("link", { name: "View Live" });
  await expect(viewLive).toHaveAttribute("href", new URL(service.path, baseURL).href);
  const [live] = await Promise.all([page.waitForEvent("popup"), viewLive.click()]);
  await expect(live.getByRole("heading", { level: 1 })).toHaveText(service.title);
  await live.close();
  await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText(service.title);
  await previewHeaderUncovered(page);

  // A page file, opened from its collection as an editor opens it.
  await page.getByRole("link", { name: /Writing in Services collection/ }).click();
  await page.getByRole("link", { name: "Pages and settings", exact: true }).click();
  await page.getByRole("link", { name: fileLabel(schemas["about.schema.json"], "about"), exact: true }).click();
  await expect(page.getByRole("link", { name: "View Live" })).toHaveAttribute("href", new URL("/about/", baseURL).href);
  await expect(page.getByText("Check for Preview")).toBeHidden();
});

test.describe("on a phone (375 px, touch)", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  /** The element lies within the screen's width (it may lie below the fold: the page scrolls down, not sideways). */
  async function withinWidth(locator: ReturnType<Page["locator"]>, what: string): Promise<void> {
    // As it settles: Decap draws a list again as its entries arrive.
    await expect(async () => {
      const box = await locator.boundingBox();
      expect(box, `${what} is shown`).not.toBeNull();
      expect(box!.x, `${what} starts on the screen`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${what} ends on the screen`).toBeLessThanOrEqual(375);
    }).toPass();
  }
  async function noSidewaysScroll(page: Page, where: string): Promise<void> {
    const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(scrollWidth, `${where}: the page is no wider than the screen`).toBeLessThanOrEqual(width);
  }

  test("an editor opens a service, changes a field, sees the preview and saves: the file changes by one line", async ({
    page,
  }) => {
    const service = services()[services().length - 1];
    const file = `data/services/${service.slug}.yaml`;
    const before = read(file);
    await page.goto(ADMIN_URL);
    await page.getByRole("button", { name: /login/i }).click();

    // The collections, then the services: each on the screen, nothing sideways.
    const servicesLink = page.getByRole("link", { name: "Services", exact: true });
    await withinWidth(servicesLink, "the Services collection");
    await withinWidth(page.getByRole("link", { name: "Pages and settings", exact: true }), "the Pages collection");
    await noSidewaysScroll(page, "collections");
    await servicesLink.tap();
    // Listed as "<order>. <menu label>": the order tells it from any other service of the same label.
    const entry = page.getByRole("link", {
      name: new RegExp(`\\b${service.order}\\. ${escapeRegExp(service.navLabel)}`),
    });
    await withinWidth(entry, "the service in the list");
    await noSidewaysScroll(page, "the services");
    await entry.tap();

    // The entry: its fields and Publish on the screen.
    const title = field(page, serviceLabel("title"));
    await expect(title).toHaveValue(service.title);
    await noSidewaysScroll(page, "the entry");
    for (const name of Object.keys(serviceSchema.properties!).slice(0, 6)) {
      const control = page.getByLabel(serviceLabel(name), { exact: true });
      if ((await control.count()) === 1) await withinWidth(control, `the field ${serviceLabel(name)}`);
    }
    const newTitle = `${service.title} Today`;
    await title.fill(newTitle);
    const publishButton = page.getByRole("button", { name: "Publish", exact: true });
    await withinWidth(publishButton, "Publish");

    // The preview, through Decap's toggle: the draft in the site's own (phone) layout, the screen's width.
    await page.getByRole("button", { name: "Toggle preview" }).tap();
    await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText(newTitle);
    await withinWidth(page.locator("iframe"), "the preview");
    await noSidewaysScroll(page, "the preview");
    await previewHeaderUncovered(page);
    await withinWidth(publishButton, "Publish beside the preview");

    await publishButton.tap();
    await page.getByRole("menuitem", { name: "Publish now" }).tap();
    await expect(page.getByText(SAVED).first()).toBeVisible();
    await expect.poll(() => read(file)).not.toBe(before);
    const { before: removed, after: added } = changedLines(before, read(file));
    expect(removed).toEqual([`title: ${service.title}`]);
    expect(added.length).toBe(1);
    expect(parse(added[0])).toEqual({ title: newTitle });
    expect(validateContentDirectory(path.join(proxy.repo, "data"), proxy.repo).errors).toEqual([]);
  });
});
