/**
 * Drafts and review, as `CMS_EDITORIAL_WORKFLOW=true npm run cms` runs them: the real local backend (the live site's
 * content service over a git repository) on a temporary git repository holding a copy of data/. A save is a draft on a branch of its own; Ready, then Publish,
 * merges it; and the content check runs again at Publish on the published branch as it will be with the draft, so
 * two drafts that each pass but clash together cannot both be published.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "yaml";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, escaped, services, type Guard, ONE_WIDTH } from "./fixtures";
import { openEditor, proxyForEachTest, publish, saveDraft, serviceField, setStatus } from "./local-proxy";
import { ADMIN_URL } from "../plugins/publish/editor/admin";
import { draftBranch } from "../src/cms/content-store";
import { validateContentDirectory } from "../src/content/check";
import { fixtureService } from "./tools/fixture-content";
import { publishDueDrafts } from "../functions/_lib/content/actions";
import { gitStore } from "../functions/_lib/content/stores/git";

const proxy = proxyForEachTest("drafts");
/** The file on the published branch (main), from git's objects, whatever branch the proxy has checked out. */
const published = (file: string) => proxy().git("show", `main:${file}`);
/** The content check on the published branch, read from git's objects into a folder of its own. */
function publishedContentErrors() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "published-"));
  try {
    execFileSync("sh", ["-c", `git -C "${proxy().repo}" archive main data | tar -x -C "${dir}"`]);
    return validateContentDirectory(path.join(dir, "data"), dir).errors;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const branches = () => proxy().git("branch", "--format=%(refname:short)").split("\n").filter(Boolean);

// Each test opens the editor three to five times and saves through git: 1.0 to 1.5 minutes on two cores with the
// other worker busy. A step that hangs still fails at that step (the project's action and expect timeouts). Each starts
// from the repository in its first state (its worker's backend, put back): they share nothing, and run on
// whichever worker is free.
test.describe.configure({ mode: "parallel", timeout: 180_000 });

test.beforeEach(async ({ page, guard }) => {
  // Decap asks the proxy for an entry's draft when it opens the entry; with none yet, the proxy answers 404.
  guard.allowed.push(/^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/);
  // Decap asks before it publishes (window.confirm): the editor says yes.
  page.on("dialog", (dialog) => void dialog.accept());
});

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, isMobile: width < 768, hasTouch: width < 768 });

    test("a save is a draft on its own branch; review, Ready and Publish merge it into the published branch", async ({
      page,
    }) => {
      const service = services()[0];
      const file = `data/services/${service.slug}.yaml`;
      const before = published(file);
      await openEditor(page, `collections/services/entries/${service.slug}`);
      const title = `${service.title} (reviewed)`;
      await serviceField(page, "title").fill(title);
      await saveDraft(page);

      // The draft is on its own branch; the published file is as it was.
      // Locally no host builds a preview of the draft, and the editor does not offer to check for one.
      await expect(page.getByText("Check for Preview")).toBeHidden();
      const branch = draftBranch("services", service.slug);
      expect(branches()).toContain(branch);
      expect(parse(proxy().git("show", `${branch}:${file}`)).title).toBe(title);
      expect(published(file)).toBe(before);

      await setStatus(page, "In review");
      await setStatus(page, "Ready");
      // Every button of the toolbar is on the screen, a phone's too.
      for (const name of ["Save", /^Status: Ready/, "Publish", "Delete unpublished changes"]) {
        const box = await page.getByRole("button", { name, exact: true }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width, `${String(name)} is on the screen`).toBe(true);
      }
      // On the Workflow board the draft waits, ready to go live, and is published from there.
      await page.goto(`${ADMIN_URL}#/workflow`);
      await expect(page.getByText("0 entries waiting for review, 1 ready to go live.")).toBeVisible();
      // The board's button makes an entry (a service), not a post.
      await expect(page.getByText("New entry", { exact: true })).toBeVisible();
      await expect(page.getByText("New Post")).toHaveCount(0);
      const card = page.getByRole("link", { name: new RegExp(`${service.order}\\. `) });
      await expect(card).toBeVisible();
      if (width >= 768) {
        await page.getByRole("button", { name: "Publish changes" }).click();
      } else {
        // The board's buttons show on hover, which a phone has not: the editor opens the draft and publishes it.
        await card.tap();
        await publish(page);
      }
      await expect(page.getByText(/entry published/i).first()).toBeVisible();
      await expect.poll(() => parse(published(file)).title).toBe(title);
      expect(branches()).not.toContain(branch);
      expect(publishedContentErrors()).toEqual([]);
    });

    test("two editors on one draft: the second save keeps the first's change, on the draft's branch", async ({
      page,
      browser,
    }) => {
      test.skip(width === 375, ONE_WIDTH);
      const service = services()[services().length - 1];
      const file = `data/services/${service.slug}.yaml`;
      const before = published(file);
      const other = await browser.newContext({
        viewport: page.viewportSize(),
        isMobile: width < 768,
        hasTouch: width < 768,
      });
      await proxy().route(other);
      const second = await other.newPage();
      await openEditor(page, `collections/services/entries/${service.slug}`);
      await openEditor(second, `collections/services/entries/${service.slug}`);
      await expect(serviceField(second, "title")).toHaveValue(service.title);

      const title = `${service.title} (first editor's draft)`;
      await serviceField(page, "title").fill(title);
      await saveDraft(page);
      // The second editor's form was loaded before the draft existed; they change the lead only.
      const lead = "A lead the second editor wrote.";
      await serviceField(second, "lead").fill(lead);
      await saveDraft(second);

      const draft = parse(proxy().git("show", `${draftBranch("services", service.slug)}:${file}`));
      expect([draft.title, draft.lead]).toEqual([title, lead]);
      expect(published(file)).toBe(before);
      await proxy().close(other);
    });

    /** Two services' drafts, each given the same new menu label: valid alone, clashing together. */
    async function clashingDrafts(page: Page, guard: Guard, { ready }: { ready: boolean }) {
      // Decap logs the refused publish (our message) as an error.
      guard.allowed.push(/Not published: /);
      test.skip(services().length < 2, "two drafts need two services, and data/ has one");
      const [first, second] = services();
      const label = fixtureService().navLabel;
      for (const service of [first, second]) {
        await openEditor(page, `collections/services/entries/${service.slug}`);
        await expect(serviceField(page, "navLabel")).toHaveValue(service.navLabel);
        await serviceField(page, "navLabel").fill(label);
        await saveDraft(page);
        if (ready) await setStatus(page, "Ready");
      }
      const refused = (by: { slug: string }) =>
        new RegExp(`Not published: .*navLabel "${escaped(label)}" is already used by data/services/${by.slug}\\.yaml`);
      return { first, second, label, refused };
    }

    test("two drafts that pass alone but clash together, each set Ready and published from its entry: the second stays a draft", async ({
      page,
      guard,
    }) => {
      // The clash is judged by the check before Publish (unit-tested); the phone's toolbar is tested above.
      test.skip(width === 375, ONE_WIDTH);
      const { first, second, label, refused } = await clashingDrafts(page, guard, { ready: false });
      for (const service of [first, second]) {
        await openEditor(page, `collections/services/entries/${service.slug}`);
        await expect(serviceField(page, "navLabel")).toHaveValue(label);
        await setStatus(page, "Ready");
        await publish(page);
        if (service === first) await expect(page.getByText(/entry published/i).first()).toBeVisible();
      }
      await expect(page.getByText(refused(first))).toBeVisible();
      expect(parse(published(`data/services/${second.slug}.yaml`)).navLabel).toBe(second.navLabel);
      expect(branches()).toContain(draftBranch("services", second.slug));
      expect(publishedContentErrors()).toEqual([]);
    });

    test("the same clash the other way round, the later draft published first, from the Workflow board on a desktop", async ({
      page,
      guard,
    }) => {
      test.skip(width === 375, ONE_WIDTH);
      const { first, second, label, refused } = await clashingDrafts(page, guard, { ready: true });
      for (const [service, other] of [
        [second, first],
        [first, second],
      ]) {
        if (width >= 768) {
          await page.goto(`${ADMIN_URL}#/workflow`);
          const card = page.getByRole("link", { name: new RegExp(`${service.order}\\. `) });
          await card.hover();
          await card.locator("xpath=..").getByRole("button", { name: "Publish changes" }).click();
        } else {
          await openEditor(page, `collections/services/entries/${service.slug}`);
          await publish(page);
        }
        if (service === second) {
          await expect(page.getByText(/entry published/i).first()).toBeVisible();
          await expect.poll(() => parse(published(`data/services/${second.slug}.yaml`)).navLabel).toBe(label);
          // The next Publish waits for the board to show this one gone, as an editor's eye does: pressed while the
          // board is loading again, it is not always run.
          if (width >= 768)
            await expect(page.getByText("0 entries waiting for review, 1 ready to go live.")).toBeVisible();
        } else await expect(page.getByText(refused(other))).toBeVisible();
      }
      expect(parse(published(`data/services/${first.slug}.yaml`)).navLabel).toBe(first.navLabel);
      expect(publishedContentErrors()).toEqual([]);
    });
  });
}

test("a publisher sets Publish at on a phone; the board shows it on a desktop; at that time the draft goes live", async ({
  page,
}) => {
  const service = services()[0];
  const file = `data/services/${service.slug}.yaml`;
  await page.setViewportSize({ width: 375, height: 800 });
  await openEditor(page, `collections/services/entries/${service.slug}`);
  const title = `${service.title} (from the first)`;
  await serviceField(page, "title").fill(title);
  await saveDraft(page);
  await setStatus(page, "Ready");
  // Tomorrow at nine, in the firm's time zone (the editor's build leaves SITE_TIMEZONE unset: UTC).
  const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByRole("button", { name: "Publish at…" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish at" });
  await dialog.getByLabel("Date and time (UTC)").fill(`${day}T09:00`);
  await dialog.getByRole("button", { name: "Set" }).click();
  const line = new RegExp(
    `^Publishes at ${new Date(`${day}T09:00Z`).getUTCDate()} \\w+ \\d{4}, 09:00 UTC, as reviewed`,
  );
  await expect(dialog.getByRole("status")).toHaveText(line);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.locator(".schedule-line")).toHaveText(line);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ADMIN_URL}#/workflow`);
  const card = page.getByRole("link", { name: new RegExp(`${service.order}\\. `) });
  await expect(card.locator("xpath=following-sibling::p[1]")).toHaveText(line);

  // The backend's scheduler, with the test's clock: not a minute early, then at the time set.
  const settings = { branch: "main", workflow: true, editors: [], publishers: [] };
  const publishDue = (time: string) => publishDueDrafts(gitStore(proxy().repo), settings, Date.parse(time));
  const before = published(file);
  await publishDue(`${day}T08:59:00Z`);
  expect(published(file)).toBe(before);
  await publishDue(`${day}T09:00:00Z`);
  expect(parse(published(file)).title).toBe(title);
  await page.reload();
  await expect(page.getByText("0 entries waiting for review, 0 ready to go live.")).toBeVisible();
});

test("a note on a draft at 375 px is seen and resolved at 1280; the board counts open notes", async ({ page }) => {
  const service = services()[0];
  await openEditor(page, `collections/services/entries/${service.slug}`);
  await serviceField(page, "title").fill(`${service.title} (to review)`);
  await saveDraft(page);
  const content = "<script>alert(1)</script> @someone: is this title final?";
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await page.getByTitle("Toggle notes").click();
  await page.getByPlaceholder("Add a note...").fill(content);
  await page.getByRole("button", { name: "Add Note" }).click();
  await expect(page.getByText(content, { exact: true })).toBeVisible();
  // The notes pane (Decap's, with admin.css) passes WCAG 2.2 AA.
  const pane = new AxeBuilder({ page })
    .include('[class*="-NotesContainer"]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  expect((await pane.analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(", ")}`)).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ADMIN_URL}#/workflow`);
  const card = page.getByRole("link", { name: new RegExp(`${service.order}\\. `) });
  await expect(card.locator("xpath=following-sibling::p[1]")).toHaveText("1 open review note.");
  await card.click();
  // Decap keeps the pane the editor chose last: the notes, here.
  await expect(page.getByText(content, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Resolve" }).click();
  await expect(page.getByText("resolved", { exact: true })).toBeVisible();
  await page.goto(`${ADMIN_URL}#/workflow`);
  await expect(card.locator("xpath=following-sibling::p[1]")).toHaveText("0 open review notes.");
});

/** The first service retitled in a draft, with the second beside it (the tests of a late read need two services). */
async function retitledDraft(page: Page, note: string) {
  test.skip(services().length < 2, "two entries need two services, and data/ has one");
  const [first, second] = services();
  await openEditor(page, `collections/services/entries/${first.slug}`);
  const title = `${first.title} (${note})`;
  await serviceField(page, "title").fill(title);
  await saveDraft(page);
  return { first, second, file: `data/services/${first.slug}.yaml`, title };
}

/** With the second service open, the held read of the first's file answers: each form keeps its own title. */
async function answerLate(page: Page, release: () => void, draft: Awaited<ReturnType<typeof retitledDraft>>) {
  const { first, second, file, title } = draft;
  await openEditor(page, `collections/services/entries/${second.slug}`);
  await expect(serviceField(page, "title")).toHaveValue(second.title);
  const read = page.waitForEvent("requestfinished", (request) => request.postDataJSON()?.params?.path === file);
  release();
  await read;
  // Time for Decap to take the answer in, as it would have (its form changed within a frame of it).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
  await expect(serviceField(page, "title")).toHaveValue(second.title);
  await openEditor(page, `collections/services/entries/${first.slug}`);
  await expect(serviceField(page, "title")).toHaveValue(title);
}

test("the entry opened next while a Publish's reload is slow keeps its own fields; the published one shows its own", async ({
  page,
}) => {
  const draft = await retitledDraft(page, "published");
  await setStatus(page, "Ready");
  // After a Publish, Decap reads the published entry again; on a slow line the editor has opened the next one by then.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/v1$/, async (route) => {
    if (route.request().postDataJSON()?.params?.path === draft.file) await held;
    await route.fallback();
  });
  await publish(page);
  await expect(page.getByText(/entry published/i).first()).toBeVisible();
  await answerLate(page, release, draft);
});

test("the entry opened next while a draft's read is slow keeps its own fields; the draft shows its own", async ({
  page,
}) => {
  const draft = await retitledDraft(page, "draft");
  const { first, second, file } = draft;
  await openEditor(page, `collections/services/entries/${second.slug}`);
  await expect(serviceField(page, "title")).toHaveValue(second.title);
  // Opening a draft, Decap reads the draft, then its file; on a slow line the editor has opened the next one by then.
  let formRead = false;
  let [asked, release] = [() => {}, () => {}];
  const fileAsked = new Promise<void>((resolve) => (asked = resolve));
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/v1$/, async (route) => {
    const { action, params } = route.request().postDataJSON() ?? {};
    if (action === "unpublishedEntry" && params?.slug === first.slug && !params.id) formRead = true;
    if (action === "unpublishedEntryDataFile" && params?.path === file && formRead) {
      asked();
      await held;
    }
    await route.fallback();
  });
  await openEditor(page, `collections/services/entries/${first.slug}`);
  await fileAsked;
  await answerLate(page, release, draft);
});
