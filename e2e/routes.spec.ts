// Every route serves its content, title and one h1, with no console error and no request elsewhere. Expectations come
// from data/ and src/lib/paths.ts, so any valid content edit keeps these green.
import { test, expect, services, firm, hydrated, contentFile, escaped, words } from "./fixtures";
import { ROUTES, servicePath } from "../src/lib/paths";

const FIRM = firm().name;
type Titled = { title: string; text: string };
type Section = { heading: string; paragraphs: string[] };
const home = contentFile<{
  title: string;
  hero: { headline: string; cta: string };
  process: { steps: Titled[] };
  services: { heading: string };
  cta: { heading: string; button: string };
}>("home.yaml");
const about = contentFile<{ title: string; story: Section; whyChooseUs: { heading: string; points: Titled[] } }>(
  "about.yaml",
);
const firmYaml = contentFile<{
  membershipNote: string;
  founder: { title: string; portraitAlt: string };
  credential: { badgeAlt: string };
}>("firm.yaml");
const servicesPage = contentFile<{ title: string }>("services-page.yaml");
const contact = contentFile<{ title: string; form: { submit: string } }>("contact.yaml");
const notFound = contentFile<{ title: string; homeLink: string }>("not-found.yaml");

test("home: hero, the process steps, services grid, trust statement and call to action", async ({ page }) => {
  await page.goto(ROUTES.home);
  await hydrated(page);
  await expect(page).toHaveTitle(`${home.title} | ${FIRM}`);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.locator("h1")).toHaveText(home.hero.headline);
  await expect(page.getByRole("link", { name: home.hero.cta })).toHaveAttribute("href", ROUTES.services);
  await expect(page.locator("ol li h3")).toHaveText(home.process.steps.map((step) => step.title));
  const grid = page.locator("section", { has: page.getByRole("heading", { name: home.services.heading, level: 2 }) });
  const cards = grid.getByRole("listitem").getByRole("link");
  await expect(cards).toHaveCount(services().length);
  for (const [i, svc] of services().entries()) {
    await expect(cards.nth(i)).toHaveText(svc.navLabel);
    await expect(cards.nth(i)).toHaveAttribute("href", servicePath(svc.slug));
  }
  await expect(page.getByText(firmYaml.membershipNote)).toBeVisible();
  await expect(page.getByRole("heading", { name: home.cta.heading })).toBeVisible();
  await expect(page.getByRole("link", { name: home.cta.button })).toHaveAttribute("href", ROUTES.contact);
});

test("about: portrait with name and title, story, every reason, the credential", async ({ page }) => {
  await page.goto(ROUTES.about);
  await expect(page).toHaveTitle(`${about.title} | ${FIRM}`);
  await expect(page.locator("h1")).toHaveCount(1);
  const portrait = page.getByRole("img", { name: firmYaml.founder.portraitAlt });
  await expect(portrait).toBeVisible();
  expect(await portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.locator("figcaption")).toContainText(firmYaml.founder.title);
  const main = page.locator("main");
  for (const paragraph of about.story.paragraphs) await expect(main).toContainText(paragraph);
  const why = page.locator("section", { has: page.getByRole("heading", { name: about.whyChooseUs.heading }) });
  await expect(why.getByRole("listitem")).toHaveCount(about.whyChooseUs.points.length);
  await expect(page.getByRole("img", { name: firmYaml.credential.badgeAlt })).toBeVisible();
});

test("services overview: one group per service with its bullets", async ({ page }) => {
  await page.goto(ROUTES.services);
  await expect(page).toHaveTitle(`${servicesPage.title} | ${FIRM}`);
  await expect(page.locator("h1")).toHaveCount(1);
  const groups = page.locator("main section");
  await expect(groups).toHaveCount(services().length);
  for (const [i, svc] of services().entries()) {
    await expect(groups.nth(i).getByRole("heading", { level: 2 })).toHaveText(svc.title);
    await expect(groups.nth(i).getByRole("listitem")).toHaveText(svc.overview);
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
  });
}

test("contact: form, phone and the office address", async ({ page }) => {
  await page.goto(ROUTES.contact);
  await expect(page).toHaveTitle(`${contact.title} | ${FIRM}`);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.getByRole("link", { name: firm().phone.display })).toHaveAttribute(
    "href",
    `tel:${firm().phone.dial}`,
  );
  const { address } = firm();
  await expect(page.locator("address")).toContainText(`${address.city}, ${address.regionName} ${address.postalCode}`);
  await expect(page.getByRole("button", { name: contact.form.submit })).toBeVisible();
});

test("unknown address: the 404 page with a way home", async ({ page, guard }) => {
  // The document and its page data answer 404, as they must for an unknown address.
  guard.allowed.push(/status of 404 \((Not Found)?\)/);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  expect(response?.request().redirectedFrom()).toBeNull();
  await expect(page).toHaveTitle(`${notFound.title} | ${FIRM}`);
  await expect(page.locator("h1")).toHaveCount(1);
  await page.getByRole("link", { name: notFound.homeLink }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("h1")).toHaveText(home.hero.headline);
});

test("footer: current year, firm name and the outbound links, opening in a new tab", async ({ page }) => {
  await page.goto(ROUTES.about);
  await hydrated(page);
  const footer = page.locator("footer");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${FIRM}`);
  const links = footer.getByRole("link");
  await expect(links).toHaveCount(firm().links.length);
  for (const [i, link] of firm().links.entries()) {
    await expect(links.nth(i)).toHaveAttribute("href", link.url);
    await expect(links.nth(i)).toHaveAttribute("target", "_blank");
    await expect(links.nth(i)).toHaveAttribute("rel", "noopener noreferrer");
    await expect(links.nth(i)).toHaveAccessibleName(new RegExp(escaped(words().newTab)));
  }
});
