/**
 * Saves check the backend as it is at the moment of the save, on a desktop and on a phone, against the real local
 * backend (saves committed on main) on a copy of data/: two editors on one file keep both their changes, or the second is told, and
 * the checks that span services see a service another editor created after this one opened the form.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import type { Browser, Page } from "@playwright/test";
import { test, expect, services, ONE_WIDTH } from "./fixtures";
import {
  CHECK_REFUSAL,
  openEditor,
  proxyForEachTest,
  publish,
  SAVED,
  SERVER_REFUSAL,
  serviceField,
} from "./local-proxy";
import { lineAndColumn } from "../src/content/model";
import { validateContentDirectory } from "../src/content/check";
import { fixtureService } from "./tools/fixture-content";

// Each test starts from the content as it is in data/ (its worker's local backend, put back): they share nothing, and
// run on whichever worker is free.
test.describe.configure({ mode: "parallel", timeout: 90_000 });

const proxy = proxyForEachTest("simple");

/** A second editor: a browser of their own, at the same size as the first. */
async function secondEditor(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    isMobile: page.viewportSize()!.width < 768,
    hasTouch: page.viewportSize()!.width < 768,
  });
  await proxy().route(context);
  return context.newPage();
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, isMobile: width < 768, hasTouch: width < 768 });

    test("two editors change different fields of one service: the file keeps both changes", async ({
      page,
      browser,
    }) => {
      // The merge is the content service's (unit- and API-tested); a phone's save and refusal are tested here.
      test.skip(width === 375, ONE_WIDTH);
      const service = services()[0];
      const file = `data/services/${service.slug}.yaml`;
      const other = await secondEditor(browser, page);
      await openEditor(page, `collections/services/entries/${service.slug}`);
      await openEditor(other, `collections/services/entries/${service.slug}`);
      await expect(serviceField(page, "title")).toHaveValue(service.title);
      await expect(serviceField(other, "title")).toHaveValue(service.title);

      const title = `${service.title} for Owners`;
      await serviceField(page, "title").fill(title);
      await publish(page);
      await expect(page.getByText(SAVED).first()).toBeVisible();
      await expect.poll(() => parse(proxy().read(file))?.title).toBe(title);

      // The second editor's form still holds the old title; they change the lead only.
      await expect(serviceField(other, "title")).toHaveValue(service.title);
      const lead = "A lead written by the second editor.";
      await serviceField(other, "lead").fill(lead);
      await publish(other);
      await expect(other.getByText(SAVED).first()).toBeVisible();
      await expect.poll(() => parse(proxy().read(file))?.lead).toBe(lead);
      expect(parse(proxy().read(file)).title).toBe(title);
      expect(validateContentDirectory(path.join(proxy().repo, "data"), proxy().repo).errors).toEqual([]);
      await proxy().close(other.context());
    });

    test("two editors change the same field: the second save is refused, naming the file, and keeps the edit", async ({
      page,
      browser,
      guard,
    }) => {
      const service = services()[services().length - 1];
      const file = `data/services/${service.slug}.yaml`;
      const other = await secondEditor(browser, page);
      const otherErrors: string[] = [];
      other.on("pageerror", (error) => otherErrors.push(error.message));
      await openEditor(page, `collections/services/entries/${service.slug}`);
      await openEditor(other, `collections/services/entries/${service.slug}`);
      await expect(serviceField(other, "title")).toHaveValue(service.title);

      const first = `${service.title}: first editor`;
      await serviceField(page, "title").fill(first);
      await publish(page);
      // Read while the backend writes it, the file can be empty for a moment: the poll reads again.
      await expect.poll(() => parse(proxy().read(file))?.title).toBe(first);
      const saved = proxy().read(file);

      const second = `${service.title}: second editor`;
      await serviceField(other, "title").fill(second);
      await publish(other);
      await expect(
        other.getByText(new RegExp(`Not saved: ${file} changed after you opened it.*\\(title\\)`)),
      ).toBeVisible();
      await expect(serviceField(other, "title")).toHaveValue(second);
      expect(proxy().read(file)).toBe(saved);
      guard.allowed.push(...SERVER_REFUSAL);
      await proxy().close(other.context());
    });

    test("a duplicate order is refused before save, with the preview hidden or shown", async ({ page, guard }) => {
      guard.allowed.push(...CHECK_REFUSAL);
      const [first, last] = [services()[0], services()[services().length - 1]];
      const file = `data/services/${last.slug}.yaml`;
      const before = proxy().read(file);
      await openEditor(page, `collections/services/entries/${last.slug}`);
      await expect(serviceField(page, "order")).toHaveValue(String(last.order));
      // On a phone the entry opens on its fields: no preview has loaded the other services.
      if (width < 768) await expect(page.locator("iframe")).toBeHidden();
      else await expect(page.locator("iframe")).toBeVisible();
      await serviceField(page, "order").fill(String(first.order));
      await publish(page);
      await expect(
        page.getByText(new RegExp(`Not saved: .*order ${first.order} is already used by data/services/${first.slug}`)),
      ).toBeVisible();
      expect(proxy().read(file)).toBe(before);
    });

    test("a file broken by hand is named with its line and the check's words, and nothing is saved over it", async ({
      page,
      guard,
    }) => {
      test.skip(width === 375, ONE_WIDTH);
      const service = services()[0];
      const file = `data/services/${service.slug}.yaml`;
      // A bad merge leaves an unclosed list behind.
      const broken = proxy()
        .read(file)
        .replace(/^order: .*$/m, "order: [oops");
      proxy().write(file, broken);
      proxy().commit("A bad merge");
      const [error] = validateContentDirectory(path.join(proxy().repo, "data"), proxy().repo).errors;
      expect(error).toMatchObject({ file, message: expect.stringMatching(/^is not valid YAML/) });

      await openEditor(page, `collections/services/entries/${service.slug}`);
      const problems = page.getByRole("alert", { name: "Content problems" });
      await expect(problems).toContainText(`${file}, ${lineAndColumn(error)}: ${error.message}`);
      // The form could not read the file, so it opens empty: Decap's own check refuses to save it (the pre-save
      // check refuses a save onto a file that is not valid YAML as well: save-check.test.ts).
      await serviceField(page, "title").fill("Typed into the form of a file it could not read");
      await publish(page);
      await expect(page.getByText(/missed a required field/i)).toBeVisible();
      guard.allowed.push(/^pageerror: undefined$/);
      expect(proxy().read(file)).toBe(broken);
    });

    test("a service is deleted with its file; the site's last service is not", async ({ page, guard }) => {
      // Decap asks before it deletes (window.confirm): the editor says yes. It logs the refused delete as an error.
      page.on("dialog", (dialog) => void dialog.accept());
      guard.allowed.push(/Not deleted: /, /^pageerror: Object$/);
      const [kept, ...others] = services();
      const exists = (slug: string) => fs.existsSync(path.join(proxy().repo, "data", "services", `${slug}.yaml`));
      if (others.length > 0) {
        const gone = others[others.length - 1];
        await openEditor(page, `collections/services/entries/${gone.slug}`);
        await page.getByRole("button", { name: "Delete entry" }).click();
        await expect.poll(() => exists(gone.slug)).toBe(false);
        // Another editor takes every service but one away meanwhile.
        for (const other of others)
          fs.rmSync(path.join(proxy().repo, "data", "services", `${other.slug}.yaml`), { force: true });
        proxy().commit("Another editor's deletes");
      }
      await openEditor(page, `collections/services/entries/${kept.slug}`);
      await page.getByRole("button", { name: "Delete entry" }).click();
      await expect(page.getByText(/Not deleted: this is the site's last service/).first()).toBeVisible();
      expect(exists(kept.slug)).toBe(true);
    });

    test("a service another editor created after the form opened is checked against too", async ({ page, guard }) => {
      test.skip(width === 375, ONE_WIDTH);
      guard.allowed.push(...CHECK_REFUSAL, ...SERVER_REFUSAL);
      const service = services()[0];
      const file = `data/services/${service.slug}.yaml`;
      const before = proxy().read(file);
      await openEditor(page, `collections/services/entries/${service.slug}`);
      await expect(serviceField(page, "title")).toHaveValue(service.title);
      // Meanwhile another editor adds a service, with a menu label and an order of its own.
      const added = fixtureService(path.join(proxy().repo, "data"));
      proxy().write(`data/${added.file}`, added.yaml);
      if (added.replaces) fs.rmSync(path.join(proxy().repo, "data", added.replaces));
      proxy().commit("Another editor's service");

      await serviceField(page, "navLabel").fill(added.navLabel);
      await publish(page);
      // Named at the later of the two files: by the check before the save, or by the backend's as it commits.
      const clash = `navLabel .* is already used by data/${added.file}|${added.file} .*navLabel .* is already used by`;
      await expect(page.getByText(new RegExp(`Not saved: .*(${clash})`)).first()).toBeVisible();
      expect(proxy().read(file)).toBe(before);
    });
  });
}
