// Every route of the spec serves its content, title and one h1, with no console error and no request elsewhere.
import { test, expect, services, firm, hydrated, ROUTES, servicePath } from "./fixtures";

const FIRM = firm().name;

test("home: hero, four steps, services grid, trust statement and call to action", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await expect(page).toHaveTitle(`Business Valuation | ${FIRM}`);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.locator("h1")).toHaveText("Reliable Business Valuations Backed by Data Delivered Fast");
  await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", ROUTES.services);
  await expect(page.locator("ol li h3")).toHaveText([
    "Data Gathering",
    "Business Analysis",
    "Value Estimation",
    "Final Report",
  ]);
  const grid = page.locator("section", { has: page.getByRole("heading", { name: "Our Services", level: 2 }) });
  const cards = grid.getByRole("listitem").getByRole("link");
  await expect(cards).toHaveCount(services().length);
  for (const [i, svc] of services().entries()) {
    await expect(cards.nth(i)).toHaveText(svc.navLabel);
    await expect(cards.nth(i)).toHaveAttribute("href", servicePath(svc.slug));
  }
  await expect(page.getByText(/is a member of the National Association/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Need a valuation for your business?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", ROUTES.contact);
});

test("about: portrait with name and title, story, five reasons, the credential", async ({ page }) => {
  await page.goto(ROUTES.about);
  await expect(page).toHaveTitle(`About Us | ${FIRM}`);
  await expect(page.locator("h1")).toHaveCount(1);
  const portrait = page.getByRole("img", { name: /Portrait of/ });
  await expect(portrait).toBeVisible();
  expect(await portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.locator("figcaption")).toContainText("Founder & Director, CVA");
  const main = page.locator("main");
  await expect(main).toContainText("2019");
  await expect(main).toContainText("over 10 years");
  await expect(main).toContainText("nationwide");
  const why = page.locator("section", { has: page.getByRole("heading", { name: "Why Choose Us?" }) });
  await expect(why.getByRole("listitem")).toHaveCount(5);
  await expect(page.getByRole("img", { name: /Certified Valuation Analyst \(CVA\) credential badge/ })).toBeVisible();
  await expect(main).toContainText("National Association of Certified Valuators and Analysts");
});

test("services overview: the five groups with exactly the spec's bullets", async ({ page }) => {
  await page.goto(ROUTES.services);
  await expect(page).toHaveTitle(`Services | ${FIRM}`);
  await expect(page.locator("h1")).toHaveCount(1);
  const expected: Record<string, string[]> = {
    "Business Valuation and Appraisal": ["Fair market valuation", "Asset appraisals", "Financial reporting"],
    "Strategic Planning and Growth": ["Growth assessment", "Mergers and acquisitions", "Succession and exit planning"],
    "Litigation Support": ["Legal dispute valuation", "Expert witness testimony"],
    "Tax and Planning Compliance": ["IRS-compliant valuations", "Strategic tax planning"],
    "Other Services": ["Financial consulting", "Business modeling and analytics", "Fresh start accounting"],
  };
  const groups = page.locator("main section");
  await expect(groups).toHaveCount(5);
  for (const [i, [title, bullets]] of Object.entries(expected).entries()) {
    await expect(groups.nth(i).getByRole("heading", { level: 2 })).toHaveText(title);
    await expect(groups.nth(i).getByRole("listitem")).toHaveText(bullets);
  }
});

for (const svc of services()) {
  test(`service page ${servicePath(svc.slug)} comes from the template with its own content`, async ({ page }) => {
    await page.goto(servicePath(svc.slug));
    await expect(page).toHaveTitle(`${svc.title} | ${FIRM}`);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("h1")).toHaveText(svc.title);
    await expect(page.locator("main")).toContainText(svc.lead.slice(0, 60));
    // A real page, not one line: sections on what it covers, who it is for and what the client receives.
    expect(await page.locator("main h2").count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator("main li").count()).toBeGreaterThanOrEqual(6);
  });
}

test("contact: form, phone and Torrance address", async ({ page }) => {
  await page.goto(ROUTES.contact);
  await expect(page).toHaveTitle(`Contact Us | ${FIRM}`);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.getByRole("link", { name: firm().phone.display })).toHaveAttribute(
    "href",
    `tel:${firm().phone.dial}`,
  );
  await expect(page.locator("address")).toContainText("Torrance, California");
  await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
});

test("unknown address: the 404 page with a way home", async ({ page, guard }) => {
  // The document and its page data answer 404, as they must for an unknown address.
  guard.allowed.push(/status of 404 \(Not Found\)/);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  expect(response?.request().redirectedFrom()).toBeNull();
  await expect(page).toHaveTitle(`Page not found | ${FIRM}`);
  await expect(page.locator("h1")).toHaveCount(1);
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("h1")).toHaveText("Reliable Business Valuations Backed by Data Delivered Fast");
});

test("footer: current year, firm name and three outbound links opening in a new tab", async ({ page }) => {
  await page.goto(ROUTES.about);
  await hydrated(page);
  const footer = page.locator("footer");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${FIRM}`);
  const links = footer.getByRole("link");
  await expect(links).toHaveCount(3);
  for (const [i, link] of firm().links.entries()) {
    await expect(links.nth(i)).toHaveAttribute("href", link.url);
    await expect(links.nth(i)).toHaveAttribute("target", "_blank");
    await expect(links.nth(i)).toHaveAttribute("rel", "noopener noreferrer");
    await expect(links.nth(i)).toHaveAccessibleName(/opens in a new tab/);
  }
});
