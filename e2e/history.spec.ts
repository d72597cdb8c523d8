/**
 * History and restore in the editor, as `npm run cms` gives them on a git repository: the editor's local backend on a
 * temporary repository where two authors changed one service after it was created. The history lists the versions
 * with who made them and what they changed, by the form's labels; a version shows how it differs from today's; a
 * restore is a new change (a draft here) that went through the content check and the merge with others' changes.
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { test, expect, services } from "./fixtures";
import { openEditor, proxyForEachTest } from "./local-proxy";
import { draftBranch } from "../src/cms/content-store";
import { servicesCollection, type CmsField } from "../src/cms/config";
import { patchYaml } from "../src/content/yaml-patch";
import { parseData } from "../src/content/data";
import { loadSchemas } from "../src/content/read-content";

const fields = servicesCollection(loadSchemas(path.resolve(__dirname, "..", "data"))).fields as CmsField[];
const labelOf = (list: CmsField[] | undefined, name: string) => list?.find((f) => f.name === name);
const proxy = proxyForEachTest("drafts");

test.describe.configure({ timeout: 90_000 });

/** Commits `change` to the service's file as `author`, on the published branch. */
function commit(file: string, author: string, change: (data: Record<string, unknown>) => void) {
  const text = proxy().read(file);
  const data = parseData(text);
  change(data);
  proxy().write(file, patchYaml(text, data as Parameters<typeof patchYaml>[1]));
  const email = `${author.toLowerCase()}@example.com`;
  proxy().git("-c", `user.name=${author}`, "-c", `user.email=${email}`, "commit", "-qam", `${author}'s change`);
}

const versions = (page: Page) => page.getByRole("dialog").getByRole("listitem");

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, isMobile: width < 768, hasTouch: width < 768 });

    test("the history lists who changed what; a failing version is refused; a restore keeps another's change", async ({
      page,
      guard,
    }) => {
      // Decap asks the proxy for an entry's draft when it opens the entry; with none yet, the proxy answers 404.
      guard.allowed.push(/^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/);
      const service = services()[0];
      const file = `data/services/${service.slug}.yaml`;
      const original = proxy().read(file);
      const covers = labelOf(fields, "covers")!;
      const items = labelOf(covers.fields, "items")!;
      const item = (parseData(original).covers as { items: { title: string; text: string }[] }).items[0];
      // Bob retitles it and adds a field no schema knows (today's check refuses it); Ada takes that out again and
      // rewrites the first item of what it covers.
      commit(file, "Bob", (data) => Object.assign(data, { title: `${service.title} (Bob)`, retiredNote: "Old" }));
      commit(file, "Ada", (data) => {
        delete data.retiredNote;
        (data.covers as { items: { text: string }[] }).items[0].text = "Ada's text.";
      });

      await openEditor(page, `collections/services/entries/${service.slug}`);
      await page.getByRole("button", { name: "History", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: `History of ${file}` });
      await expect(dialog).toBeVisible();
      await expect(versions(page)).toHaveCount(3);
      const itemText = [covers.label, items.label, item.title, labelOf(items.fields, "text")!.label].join(" › ");
      await expect(versions(page).nth(0)).toContainText("Ada · Changed ");
      await expect(versions(page).nth(0)).toContainText(itemText);
      await expect(versions(page).nth(1)).toContainText(`Bob · Changed ${labelOf(fields, "title")!.label}`);
      await expect(versions(page).nth(2)).toContainText("Test editor · Created the file");
      const head = () => proxy().git("rev-parse", "main").trim();
      const mainBefore = head();

      // Bob's version has a field today's check refuses: the check's words, and nothing written.
      await versions(page).nth(1).locator("summary").click();
      await versions(page).nth(1).getByRole("button", { name: "Restore this version" }).click();
      await expect(dialog.getByRole("status")).toContainText(/Not restored: Not saved: 1 problem to fix first/);
      expect(proxy().git("branch", "--list", draftBranch("services", service.slug))).toBe("");
      expect(head()).toBe(mainBefore);

      // Meanwhile another editor changes the summary; then the first version is restored, as a draft.
      commit(file, "Cy", (data) => Object.assign(data, { summary: "Cy's summary." }));
      const first = versions(page).nth(2);
      await first.locator("summary").click();
      await expect(first.getByRole("definition").first()).toContainText(`This version: ${service.title}`);
      await expect(first.getByRole("definition").first()).toContainText(`Today: ${service.title} (Bob)`);
      const box = await first.getByRole("definition").first().boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width, "the differences fit the screen").toBe(true);
      await first.getByRole("button", { name: "Restore this version" }).click();
      const branch = draftBranch("services", service.slug);
      await expect.poll(() => proxy().git("branch", "--list", branch).trim()).toBe(branch);

      const restored = proxy().git("show", `${branch}:${file}`);
      // The first version's values with Cy's summary, and every comment of the first version kept.
      expect(parseData(restored)).toEqual({ ...parseData(original), summary: "Cy's summary." });
      const comments = (text: string) => text.split("\n").filter((line) => line.trimStart().startsWith("#"));
      expect(comments(restored)).toEqual(comments(original));
      const log = proxy().git("log", "--format=%s", `main..${branch}`).trim().split("\n");
      expect(log).toHaveLength(1);
      expect(log[0]).toMatch(new RegExp(`^Restore ${file} to \\d{4}-\\d{2}-\\d{2} \\([0-9a-f]{7}\\)$`));
      // The editor reloads on the draft: the form holds the restored title once Decap has started again.
      await expect(page.getByLabel(labelOf(fields, "title")!.label, { exact: true })).toHaveValue(service.title);
    });
  });
}
