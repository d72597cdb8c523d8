/**
 * Replacing the founder's portrait and the credential badge in the editor's media library, on a desktop and on a
 * phone, against the real local proxy on a copy of data/: the upload lands in data/images under a safe name and the
 * YAML points to it; an image the build cannot use (another format, too large, smaller than the page shows it) is
 * refused before anything is written, saying why. (The build's responsive formats of a replaced portrait are checked
 * by the fixture build, e2e/tools/fixture-site.mjs.)
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { parse } from "yaml";
import type { Page } from "@playwright/test";
import { test, expect, ONE_WIDTH } from "./fixtures";
import { CHECK_REFUSAL, openEditor, proxyForEachTest, SAVED } from "./local-proxy";
import { IMAGE_MAX_BYTES } from "../src/content/images";
import { loadSchemas } from "../src/content/read-content";
import { resolveSchema } from "../src/content/model";
import { validateContentDirectory } from "../src/content/check";

const root = path.resolve(__dirname, "..");
const schemas = loadSchemas(path.join(root, "data"));
const firmSchema = schemas["firm.schema.json"].properties!;
const imageField = (group: "founder" | "credential", key: string) => {
  const schema = resolveSchema(firmSchema[group].properties![key], schemas, "firm.schema.json").schema;
  return { title: schema.title!, size: schema.imageSize! };
};
const portrait = imageField("founder", "portrait");
const badge = imageField("credential", "badge");

// Each test starts from the content as it is in data/ (its worker's local backend, put back): they share nothing, and
// run on whichever worker is free.
test.describe.configure({ mode: "parallel", timeout: 60_000 });

const proxy = proxyForEachTest("simple");

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 60, g: 80, b: 100 } } })
    .jpeg()
    .toBuffer();
const images = () => fs.readdirSync(path.join(proxy().repo, "data", "images")).sort();

/** Picks a new image for the field titled `title`: the media library, Upload, then Choose selected. */
/** The media library of the image field titled `title` (its "Choose different image" button, under its label). */
async function openLibrary(page: Page, title: string) {
  await page
    .locator("label", { hasText: new RegExp(`^${title}$`) })
    .locator('xpath=following::button[normalize-space()="Choose different image"][1]')
    .click();
  await expect(page.getByRole("button", { name: "Choose selected" })).toBeVisible();
}

/** Picks a new image for the field titled `title`: the media library, then Upload. */
async function upload(page: Page, title: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await openLibrary(page, title);
  await page.locator('input[type="file"]').setInputFiles(file);
}

/** The firm file and the images as they are now, and the check that a refused save left both so. */
function unchanged() {
  const [before, had] = [proxy().read("data/firm.yaml"), images()];
  return () => expect([proxy().read("data/firm.yaml"), images()]).toEqual([before, had]);
}

async function chooseAndSave(page: Page) {
  await page.getByRole("button", { name: "Choose selected" }).click();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, isMobile: width < 768, hasTouch: width < 768 });

    test("a new portrait lands in data/images under a safe name, and the firm file points to it", async ({ page }) => {
      const before = proxy().read("data/firm.yaml");
      const buffer = await photo(portrait.size.width * 3, portrait.size.height * 3);
      await openEditor(page, "collections/pages/entries/firm");
      await upload(page, portrait.title, { name: "My Portrait 2.JPG", mimeType: "image/jpeg", buffer });
      await chooseAndSave(page);
      await expect(page.getByText(SAVED).first()).toBeVisible();

      await expect.poll(() => images()).toContain("my-portrait-2.jpg");
      expect(fs.readFileSync(path.join(proxy().repo, "data/images/my-portrait-2.jpg")).equals(buffer)).toBe(true);
      const firm = proxy().read("data/firm.yaml");
      // The path, relative to the firm file, is the uploaded file's; one line of the file changed.
      expect(path.join("data", parse(firm).founder.portrait)).toBe(path.join("data", "images", "my-portrait-2.jpg"));
      const changed = firm.split("\n").filter((line) => !before.split("\n").includes(line));
      expect(changed).toEqual([expect.stringMatching(/^\s+portrait: (\.\/)?images\/my-portrait-2\.jpg$/)]);
      expect(validateContentDirectory(path.join(proxy().repo, "data"), proxy().repo).errors).toEqual([]);
    });

    test("a phone's picture in another format (AVIF) is uploaded as a JPEG: it lands, and the check takes it", async ({
      page,
    }) => {
      test.skip(width !== 375, "a phone's upload: one width");
      const avif = await sharp({
        create: { width: portrait.size.width * 2, height: portrait.size.height * 2, channels: 3, background: "#468" },
      })
        .avif()
        .toBuffer();
      await openEditor(page, "collections/pages/entries/firm");
      await upload(page, portrait.title, { name: "Portrait 7.avif", mimeType: "image/avif", buffer: avif });
      await expect(page.getByRole("status").filter({ hasText: "Uploaded as a JPEG (Portrait 7.jpg)" })).toBeVisible();
      await chooseAndSave(page);
      await expect(page.getByText(SAVED).first()).toBeVisible();
      await expect.poll(() => images()).toContain("portrait-7.jpg");
      const landed = await sharp(path.join(proxy().repo, "data/images/portrait-7.jpg")).metadata();
      expect([landed.format, landed.width, landed.height]).toEqual([
        "jpeg",
        portrait.size.width * 2,
        portrait.size.height * 2,
      ]);
      expect(path.join("data", parse(proxy().read("data/firm.yaml")).founder.portrait)).toBe(
        "data/images/portrait-7.jpg",
      );
      expect(validateContentDirectory(path.join(proxy().repo, "data"), proxy().repo).errors).toEqual([]);
    });

    test("an image smaller than the page shows it, or not an image, is refused before anything is written", async ({
      page,
      guard,
    }) => {
      test.skip(width === 375, ONE_WIDTH);
      guard.allowed.push(...CHECK_REFUSAL);
      const nothingWritten = unchanged();
      await openEditor(page, "collections/pages/entries/firm");
      const small = { width: portrait.size.width / 2, height: portrait.size.height / 2 };
      await upload(page, portrait.title, {
        name: "small.jpg",
        mimeType: "image/jpeg",
        buffer: await photo(small.width, small.height),
      });
      await page.getByRole("button", { name: "Choose selected" }).click();
      const gif = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#123" } })
        .gif()
        .toBuffer();
      await upload(page, badge.title, { name: "badge.png", mimeType: "image/png", buffer: gif });
      await chooseAndSave(page);
      await expect(
        page.getByText(
          new RegExp(
            `Not saved: 2 problems .*founder\\.portrait is ${small.width} × ${small.height} pixels, smaller than the ` +
              `${portrait.size.width} × ${portrait.size.height} the page shows it at.*credential\\.badge is not a ` +
              `JPEG or PNG image`,
          ),
        ),
      ).toBeVisible();
      nothingWritten();
    });

    test("an image whose header is whole but whose pixels are damaged is refused, read whole before anything is written", async ({
      page,
      guard,
    }) => {
      test.skip(width === 375, ONE_WIDTH);
      guard.allowed.push(...CHECK_REFUSAL);
      const nothingWritten = unchanged();
      const png = await sharp({
        create: { width: portrait.size.width * 2, height: portrait.size.height * 2, channels: 3, background: "#345" },
      })
        .png()
        .toBuffer();
      // One byte of the compressed pixels flipped: the size and format still read from the header.
      png[png.indexOf("IDAT") + 10] ^= 0xff;
      await openEditor(page, "collections/pages/entries/firm");
      await upload(page, portrait.title, { name: "damaged.png", mimeType: "image/png", buffer: png });
      await chooseAndSave(page);
      await expect(
        page.getByText(/Not saved: 1 problem .*founder\.portrait is damaged: it cannot be read whole \(its /),
      ).toBeVisible();
      nothingWritten();
    });

    test("a file over the size limit is refused by the media library before it uploads", async ({ page }) => {
      test.skip(width === 375, ONE_WIDTH);
      const had = images();
      await openEditor(page, "collections/pages/entries/firm");
      const alerts: string[] = [];
      page.on("dialog", (dialog) => {
        alerts.push(dialog.message());
        void dialog.accept();
      });
      const buffer = Buffer.concat([await photo(400, 500), Buffer.alloc(IMAGE_MAX_BYTES)]);
      await openLibrary(page, portrait.title);
      await page.locator('input[type="file"]').setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer });
      await expect.poll(() => alerts).toEqual([expect.stringMatching(/file too large/i)]);
      await expect(page.getByText("huge.jpg")).toHaveCount(0);
      expect(images()).toEqual(had);
    });
  });
}
