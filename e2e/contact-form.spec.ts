// The contact form posts natively to the form service: browser validation, all four fields intact, JS on and off.
// Every POST is intercepted here, so nothing leaves the machine.
import type { Page, Request } from "@playwright/test";
import { test, expect, firm, contentFile, hydrated, ROUTES, escaped, type Guard } from "./fixtures";

type FieldCopy = { label: string; placeholder: string };
const FORM = contentFile<{
  form: { endpoint: string; submit: string; fields: Record<"name" | "email" | "phone" | "message", FieldCopy> };
}>("contact.yaml").form;
const ENDPOINT = FORM.endpoint;
const SUBMIT = FORM.submit;

async function interceptPosts(page: Page, guard: Guard): Promise<Request[]> {
  const posts: Request[] = [];
  guard.intercepted.push(new RegExp(`^${escaped(ENDPOINT)}`));
  await page.route(`${ENDPOINT}**`, async (route) => {
    posts.push(route.request());
    await route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>Received</title><p>Received",
    });
  });
  return posts;
}

const field = (page: Page, label: RegExp) => page.getByLabel(label);
/** A field by the start of its label (the visible label may carry a required marker). */
const labelled = (copy: FieldCopy) => new RegExp(`^${escaped(copy.label)}`);
const NAME = labelled(FORM.fields.name);
const EMAIL = labelled(FORM.fields.email);
const PHONE = labelled(FORM.fields.phone);
const MESSAGE = labelled(FORM.fields.message);

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test.beforeEach(async ({ page }) => {
      await page.goto(ROUTES.contact);
      if (javaScriptEnabled) await hydrated(page);
    });

    test("the fields, placeholders, labels and button from data/contact.yaml", async ({ page }) => {
      const form = page.locator("form");
      await expect(form).toHaveAttribute("method", "post");
      await expect(form).toHaveAttribute("action", ENDPOINT);
      await expect(form).toHaveAttribute("enctype", "application/x-www-form-urlencoded");
      await expect(field(page, NAME)).toHaveAttribute("placeholder", FORM.fields.name.placeholder);
      await expect(field(page, EMAIL)).toHaveAttribute("placeholder", FORM.fields.email.placeholder);
      await expect(field(page, EMAIL)).toHaveAttribute("type", "email");
      await expect(field(page, PHONE)).toHaveAttribute("placeholder", FORM.fields.phone.placeholder);
      await expect(field(page, PHONE)).toHaveAttribute("type", "tel");
      await expect(field(page, MESSAGE)).toHaveAttribute("placeholder", FORM.fields.message.placeholder);
      await expect(page.getByRole("button", { name: SUBMIT })).toBeVisible();
      for (const target of [field(page, NAME), field(page, EMAIL), field(page, PHONE), field(page, MESSAGE)]) {
        const box = await target.boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(44);
      }
      // The honeypot is never reached with Tab: message → submit button.
      await field(page, MESSAGE).focus();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: SUBMIT })).toBeFocused();
      await expect(page.locator('input[name="_gotcha"]')).toBeHidden();
    });

    test("an empty submit sends nothing and the browser points at the first missing field", async ({ page, guard }) => {
      const posts = await interceptPosts(page, guard);
      await page.getByRole("button", { name: SUBMIT }).click();
      await expect(field(page, NAME)).toBeFocused();
      expect(await field(page, NAME).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
      expect(await field(page, MESSAGE).evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(true);
      expect(await field(page, PHONE).evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(true);
      // The point is that nothing is sent: no POST within 300 ms of the click.
      await page.waitForTimeout(300);
      expect(posts).toHaveLength(0);
      await expect(page).toHaveURL(/\/contact\/$/);
    });

    test("an invalid email sends nothing", async ({ page, guard }) => {
      const posts = await interceptPosts(page, guard);
      await field(page, NAME).fill("Ada Lovelace");
      await field(page, EMAIL).fill("ada-at-example");
      await field(page, MESSAGE).fill("Hello");
      await page.getByRole("button", { name: SUBMIT }).click();
      await expect(field(page, EMAIL)).toBeFocused();
      expect(await field(page, EMAIL).evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
      // The point is that nothing is sent: no POST within 300 ms of the click.
      await page.waitForTimeout(300);
      expect(posts).toHaveLength(0);
    });

    test("a valid submit sends exactly one urlencoded POST with all four fields intact", async ({ page, guard }) => {
      const posts = await interceptPosts(page, guard);
      const values = {
        name: "Zoë Ångström & Søren",
        email: "zoe+valuation@example.com",
        phone: "+1 (310) 555-0199",
        message: "Value = price? A & B, 50% stake.\nSecond line — ünïcödé 日本語 ✓",
      };
      await field(page, NAME).fill(values.name);
      await field(page, EMAIL).fill(values.email);
      await field(page, PHONE).fill(values.phone);
      await field(page, MESSAGE).fill(values.message);
      await Promise.all([page.waitForURL(`${ENDPOINT}**`), page.getByRole("button", { name: SUBMIT }).click()]);
      expect(posts).toHaveLength(1);
      const post = posts[0];
      expect(post.method()).toBe("POST");
      expect(post.headers()["content-type"]).toBe("application/x-www-form-urlencoded");
      const body = new URLSearchParams(post.postData() ?? "");
      expect([...body.keys()]).toEqual(["name", "email", "phone", "message", "_gotcha"]);
      expect(body.get("name")).toBe(values.name);
      expect(body.get("email")).toBe(values.email);
      expect(body.get("phone")).toBe(values.phone);
      // Browsers send a textarea's line breaks as CRLF; nothing else changes.
      expect(body.get("message")).toBe(values.message.replace(/\n/g, "\r\n"));
      expect(body.get("_gotcha")).toBe("");
      await expect(page).toHaveTitle("Received");
    });

    test("without a phone number it still sends", async ({ page, guard }) => {
      const posts = await interceptPosts(page, guard);
      await field(page, NAME).fill("Grace Hopper");
      await field(page, EMAIL).fill("grace@example.com");
      await field(page, MESSAGE).fill("Please call me back.");
      await Promise.all([page.waitForURL(`${ENDPOINT}**`), page.getByRole("button", { name: SUBMIT }).click()]);
      expect(posts).toHaveLength(1);
      const body = new URLSearchParams(posts[0].postData() ?? "");
      expect(body.get("phone")).toBe("");
      expect(body.get("name")).toBe("Grace Hopper");
      expect(body.get("message")).toBe("Please call me back.");
    });
  });
}

test("the phone is a tel: link and the address opens in a map in a new tab", async ({ page }) => {
  await page.goto(ROUTES.contact);
  const { phone } = firm();
  const { address } = contentFile<{ address: { city: string } }>("firm.yaml");
  await expect(page.getByRole("link", { name: phone.display })).toHaveAttribute("href", `tel:${phone.dial}`);
  const { mapLink } = contentFile<{ details: { mapLink: string } }>("contact.yaml").details;
  const map = page.getByRole("link", { name: new RegExp(`^${escaped(mapLink)}`) });
  await expect(map).toHaveAttribute("target", "_blank");
  await expect(map).toHaveAttribute("rel", "noopener noreferrer");
  expect(await map.getAttribute("href")).toContain(encodeURIComponent(address.city));
});
