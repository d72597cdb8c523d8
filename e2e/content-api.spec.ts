/**
 * Editors without a GitHub account: Cloudflare Access logs them in by email, and the site's content API
 * (functions/api/content.ts) saves for them with a GitHub App, on Cloudflare's runtime (`wrangler pages dev`) against
 * stand-ins for GitHub and Access (content-api-session.ts). In Chromium at 1280 px: the editor opens /admin/, edits,
 * saves, uploads; two editors on one file keep both changes; a draft goes through review to publish; "Is it
 * live?" tells live from publishing from failed. Then every request the API must refuse, each with nothing written on
 * the stand-in.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { parse, stringify } from "yaml";
import { generateKeyPair, SignJWT, base64url } from "jose";
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, services } from "./fixtures";
import {
  editorContext,
  serveWorkerRoute,
  WORKFLOW_TIMEZONE,
  standIn,
  startContentApiServers,
  stopContentApiServers,
} from "./content-api-session";
import { ACCESS_SITE_URL, FIXTURE_BUILD_DIR, FIXTURE_SITE_URL, WORKER_URL, WORKFLOW_SITE_URL } from "./fixture-build";
import { AUDIENCE } from "./content-api-stand-in";
import { publish, SAVED, saveDraft, serviceField, serviceLabel, setStatus } from "./local-proxy";
import { ADMIN_DIR, ADMIN_URL } from "../plugins/publish/editor/admin";
import { LIVE_COMMIT_FILE } from "../src/cms/live-status";
import { CONTENT_API, PUBLISHERS_ONLY } from "../src/content/editor-backend";
import { SESSION_ENDED } from "../functions/_lib/content/access";
import { MAX_BODY } from "../functions/_lib/content/api";
import { loadSchemas } from "../src/content/read-content";
import { PAGE_FILES, resolveSchema } from "../src/content/model";
import { draftBranch } from "../src/cms/content-store";

const root = path.resolve(__dirname, "..");
const schemas = loadSchemas(path.join(root, "data"));
const portrait = resolveSchema(
  schemas["firm.schema.json"].properties!.founder.properties!.portrait,
  schemas,
  "firm.schema.json",
).schema;
/** Editors of the firm: the second lock, EDITOR_EMAILS, lets their domain in. */
const ANN = "ann.editor@firm.example";
const BEN = "ben.editor@firm.example";

test.describe.configure({ mode: "serial", timeout: 90_000 });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  await startContentApiServers(
    { EDITOR_EMAILS: "@firm.example, partner@elsewhere.example" },
    { PUBLISHERS: `${BEN}, @publishers.firm.example` },
  );
});
test.afterAll(stopContentApiServers);

/** Opens the editor as `email` (the page sends Access's assertion with each request) at `hash`. */
async function openAs(page: Page, email: string, hash: string, site = ACCESS_SITE_URL) {
  await page.context().setExtraHTTPHeaders({ "Cf-Access-Jwt-Assertion": await standIn.assertion(email) });
  await page.goto(`${site}${ADMIN_URL}#/${hash}`);
}

/** A second editor's page (the guard watches it as it watches the first's). */
async function secondEditor(page: Page, email: string) {
  const context = await editorContext(page.context().browser()!, email, page.viewportSize()!.width);
  return context.newPage();
}

async function publishNow(page: Page) {
  await publish(page);
  await expect(page.getByText(SAVED).first()).toBeVisible();
}

/** The lines of `after` that `before` does not have. */
const newLines = (before: string, after: string) =>
  after.split("\n").filter((line) => !before.split("\n").includes(line));

// At one width: the API sees the same requests from a phone. The phone's own path through the editor is checked on the
// local editor (cms.spec, cms-workflow) and here in "Is it live?" on a phone.
const width = 1280;
test.describe(`at ${width} px`, () => {
  test.use({
    viewport: { width, height: 800 },
    baseURL: ACCESS_SITE_URL,
  });

  test("an editor with no GitHub account edits a service: one commit, by them, of that file's one line", async ({
    page,
  }) => {
    const service = services()[0];
    const file = `data/services/${service.slug}.yaml`;
    const before = standIn.file(file)!;
    const writes = standIn.writes.length;
    const answers: Promise<string>[] = [];
    page.on("response", (r) => void (r.url().endsWith(CONTENT_API.url) && answers.push(r.text().catch(() => ""))));
    await openAs(page, ANN, `collections/services/entries/${service.slug}`);
    // No login page: Access logged the editor in before /admin/ opened.
    await expect(serviceField(page, "title")).toHaveValue(parse(before).title);
    await expect(page.getByRole("button", { name: /login/i })).toHaveCount(0);
    const changed = `${service.title} for Owners (${width})`;
    await serviceField(page, "title").fill(changed);
    await publishNow(page);

    await expect.poll(() => standIn.writes.length).toBe(writes + 1);
    expect(standIn.writes.at(-1)).toMatchObject({
      branch: "main",
      author: { email: ANN },
      committer: "site-editor[bot]",
      paths: [file],
    });
    const after = standIn.file(file)!;
    expect(parse(after).title).toBe(changed);
    // Only the title's line changed: comments, order and quoting kept.
    expect(newLines(before, after).map((line) => parse(line))).toEqual([{ title: changed }]);
    expect(after.split("\n").length).toBe(before.split("\n").length);
    // The editor's "Is it live?" line reads the branch through the content API.
    await expect(page.getByRole("region", { name: "Live site" })).toContainText(
      standIn.branches().length ? "commit" : "",
    );
  });

  test("a file's history lists who changed what; a restore is a new commit, by the editor", async ({ page }) => {
    const file = `data/services/${services()[0].slug}.yaml`;
    const before = standIn.file(file)!;
    const retitled = `${parse(before).title} (history ${width})`;
    standIn.commit(file, before.replace(/^title: .*$/m, `title: ${retitled}`), "Retitled");
    const writes = standIn.writes.length;
    await openAs(page, ANN, `collections/services/entries/${services()[0].slug}`);
    await page.getByRole("button", { name: "History", exact: true }).click();
    const versions = page.getByRole("dialog", { name: `History of ${file}` }).getByRole("listitem");
    await expect(versions.first()).toContainText(`Someone else · Changed ${serviceLabel("title")}`);
    const previous = versions.nth(1);
    await previous.locator("summary").click();
    await expect(previous.getByRole("definition")).toContainText([`Today: ${retitled}`]);
    await previous.getByRole("button", { name: "Restore this version" }).click();
    await expect.poll(() => standIn.writes.length).toBe(writes + 1);
    expect(standIn.writes.at(-1)).toMatchObject({ branch: "main", author: { email: ANN }, paths: [file] });
    expect(standIn.writes.at(-1)!.message).toMatch(new RegExp(`^Restore ${file} to \\d{4}-\\d{2}-\\d{2} \\(`));
    expect(parse(standIn.file(file)!)).toEqual(parse(before));
    // The editor reloads on the restore: the form shows the version put back.
    await expect(serviceField(page, "title")).toHaveValue(parse(before).title);
  });

  test("a new portrait: the image and the firm file in one commit, by the editor", async ({ page }) => {
    const writes = standIn.writes.length;
    const name = `portrait-${width}.jpg`;
    const buffer = await sharp({
      create: {
        width: portrait.imageSize!.width * 2,
        height: portrait.imageSize!.height * 2,
        channels: 3,
        background: "#445566",
      },
    })
      .jpeg()
      .toBuffer();
    await openAs(page, ANN, "collections/pages/entries/firm");
    await page
      .locator("label", { hasText: new RegExp(`^${portrait.title}$`) })
      .locator('xpath=following::button[normalize-space()="Choose different image"][1]')
      .click();
    await page.locator('input[type="file"]').setInputFiles({ name, mimeType: "image/jpeg", buffer });
    await page.getByRole("button", { name: "Choose selected" }).click();
    await publishNow(page);
    await expect
      .poll(() => parse(standIn.file("data/firm.yaml")!).founder.portrait)
      .toMatch(new RegExp(`images/${name}$`));
    const added = standIn.writes.slice(writes);
    // One save, one commit (one build): the image lands with the file that shows it.
    expect(added).toMatchObject([{ author: { email: ANN } }]);
    expect(added[0].paths.sort()).toEqual(["data/firm.yaml", `data/images/${name}`]);
  });

  test("two editors change different fields of one service: the file keeps both", async ({ page }) => {
    const service = services()[services().length - 1];
    const file = `data/services/${service.slug}.yaml`;
    const other = await secondEditor(page, BEN);
    await openAs(page, ANN, `collections/services/entries/${service.slug}`);
    await other.goto(`${ACCESS_SITE_URL}${ADMIN_URL}#/collections/services/entries/${service.slug}`);
    await expect(serviceField(page, "title")).toHaveValue(parse(standIn.file(file)!).title);
    await expect(serviceField(other, "lead")).toBeVisible();

    const changed = `${service.title} (${width}, Ann)`;
    await serviceField(page, "title").fill(changed);
    await publishNow(page);
    const lead = `A lead Ben wrote at ${width} px.`;
    await serviceField(other, "lead").fill(lead);
    await publishNow(other);

    await expect.poll(() => parse(standIn.file(file)!).lead).toBe(lead);
    expect(parse(standIn.file(file)!).title).toBe(changed);
    expect(standIn.writes.at(-1)?.author?.email).toBe(BEN);
    await other.context().close();
  });

  test("opening the editor, its first touch and a save read each file once, in the browser and on GitHub", async ({
    page,
  }) => {
    const service = services()[0];
    const asked: string[] = [];
    page.on("request", (r) => {
      if (!r.url().endsWith(CONTENT_API.url)) return;
      const { action, params } = r.postDataJSON() as { action: string; params: Record<string, unknown> };
      const files = (params.files as { path: string }[] | undefined)?.map((f) => f.path) ?? [];
      const named = [params.path, params.folder, params.mediaFolder, ...files].filter(Boolean);
      for (const file of named) asked.push(`${action} ${String(file)} ${String(params.extension ?? "")}`);
    });
    const before = standIn.requests.length;
    await openAs(page, ANN, `collections/services/entries/${service.slug}`);
    await serviceField(page, "title").click();
    // The first touch starts the content check, which reads every page file.
    for (const name of Object.keys(PAGE_FILES)) {
      await expect.poll(() => asked.some((a) => a.includes(` data/${name} `))).toBe(true);
    }
    await serviceField(page, "title").fill(`${service.title} (read once, ${width})`);
    await publishNow(page);
    const read = standIn.requests.slice(before).filter((r) => /^GET \S+\/contents\//.test(r));
    const twice = (list: string[]) => list.filter((item, i) => list.indexOf(item) !== i);
    expect({ browser: twice(asked), github: twice(read) }).toEqual({ browser: [], github: [] });
  });

  test("a session that ends while editing: the save is refused, the editor says so, the form keeps the edit", async ({
    page,
    guard,
  }) => {
    // The browser logs the 401, and Decap the refusal it shows.
    guard.allowed.push(/status of 401/, /^\w+: Your session ended: log in again\./, /^pageerror: Object$/);
    const service = services()[0];
    const writes = standIn.writes.length;
    await openAs(page, ANN, `collections/services/entries/${service.slug}`);
    await expect(serviceField(page, "lead")).toBeVisible();
    const lead = `A lead typed as the session ended (${width}).`;
    await serviceField(page, "lead").fill(lead);
    // Access now sends an assertion that has expired.
    const expired = await standIn.assertion(ANN, { expiresIn: -120 });
    await page.context().setExtraHTTPHeaders({ "Cf-Access-Jwt-Assertion": expired });
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("menuitem", { name: "Publish now" }).click();
    await expect(page.getByText("Your session ended: log in again.").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Log in again" })).toBeVisible();
    await expect(serviceField(page, "lead")).toHaveValue(lead);
    expect(standIn.writes.length).toBe(writes);
  });
});

test.describe(`drafts and review, at ${width} px`, () => {
  test.use({
    viewport: { width, height: 800 },
    baseURL: WORKFLOW_SITE_URL,
  });

  test("a draft is a branch and a pull request; review, Ready and Publish merge it", async ({ page, guard }) => {
    // Decap asks for an entry's draft when it opens it; with none yet, the API answers 404.
    guard.allowed.push(/status of 404/);
    page.on("dialog", (dialog) => void dialog.accept());
    const service = services()[1 % services().length];
    const file = `data/services/${service.slug}.yaml`;
    const branch = draftBranch("services", service.slug);
    const before = standIn.file(file)!;
    await openAs(page, BEN, `collections/services/entries/${service.slug}`, WORKFLOW_SITE_URL);
    const changed = `${parse(before).title} (draft at ${width})`;
    await serviceField(page, "title").fill(changed);
    await saveDraft(page);
    expect(parse(standIn.file(file, branch)!).title).toBe(changed);
    expect(standIn.file(file)).toBe(before);
    expect(standIn.pulls.find((p) => p.head.ref === branch && p.state === "open")?.labels).toEqual([
      { name: "decap-cms/draft" },
    ]);
    // A second save of the draft reads it from its branch, and merges onto it.
    const summary = `A summary written in the draft at ${width}.`;
    await serviceField(page, "summary").fill(summary);
    await saveDraft(page);
    await expect.poll(() => parse(standIn.file(file, branch)!).summary).toBe(summary);
    expect(parse(standIn.file(file, branch)!).title).toBe(changed);
    // The draft's history is its branch's: the newest version is this editor's draft.
    await page.getByRole("button", { name: "History", exact: true }).click();
    const newest = page
      .getByRole("dialog", { name: `History of ${file}` })
      .getByRole("listitem")
      .first();
    await expect(newest).toContainText(`${BEN} · Changed ${serviceLabel("summary")}`);
    await page.keyboard.press("Escape");

    await setStatus(page, "In review");
    await setStatus(page, "Ready");
    expect(standIn.pulls.find((p) => p.head.ref === branch && p.state === "open")?.labels).toEqual([
      { name: "decap-cms/pending_publish" },
    ]);
    await publish(page);
    await expect(page.getByText(/entry published/i).first()).toBeVisible();
    await expect.poll(() => parse(standIn.file(file) ?? "").title).toBe(changed);
    expect(standIn.branches()).not.toContain(branch);
    expect(parse(standIn.file(file)!)).toMatchObject({ title: changed, summary });
  });

  test("a publisher sets Publish at on a phone; every editor sees it; the Worker's Cron Trigger publishes it then", async ({
    page,
    guard,
    request,
  }) => {
    guard.allowed.push(/status of 404/);
    const service = services()[0];
    const file = `data/services/${service.slug}.yaml`;
    const branch = draftBranch("services", service.slug);
    const phone = await (await editorContext(page.context().browser()!, BEN, 375)).newPage();
    await phone.goto(`${WORKFLOW_SITE_URL}${ADMIN_URL}#/collections/services/entries/${service.slug}`);
    const title = `${service.title} (scheduled)`;
    await serviceField(phone, "title").fill(title);
    await saveDraft(phone);
    await setStatus(phone, "Ready");
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await phone.getByRole("button", { name: "Publish at…" }).click();
    const dialog = phone.getByRole("dialog", { name: "Publish at" });
    await dialog.getByLabel(`Date and time (${WORKFLOW_TIMEZONE})`).fill(`${day}T09:00`);
    await dialog.getByRole("button", { name: "Set" }).click();
    await expect(dialog.getByRole("status")).toHaveText(
      new RegExp(`^Publishes at .* 09:00 ${WORKFLOW_TIMEZONE}, as reviewed, set by ${BEN}`),
    );
    // Kept in the draft's pull request, as the instant that is nine in the morning in the firm's time zone.
    const body = standIn.pulls.find((p) => p.head.ref === branch && p.state === "open")!.body!;
    const at = Date.parse(/^Publish at (\S+), as reviewed at commit/m.exec(body)![1]);
    const zoned = { timeZone: WORKFLOW_TIMEZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
    expect(new Intl.DateTimeFormat("en", zoned).format(at)).toBe("09:00");
    await phone.close();

    // Another editor, who is not a publisher, sees it on the board and in the draft, and cannot change it.
    await openAs(page, ANN, "workflow", WORKFLOW_SITE_URL);
    const card = page.getByRole("link", { name: new RegExp(`${service.order}\\. `) });
    await expect(card.locator("xpath=following-sibling::p[1]")).toHaveText(
      new RegExp(`^Publishes at .* 09:00 ${WORKFLOW_TIMEZONE}`),
    );
    await card.click();
    await page.getByRole("button", { name: "Publish at…" }).click();
    await expect(
      page.getByRole("dialog", { name: "Publish at" }).getByRole("button", { name: "Clear" }),
    ).toBeDisabled();

    // The Worker's Cron Trigger, on Cloudflare's runtime, with the test's clock: not a minute early, then on time.
    await serveWorkerRoute();
    const before = standIn.file(file);
    for (const time of [at - 60_000, at]) {
      expect((await request.get(`${WORKER_URL}/cdn-cgi/local/scheduled?time=${time}`)).status()).toBe(200);
      if (time < at) expect(standIn.file(file)).toBe(before);
    }
    expect(parse(standIn.file(file)!).title).toBe(title);
    expect(standIn.writes.at(-1)).toMatchObject({ branch: "main", author: { email: BEN } });
    expect(standIn.branches()).not.toContain(branch);
  });
});

test.describe("only the site's publishers publish", () => {
  test.use({ viewport: { width: 1280, height: 800 }, baseURL: WORKFLOW_SITE_URL });
  test("an editor who is not one saves a draft and sets it Ready; Publish says who publishes, the API refuses", async ({
    page,
    guard,
    request,
  }) => {
    guard.allowed.push(/status of 404/);
    const { slug } = services()[0];
    const file = `data/services/${slug}.yaml`;
    const before = standIn.file(file)!;
    await openAs(page, ANN, `collections/services/entries/${slug}`, WORKFLOW_SITE_URL);
    await serviceField(page, "title").fill(`${parse(before).title} (for review)`);
    await saveDraft(page);
    await setStatus(page, "Ready");
    // Shown disabled, and pressed anyway, it says why.
    const control = page.getByRole("button", { name: "Publish", exact: true });
    await expect(control).toBeDisabled();
    await control.click({ force: true });
    await expect(page.getByRole("region", { name: "Publishing" })).toContainText(PUBLISHERS_ONLY);
    await expect(page.getByRole("menuitem", { name: "Publish now" })).toHaveCount(0);
    const call = async (action: string, params: object) =>
      request.post(`${WORKFLOW_SITE_URL}${CONTENT_API.url}`, {
        headers: { "Sec-Fetch-Site": "same-origin", "Cf-Access-Jwt-Assertion": await standIn.assertion(ANN) },
        data: { action, params: { branch: "main", collection: "services", slug, ...params } },
      });
    const { head } = (await (await call("unpublishedEntry", {})).json()) as { head: string };
    const refused = await call("publishUnpublishedEntry", { head });
    expect([refused.status(), ((await refused.json()) as { error: string }).error]).toEqual([
      403,
      `Refused: ${PUBLISHERS_ONLY} Nothing was changed.`,
    ]);
    expect(standIn.file(file)).toBe(before);
    expect((await call("deleteUnpublishedEntry", { head })).status()).toBe(200);
  });
});

test.describe("review notes", () => {
  test.use({ viewport: { width: 1280, height: 800 }, baseURL: WORKFLOW_SITE_URL });
  test("an editor's draft: a publisher's note at 375 px, seen and resolved by the editor at 1280, on GitHub", async ({
    page,
    guard,
    request,
  }) => {
    guard.allowed.push(/status of 404/);
    const { slug, order, title } = services()[0];
    await openAs(page, ANN, `collections/services/entries/${slug}`, WORKFLOW_SITE_URL);
    await serviceField(page, "title").fill(`${title} (for review)`);
    await saveDraft(page);
    const phone = await (await editorContext(page.context().browser()!, BEN, 375)).newPage();
    await phone.goto(`${WORKFLOW_SITE_URL}${ADMIN_URL}#/collections/services/entries/${slug}`);
    await phone.getByTitle("Toggle notes").click();
    const content = "@ann <b>not bold</b>: shorten the title?";
    await phone.getByPlaceholder("Add a note...").fill(content);
    await phone.getByRole("button", { name: "Add Note" }).click();
    await expect(phone.getByText(content, { exact: true })).toBeVisible();
    await phone.context().close();
    // On the draft's pull request, by the App, the text in a code block.
    const pull = standIn.pulls.find((p) => p.head.ref === draftBranch("services", slug) && p.state === "open")!;
    const [comment] = standIn.comments.filter((c) => c.issue === pull.number);
    expect(comment).toMatchObject({
      user: { login: "site-editor[bot]" },
      body: expect.stringContaining(`\n${content}\n`),
    });

    await page.goto(`${ADMIN_URL}#/workflow`);
    const card = page.getByRole("link", { name: new RegExp(`${order}\\. `) });
    await expect(card.locator("xpath=following-sibling::p[1]")).toHaveText("1 open review note.");
    await card.click();
    await page.getByTitle("Toggle notes").click();
    await expect(page.getByText(content, { exact: true })).toBeVisible();
    await expect(page.getByText(BEN, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Resolve" }).click();
    await expect(page.getByText("resolved", { exact: true })).toBeVisible();
    await page.goto(`${ADMIN_URL}#/workflow`);
    await expect(card.locator("xpath=following-sibling::p[1]")).toHaveText("0 open review notes.");
    const headers = { "Sec-Fetch-Site": "same-origin", "Cf-Access-Jwt-Assertion": await standIn.assertion(ANN) };
    const params = { branch: "main", collection: "services", slug };
    const url = `${WORKFLOW_SITE_URL}${CONTENT_API.url}`;
    const { head } = (await (
      await request.post(url, { headers, data: { action: "unpublishedEntry", params } })
    ).json()) as {
      head: string;
    };
    await request.post(url, { headers, data: { action: "deleteUnpublishedEntry", params: { ...params, head } } });
  });
});

test.describe("is it live? The editor compares the build's commit with the branch's head and reads its checks", () => {
  test.use({ baseURL: ACCESS_SITE_URL });
  const built = JSON.parse(fs.readFileSync(path.join(FIXTURE_BUILD_DIR, ADMIN_DIR, LIVE_COMMIT_FILE), "utf8")) as {
    commit: string;
  };
  const line = (page: Page) => page.getByRole("region", { name: "Live site" });
  const hash = `collections/services/entries/${services()[0].slug}`;
  test.afterEach(() => Object.assign(standIn.reports, { head: undefined, runs: [], statuses: [] }));

  test("the build's commit is the branch's head: live", async ({ page, request }) => {
    // The build wrote the commit it was made from, as a deploy's build does.
    expect(built.commit).toMatch(/^[0-9a-f]{40}$/);
    const file = await request.get(`${ADMIN_URL}${LIVE_COMMIT_FILE}`);
    expect(file.headers()["cache-control"]).toBe("no-store");
    standIn.reports.head = built.commit;
    await openAs(page, ANN, hash);
    await expect(line(page).getByRole("status")).toHaveText(
      `The live site is up to date: it shows the latest saved change (commit ${built.commit.slice(0, 7)}).`,
    );
  });

  test("a newer head the host is building: publishing, with the build's link", async ({ page }) => {
    const run = {
      name: "Cloudflare Pages",
      status: "in_progress",
      conclusion: null,
      details_url: "https://dash.example/b/1",
    };
    standIn.reports.runs = [run];
    await openAs(page, ANN, hash);
    await expect(line(page).getByRole("status")).toHaveText(/^The host is publishing the latest saved change/);
    await expect(line(page).getByRole("link", { name: "Build details" })).toHaveAttribute("href", run.details_url);
  });

  test("a newer head whose build failed: the editor is told, with the host's link, on a phone too", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const status = { state: "failure", context: "Cloudflare Pages", target_url: "https://dash.example/b/2" };
    standIn.reports.statuses = [status];
    await openAs(page, ANN, hash);
    await expect(line(page).getByRole("status")).toHaveText(/^The host could not build the latest saved change/);
    await expect(line(page).getByRole("link", { name: "Build details" })).toHaveAttribute("href", status.target_url);
    const box = (await line(page).boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= 375).toBe(true);
    // Out of the way until the next change.
    await line(page).getByRole("button", { name: "Hide" }).click();
    await expect(line(page)).toBeHidden();
  });
});

const service = () => `data/services/${services()[0].slug}.yaml`;
const persist = (filePath: string, extra: Record<string, unknown> = {}) => ({
  action: "persistEntry",
  params: {
    branch: "main",
    dataFiles: [{ path: filePath, slug: "x", raw: "title: taken over\n" }],
    assets: [],
    options: { commitMessage: "Take over", useWorkflow: false },
    ...extra,
  },
});
async function post(
  request: APIRequestContext,
  body: unknown,
  headers: Record<string, string> = {},
  site = ACCESS_SITE_URL,
) {
  const response = await request.post(`${site}${CONTENT_API.url}`, {
    headers: {
      "Content-Type": "application/json",
      "Sec-Fetch-Site": "same-origin",
      "Cf-Access-Jwt-Assertion": await standIn.assertion(ANN),
      ...headers,
    },
    data: typeof body === "string" ? body : JSON.stringify(body),
  });
  const answer = (await response.json()) as { error?: string } | null;
  return { status: response.status(), error: answer?.error ?? "", body: answer as unknown };
}
/** The version of `file` on main as the editor's read gets it. */
async function versionOf(request: APIRequestContext, file: string) {
  const read = await post(request, { action: "entriesByFiles", params: { branch: "main", files: [{ path: file }] } });
  return (read.body as { file: { id: string } }[])[0].file.id;
}

test.describe("refused, with nothing written", () => {
  test.use({ baseURL: ACCESS_SITE_URL });
  let writes = 0;
  test.beforeEach(() => {
    writes = standIn.writes.length;
  });
  test.afterEach(() => {
    expect(standIn.writes.length, "writes on the stand-in").toBe(writes);
  });

  test("every login that Access did not vouch for", async ({ request }) => {
    const other = await generateKeyPair("RS256", { extractable: true });
    const encode = (value: object) => base64url.encode(JSON.stringify(value));
    const claims = { email: ANN, iss: standIn.url, aud: AUDIENCE, exp: Math.floor(Date.now() / 1000) + 600 };
    const assertions: [string, string | undefined, RegExp][] = [
      ["no assertion", undefined, new RegExp(`^${SESSION_ENDED.slice(0, 20)}`)],
      ["another key's signature", await standIn.assertion(ANN, { key: other.privateKey }), /could not be verified/],
      [
        "another application's audience",
        await standIn.assertion(ANN, { audience: "another-app" }),
        /could not be verified/,
      ],
      ["an expired login", await standIn.assertion(ANN, { expiresIn: -60 }), /^Your session ended: log in again/],
      ["alg: none", `${encode({ alg: "none", typ: "JWT" })}.${encode(claims)}.`, /could not be verified/],
      [
        "HS256 signed with Access's public key",
        await new SignJWT(claims)
          .setProtectedHeader({ alg: "HS256" })
          .sign(new TextEncoder().encode(standIn.accessPublicKeyPem)),
        /could not be verified/,
      ],
      [
        "an email not on the editors' list",
        await standIn.assertion("someone@elsewhere.example"),
        /not on this site's list/,
      ],
    ];
    for (const [what, assertion, reason] of assertions) {
      const { status, error } = await post(request, persist(service()), { "Cf-Access-Jwt-Assertion": assertion ?? "" });
      expect([status, error], what).toEqual([what.includes("list") ? 403 : 401, expect.stringMatching(reason)]);
    }
    // The list's named address is let in.
    expect(
      (
        await post(
          request,
          { action: "getEntry", params: { branch: "main", path: service() } },
          {
            "Cf-Access-Jwt-Assertion": await standIn.assertion("partner@elsewhere.example"),
          },
        )
      ).status,
    ).toBe(200);
  });

  test("every path outside data/, every branch but the content branch and drafts, another repository", async ({
    request,
  }) => {
    for (const filePath of [
      "src/code.ts",
      "data/../src/code.ts",
      "data%2F..%2Fsrc%2Fcode.ts",
      "/data/firm.yaml",
      "data\\..\\src\\code.ts",
      "Data/firm.yaml",
      ".ci/run",
    ]) {
      for (const body of [
        persist(filePath),
        { action: "getEntry", params: { branch: "main", path: filePath } },
        {
          action: "persistMedia",
          params: { branch: "main", asset: { path: filePath, content: "eA==" }, options: { commitMessage: "x" } },
        },
        { action: "deleteFiles", params: { branch: "main", paths: [filePath], options: { commitMessage: "x" } } },
        { action: "history", params: { branch: "main", path: filePath } },
      ]) {
        const { status, error } = await post(request, body);
        expect([status, error], `${body.action} ${filePath}`).toEqual([
          403,
          expect.stringMatching(/^Refused: .*Nothing was changed\.$/),
        ]);
      }
    }
    // A file in data/ named as under data/ but written beside it: the new path is checked too.
    const moved = persist(service());
    (moved.params.dataFiles[0] as Record<string, unknown>).newPath = "src/code.ts";
    expect((await post(request, moved)).status).toBe(403);
    for (const branch of ["gh-pages", "cms/services/x", "main\n"]) {
      expect(
        (await post(request, { ...persist(service()), params: { ...persist(service()).params, branch } })).status,
        branch,
      ).toBe(403);
    }
    for (const slug of ["../../main", "x/../../y"]) {
      const params = { branch: "main", collection: "services", slug, head: "0".repeat(40) };
      const body = { action: "publishUnpublishedEntry", params };
      expect((await post(request, body)).status, slug).toBe(403);
    }
    expect((await post(request, { ...persist(service()), repo: "someone/else" })).error).toMatch(/only the repository/);
    // A file's history starts at a branch it may read, or at a commit named by its sha.
    const history = (params: object) => post(request, { action: "history", params: { path: service(), ...params } });
    expect((await history({ branch: "gh-pages" })).status).toBe(403);
    expect((await history({ branch: "cms/services/../../main" })).status).toBe(403);
    // A read may name a draft's branch (the checks before a save read the draft); a write may not.
    expect((await history({ branch: "cms/services/no-such-draft" })).status).toBe(200);
    expect((await history({ branch: "main", from: "main~3" })).status).toBe(403);
    expect(standIn.file("src/code.ts")).toBe("export const code = true;\n");
  });

  test("a cross-site or non-JSON request, an oversized body, a write over a newer version, GitHub refusing", async ({
    request,
  }) => {
    expect((await post(request, persist(service()), { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await post(request, persist(service()), { "Sec-Fetch-Site": "same-site" })).status).toBe(403);
    expect((await post(request, persist(service()), { "Content-Type": "text/plain" })).status).toBe(415);
    const big = persist(service());
    big.params.dataFiles[0].raw = "x".repeat(MAX_BODY);
    expect((await post(request, big)).status).toBe(413);
    // The editor read the file; another change of the same field landed on GitHub before its write: it is refused.
    const version = await versionOf(request, service());
    standIn.commit(
      service(),
      standIn.file(service())!.replace(/^title: .*$/m, "title: Changed on GitHub\n# a change made on GitHub"),
    );
    writes = standIn.writes.length;
    const stale = await post(request, persist(service(), { versions: { [service()]: version } }));
    expect(stale).toMatchObject({
      status: 409,
      error: expect.stringMatching(/^Not saved: .* changed after you opened it, and a field \(title\) you changed/),
    });
    // GitHub's refusals in the editor's words: its rate limit, and an outage.
    standIn.failNext = "rate-limit";
    expect(await post(request, persist(service(), { versions: { [service()]: version } }))).toMatchObject({
      status: 503,
      error: "GitHub is busy with this site's requests: wait a minute and try again.",
    });
    standIn.failNext = "http-502";
    expect(await post(request, { action: "getEntry", params: { branch: "main", path: service() } })).toMatchObject({
      status: 502,
      error: "GitHub did not answer properly: try again in a moment.",
    });
    // Without the version it replaces, a write cannot create over an existing file either.
    expect((await post(request, persist(service()))).status).toBe(409);
    expect(standIn.file(service())).toMatch(/^title: Changed on GitHub\n# a change made on GitHub\n/m);
  });

  test("a write over files changed since the editor read them writes none where they clash: entry and image, rename, upload, delete", async ({
    request,
  }) => {
    const file = service();
    const version = await versionOf(request, file);
    standIn.commit(
      file,
      standIn.file(file)!.replace(/^title: .*$/m, "title: Retitled on GitHub after the editor read it"),
    );
    const image = "data/images/new-with-the-entry.jpg";
    const withImage = persist(file, { versions: { [file]: version }, assets: [{ path: image, content: "/9j/2w==" }] });
    expect(await post(request, withImage)).toMatchObject({
      status: 409,
      error: expect.stringMatching(/^Not saved: .* changed after you opened it, and a field \(title\) you changed/),
    });
    const renamed = "data/services/renamed-over-a-change.yaml";
    const rename = persist(file, { versions: { [file]: version } });
    (rename.params.dataFiles[0] as Record<string, unknown>).newPath = renamed;
    expect((await post(request, rename)).status).toBe(409);
    expect([standIn.file(image), standIn.file(renamed)]).toEqual([null, null]);
    // An image the editor never saw, or saw at another version: neither replaced nor deleted.
    const existing = `data/images/${fs.readdirSync(path.join(root, "data/images"))[0]}`;
    const bytes = standIn.file(existing);
    const asset = { path: existing, content: "/9j/2w==" };
    const media = { branch: "main", asset, options: { commitMessage: "Replace" } };
    expect(await post(request, { action: "persistMedia", params: media })).toMatchObject({
      status: 409,
      error: expect.stringMatching(/^Not saved: .* changed since you opened it/),
    });
    const stale = { [existing]: "0".repeat(40) };
    for (const body of [
      { action: "deleteFile", params: { branch: "main", path: existing, versions: stale } },
      { action: "deleteFiles", params: { branch: "main", paths: [existing], versions: stale } },
    ]) {
      expect((await post(request, body)).status, body.action).toBe(409);
    }
    expect(standIn.file(existing)).toBe(bytes);
  });

  test("Publish merges only the draft's head the reviewer saw", async ({ request }) => {
    const slug = services()[0].slug;
    const file = service();
    const save = persist(file, { versions: { [file]: await versionOf(request, file) } });
    Object.assign(save.params.options, { useWorkflow: true, collectionName: "services" });
    save.params.dataFiles[0].slug = slug;
    save.params.dataFiles[0].raw = `${standIn.file(file)}# in a draft\n`;
    expect((await post(request, save)).status).toBe(200);
    const draft = { branch: "main", collection: "services", slug };
    const opened = await post(request, { action: "unpublishedEntry", params: draft });
    const { head } = opened.body as { head: string };
    // Another change reaches the draft after the reviewer opened it.
    const late = standIn.commit(
      file,
      `${standIn.file(file, draftBranch("services", slug))}# after the review\n`,
      "Late",
      draftBranch("services", slug),
    );
    writes = standIn.writes.length;
    const main = standIn.file(file);
    expect(await post(request, { action: "publishUnpublishedEntry", params: { ...draft, head } })).toMatchObject({
      status: 409,
      error: expect.stringMatching(/^Not published: the draft changed since you opened it/),
    });
    expect((await post(request, { action: "publishUnpublishedEntry", params: draft })).status).toBe(400);
    expect(standIn.file(file)).toBe(main);
    // "Check for Preview": what the host reported on the draft's head, a status (Netlify's) or a check run (Pages').
    const preview = async () => (await post(request, { action: "getDeployPreview", params: draft })).body;
    expect(await preview()).toBeNull();
    const netlify = "https://deploy-preview-7--harborline.netlify.app/";
    standIn.reports.statuses = [
      { state: "pending", context: "netlify/harborline/deploy-preview", target_url: netlify },
    ];
    expect(await preview()).toEqual({ url: netlify, status: "other" });
    standIn.reports.statuses = [];
    const summary = "| Status | ✅ Deploy successful! |\n| Preview URL | https://4f2a91c3.harborline.pages.dev |";
    standIn.reports.runs = [{ name: "Cloudflare Pages", conclusion: "success", output: { summary } }];
    expect(await preview()).toEqual({ url: "https://4f2a91c3.harborline.pages.dev", status: "success" });
    standIn.reports.runs = [];
    const deleted = { action: "deleteUnpublishedEntry", params: { ...draft, head: late } };
    expect((await post(request, deleted)).status).toBe(200);
  });

  test("a write the site's content check refuses: a field emptied, a service's order taken, an image missing or broken", async ({
    request,
  }) => {
    const file = service();
    const save = async (path: string, changed: (data: Record<string, unknown>) => void) => {
      const body = persist(path, { versions: { [path]: await versionOf(request, path) } });
      const data = parse(standIn.file(path)!) as Record<string, unknown>;
      changed(data);
      body.params.dataFiles[0].raw = stringify(data);
      return post(request, body);
    };
    const taken = parse(standIn.file(`data/services/${services()[1].slug}.yaml`)!).order as number;
    for (const [path, changed, words] of [
      [file, (data) => (data.title = ""), new RegExp(`^Not saved: .*${file} line \\d+: title must not be empty`)],
      [file, (data) => (data.order = taken), new RegExp(`order ${taken} is already used by`)],
      [
        "data/firm.yaml",
        (data) => ((data.founder as Record<string, unknown>).portrait = "./images/no-such-portrait.jpg"),
        /data\/firm\.yaml .*founder\.portrait points to an image that does not exist/,
      ],
    ] as [string, (data: Record<string, unknown>) => void, RegExp][]) {
      expect(await save(path, changed)).toMatchObject({ status: 422, error: expect.stringMatching(words) });
    }
    const broken = { branch: "main", asset: { path: "data/images/broken.jpg", content: "/9j/2w==" }, options: {} };
    expect(await post(request, { action: "persistMedia", params: broken })).toMatchObject({
      status: 422,
      error: expect.stringMatching(/^Not saved: .*data\/images\/broken\.jpg /),
    });
    // A draft is checked as it is saved, on its branch, as the live branch is.
    const draft = persist(file, { versions: { [file]: await versionOf(request, file) } });
    Object.assign(draft.params.options, { useWorkflow: true, collectionName: "services" });
    const raw = stringify({ ...parse(standIn.file(file)!), title: "" });
    draft.params.dataFiles[0] = { path: file, slug: services()[0].slug, raw };
    expect(await post(request, draft)).toMatchObject({
      status: 422,
      error: expect.stringMatching(/title must not be empty/),
    });
  });

  test("a link under data/ is not read through, and no history is read beyond the branch's own", async ({
    request,
  }) => {
    const link = "data/notes/linked.yaml";
    standIn.link(link, "src/code.ts");
    for (const body of [
      { action: "getEntry", params: { branch: "main", path: link } },
      persist(link, { versions: { [link]: "0".repeat(40) } }),
    ]) {
      const { status, error, body: answer } = await post(request, body);
      expect([status, error], body.action).toEqual([403, expect.stringMatching(/is a link or a submodule/)]);
      expect(JSON.stringify(answer)).not.toContain("code = true");
    }
    // A commit of another branch that changed a content file: the history of main does not start there.
    const elsewhere = standIn.commit(service(), "title: not for editors\n", "Elsewhere", "elsewhere");
    const history = (from?: string) =>
      post(request, {
        action: "history",
        params: { branch: "main", path: service(), count: 1, ...(from && { from }) },
      });
    expect(await history(elsewhere)).toMatchObject({ status: 403, error: expect.stringMatching(/main's history/) });
    const main = (await history()).body as { versions: { sha: string }[] };
    expect((await history(main.versions[0].sha)).status).toBe(200);
  });

  test("a body that is no request, params of the wrong type, a body past the limit unannounced, a write to the model", async ({
    request,
  }) => {
    for (const body of ["null", "[]", '"persistEntry"', '{"action":"getEntry","params":null}', "[".repeat(5000)]) {
      const { status, error } = await post(request, body);
      expect([status, error], body.slice(0, 20)).toEqual([400, expect.stringMatching(/^Refused: /)]);
    }
    const deep = {
      action: "getEntry",
      params: { branch: "main", path: service(), x: JSON.parse(`${"[".repeat(100)}${"]".repeat(100)}`) },
    };
    expect(await post(request, deep)).toMatchObject({ status: 400, error: expect.stringMatching(/nests no deeper/) });
    // Params of the wrong type or shape: refused by name before anything is read, whatever the action.
    for (const [action, params, words] of [
      ["deleteFiles", { branch: "main", paths: "R" }, "deleteFiles's paths must be array"],
      ["persistEntry", { branch: "main", dataFiles: [{ path: 5, raw: "x" }] }, "dataFiles/0/path must be string"],
      ["getEntry", { branch: "main" }, "getEntry's params must have required property 'path'"],
      ["history", { branch: "main", path: service(), count: "3" }, "history's count must be integer"],
    ] as const) {
      expect(await post(request, { action, params })).toMatchObject({
        status: 400,
        error: expect.stringContaining(words),
      });
    }
    // Sent in chunks, with no Content-Length: the limit holds as the body is read.
    const big = persist(service());
    big.params.dataFiles[0].raw = "x".repeat(MAX_BODY);
    const chunked = await new Promise<number>((resolve, reject) => {
      void standIn.assertion(ANN).then((assertion) => {
        const headers = {
          "Content-Type": "application/json",
          "Sec-Fetch-Site": "same-origin",
          "Cf-Access-Jwt-Assertion": assertion,
        };
        const req = http.request(`${ACCESS_SITE_URL}${CONTENT_API.url}`, { method: "POST", headers }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on("error", reject);
        const text = JSON.stringify(big);
        for (let at = 0; at < text.length; at += 64 * 1024) req.write(text.slice(at, at + 64 * 1024));
        req.end();
      });
    });
    expect(chunked).toBe(413);
    const schema = "data/schema/firm.schema.json";
    expect((await post(request, persist(schema))).error).toMatch(/content model/);
    expect(
      (
        await post(request, {
          action: "deleteFiles",
          params: { branch: "main", paths: [schema], options: { commitMessage: "x" } },
        })
      ).error,
    ).toMatch(/content model/);
  });

  test("\"Is it live?\" reads the branch's head and its reports, never a commit's files, patches or parents", async ({
    request,
  }) => {
    const read = async (resource: string) =>
      (
        await request.post(`${ACCESS_SITE_URL}${CONTENT_API.url}`, {
          headers: {
            "Content-Type": "application/json",
            "Sec-Fetch-Site": "same-origin",
            "Cf-Access-Jwt-Assertion": await standIn.assertion(ANN),
          },
          data: JSON.stringify({ action: "liveStatus", params: { branch: "main", resource } }),
        })
      ).json() as Promise<Record<string, unknown>>;
    const head = await read("/commits/main");
    expect(Object.keys(head)).toEqual(["sha"]);
    standIn.reports.runs = [
      { name: "Pages", status: "completed", conclusion: "success", output: { text: "secret log" } },
    ];
    const runs = await read(`/commits/${String(head.sha)}/check-runs`);
    expect(JSON.stringify(runs)).not.toContain("secret log");
    expect(runs).toEqual({ check_runs: [{ name: "Pages", status: "completed", conclusion: "success" }] });
    standIn.reports.runs = [];
  });
});

test("behind Cloudflare, the content API's Worker route saves as the Pages function does; the site's server does the rest", async ({
  request,
}) => {
  await serveWorkerRoute();
  const home = await request.get(`${WORKER_URL}/`);
  expect(await home.text()).toBe(await (await request.get(`${FIXTURE_SITE_URL}/`)).text());
  const file = service();
  const read = (await post(request, { action: "getEntry", params: { branch: "main", path: file } }, {}, WORKER_URL))
    .body as { data: string; file: { id: string } };
  const save = persist(file, { versions: { [file]: read.file.id } });
  save.params.dataFiles[0].raw = read.data.replace(/^title: .*$/m, "title: Saved through the Worker route");
  const saved = await post(request, save, {}, WORKER_URL);
  expect(saved.status, saved.error).toBe(200);
  expect(standIn.writes.at(-1)).toMatchObject({ branch: "main", author: { email: ANN }, paths: [file] });
  const forged = await post(request, persist(file), { "Cf-Access-Jwt-Assertion": "forged" }, WORKER_URL);
  expect(forged).toMatchObject({ status: 401, error: expect.stringMatching(/could not be verified/) });
});

test.describe("a save is one commit, checked as it lands", () => {
  test("an entry with its image: one commit by the editor, another writer's change landing meanwhile kept", async ({
    request,
  }) => {
    const [file, other] = services()
      .slice(0, 2)
      .map((s) => `data/services/${s.slug}.yaml`);
    const image = "data/images/saved-with-the-entry.jpg";
    const raw = `${standIn.file(file)}# saved with an image\n`;
    const save = persist(file, { versions: { [file]: await versionOf(request, file) } });
    const jpeg = fs.readdirSync(path.join(root, "data/images")).find((name) => name.endsWith(".jpg"))!;
    const content = fs.readFileSync(path.join(root, "data/images", jpeg)).toString("base64");
    Object.assign(save.params, { assets: [{ path: image, content }] });
    save.params.dataFiles[0].raw = raw;
    const writes = standIn.writes.length;
    const theirs = `${standIn.file(other)}# landed while the save was being made\n`;
    standIn.beforeRefUpdate = () => standIn.commit(other, theirs);
    expect(await post(request, save)).toMatchObject({ status: 200, error: "" });
    const made = standIn.writes.slice(writes);
    expect(made).toMatchObject([{ branch: "main", author: { email: ANN } }]);
    expect(made[0].paths.sort()).toEqual([file, image].sort());
    expect([standIn.file(file), standIn.file(other), standIn.file(image) === null]).toEqual([raw, theirs, false]);
    // Sent again as it was: every file is already as it leaves it, so nothing is committed.
    expect(await post(request, save)).toMatchObject({ status: 200, error: "" });
    expect(standIn.writes.length).toBe(writes + 1);
    // Another save: the content check reads no file again (a blob never changes; the changed file is the save's own).
    const again = persist(file, { versions: { [file]: await versionOf(request, file) } });
    again.params.dataFiles[0].raw = `${raw}# saved again\n`;
    const before = standIn.requests.length;
    expect(await post(request, again)).toMatchObject({ status: 200, error: "" });
    const reads = standIn.requests.slice(before).filter((r) => r.startsWith("GET") && r.includes("/git/blobs/"));
    expect(reads).toEqual([]);
  });
});

test.describe("a media library of 200 images", () => {
  test.use({ baseURL: ACCESS_SITE_URL, viewport: { width: 1280, height: 800 } });
  test("opens with one read of GitHub, and shows each image as its card does", async ({ page, request }) => {
    const jpeg = fs.readdirSync(path.join(root, "data/images")).find((name) => name.endsWith(".jpg"))!;
    const bytes = fs.readFileSync(path.join(root, "data/images", jpeg));
    for (let i = 0; i < 200; i++) standIn.commit(`data/images/library-${String(i).padStart(3, "0")}.jpg`, bytes);
    const before = standIn.requests.length;
    const listed = await post(request, { action: "getMedia", params: { branch: "main", mediaFolder: "data/images" } });
    // Workers Free allows 50 requests out and 128 MB: the listing reads no image.
    expect(standIn.requests.length - before).toBeLessThanOrEqual(3);
    const files = listed.body as Record<string, unknown>[];
    expect(files.length).toBeGreaterThan(200);
    expect(files.filter((file) => "content" in file)).toEqual([]);

    await openAs(page, ANN, "collections/pages/entries/firm");
    await page
      .locator("label", { hasText: new RegExp(`^${portrait.title}$`) })
      .locator('xpath=following::button[normalize-space()="Choose different image"][1]')
      .click();
    const card = page.getByText("library-000.jpg", { exact: true });
    await expect(card).toBeVisible();
    const thumbnail = page.locator('img[src^="blob:"]').first();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
});
