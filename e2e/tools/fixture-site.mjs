// Builds a fixture site from data/ with the edits an editor might make, and no code change (fixture-content.ts): one
// more service, one more process step, one more "why" point (each in place of the last where the list is full), the
// office moved to another city, the founder's portrait replaced, and markup-like text typed into one field of each kind (MARKUP_FIELDS; the browser tests in
// e2e/text-is-text.spec.ts check it shows as text and never runs). Checks the built HTML: the service's page,
// its dropdown and mobile-menu entries on every page, its card on the home page and its group on /services; the extra
// step and point; the new address. Leaves public/ to the next build. Optional argument: a directory to keep the
// fixture content in (it is deleted otherwise).
//
// The same build is the one the content API's tests serve (e2e/content-api.spec.ts): it is made with the email login's
// editor (CMS_BACKEND=access, FIXTURE_BUILD_ENV), which changes only /admin/, and a copy of it is kept in
// .e2e-builds/fixture-site/ (FIXTURE_BUILD_DIR), so no third build is needed.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { parseDocument } from "yaml";
import { servicePath } from "../../src/lib/paths.ts";
import { FIXTURE_BUILD_DIR, FIXTURE_BUILD_ENV, MARKUP_FIELDS, MARKUP_TEXT, fixtureService } from "./fixture-content.ts";
import { loadSchemas, readContentFiles } from "../../src/content/read-content.ts";
import { resolveSchema } from "../../src/content/model.ts";
import { parseData } from "../../src/content/data.ts";
import { patchYaml } from "../../src/content/yaml-patch.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const keep = process.argv[2];
const fixture = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), "fixture-content-"));
fs.cpSync(path.join(root, "data"), fixture, { recursive: true });
// The added service comes last, under a slug of its own: the next free order and slug after data/'s services.
const added = fixtureService();
fs.writeFileSync(path.join(fixture, added.file), added.yaml);
if (added.replaces) fs.rmSync(path.join(fixture, added.replaces));

/** Edits one fixture YAML file through its document, keeping the schema comment line. */
function editYaml(file, edit) {
  const doc = parseDocument(fs.readFileSync(path.join(fixture, file), "utf8"));
  edit(doc);
  fs.writeFileSync(path.join(fixture, file), doc.toString());
}
const serviceCount = readContentFiles(path.join(root, "data")).services.length;
// The added step is text the site's YAML reader would take for a date and a number, written as the editor writes it
// (src/content/yaml-patch.ts quotes it): the built page shows it as typed.
const STEP = { title: "2026-11-26", text: "0b101" };
const POINT = { title: "Plain-language reports", text: "Every conclusion explained without jargon." };
const CITY = "Long Beach";
const homeSource = fs.readFileSync(path.join(fixture, "home.yaml"), "utf8");
const homeData = parseData(homeSource);
// A list at its schema's limit makes room: the added item replaces its last.
const schemas = loadSchemas(path.join(root, "data"));
const maxItems = (schemaName, keys) =>
  keys.reduce((schema, key) => resolveSchema(schema, schemas, schemaName).schema.properties[key], schemas[schemaName])
    .maxItems ?? Infinity;
const addTo = (list, item, max) => list.splice(Math.min(list.length, max - 1), 1, item);
addTo(homeData.process.steps, STEP, maxItems("home.schema.json", ["process", "steps"]));
fs.writeFileSync(path.join(fixture, "home.yaml"), patchYaml(homeSource, homeData));
const aboutSource = fs.readFileSync(path.join(fixture, "about.yaml"), "utf8");
const aboutData = parseData(aboutSource);
addTo(aboutData.whyChooseUs.points, POINT, maxItems("about.schema.json", ["whyChooseUs", "points"]));
fs.writeFileSync(path.join(fixture, "about.yaml"), patchYaml(aboutSource, aboutData));
// The founder's portrait replaced as the editor's media library leaves it: a phone's photo, under a safe name.
const PORTRAIT = "my-portrait-2.jpg";
await sharp({ create: { width: 1200, height: 1600, channels: 3, background: { r: 52, g: 70, b: 90 } } })
  .jpeg()
  .toFile(path.join(fixture, "images", PORTRAIT));
editYaml("firm.yaml", (doc) => {
  doc.setIn(["founder", "portrait"], `./images/${PORTRAIT}`);
  doc.setIn(["address", "city"], CITY);
  doc.setIn(["address", "street"], "100 Oceangate, Suite 12");
  doc.setIn(["address", "postalCode"], "90802");
});
for (const { file, keys } of MARKUP_FIELDS) {
  editYaml(file, (doc) => doc.setIn(keys, `${doc.getIn(keys)} ${MARKUP_TEXT}`));
}
const count = (file, keys) => parseDocument(fs.readFileSync(path.join(fixture, file), "utf8")).getIn(keys).items.length;
const steps = count("home.yaml", ["process", "steps"]);
const points = count("about.yaml", ["whyChooseUs", "points"]);
// The fixture's schema references resolve as in data/; point its images at the same files.
console.log(
  `Building a fixture site (one more service, ${steps} steps, ${points} points, an office in ${CITY}) from ${fixture} ...`,
);
// Gatsby's output is shown only when the build fails: its errors (broken content, a script the build did not write) go
// to standard output.
try {
  execFileSync(path.join(root, "node_modules", ".bin", "gatsby"), ["build"], {
    cwd: root,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("CMS_"))),
      ...FIXTURE_BUILD_ENV,
      CONTENT_DIR: fixture,
      GATSBY_TELEMETRY_DISABLED: "1",
      GATSBY_FEEDBACK_DISABLED: "1",
    },
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
} catch (error) {
  process.stdout.write(error.stdout ?? "");
  console.error(`The fixture site did not build (content in ${fixture}).`);
  process.exit(1);
}

const read = (p) => fs.readFileSync(path.join(root, "public", p), "utf8");
const { slug, navLabel } = added;
const title = parseDocument(fs.readFileSync(path.join(fixture, added.file), "utf8")).get("title");
/** Text as React and react-helmet write it into HTML, as a regular expression. */
const htmlPattern = (text) =>
  text
    .replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c])
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const href = `href="${servicePath(slug)}"`;
const problems = [];
const check = (ok, message) => {
  if (!ok) problems.push(message);
};

check(fs.existsSync(path.join(root, "public", "services", slug, "index.html")), `no page at /services/${slug}`);
if (problems.length === 0) {
  const page = read(`services/${slug}/index.html`);
  check(new RegExp(`<h1[^>]*>${htmlPattern(title)}</h1>`).test(page), `the added service's page has no h1 '${title}'`);
  check(
    new RegExp(`<title[^>]*>${htmlPattern(title)} \\|`).test(page),
    "the added service's page has no title of its own",
  );
}
for (const file of ["index.html", "about/index.html", "contact/index.html", `services/${slug}/index.html`]) {
  const html = read(file);
  const dropdown = html.match(/<ul id="services-dropdown"[\s\S]*?<\/ul>/)?.[0] ?? "";
  const mobile = html.match(/<div id="mobile-menu"[\s\S]*?<\/div>/)?.[0] ?? "";
  const labelled = new RegExp(`>${htmlPattern(navLabel)}<`).test(dropdown);
  check(dropdown.includes(href) && labelled, `${file}: no dropdown entry`);
  check(mobile.includes(href), `${file}: no mobile-menu entry`);
  const entries = (dropdown.match(/<li/g) ?? []).length;
  check(entries === serviceCount + 1, `${file}: the dropdown has ${entries} entries, expected ${serviceCount + 1}`);
}
const home = read("index.html");
check((home.match(new RegExp(href, "g")) ?? []).length >= 3, "home: no card for the added service");
const overview = read("services/index.html");
check(new RegExp(`<h2[^>]*id="group-${slug}"[^>]*>${htmlPattern(title)}</h2>`).test(overview), "/services: no group");
check(overview.includes("Valuation workshops"), "/services: the group's bullets are missing");

const listItems = (html, heading) => {
  const section = html.match(new RegExp(`<section[^>]*aria-labelledby="${heading}"[\\s\\S]*?</section>`))?.[0] ?? "";
  return (section.match(/<li/g) ?? []).length;
};
check(home.includes(`>${STEP.title}<`) && home.includes(`>${STEP.text}<`), "home: the added step is not as typed");
check(
  listItems(home, "process-heading") === steps,
  `home: expected ${steps} steps, found ${listItems(home, "process-heading")}`,
);
const about = read("about/index.html");
// The build made the page's responsive formats of the new portrait, and shows no other.
const portraitName = PORTRAIT.replace(/\.jpg$/, "");
for (const type of ["image/avif", "image/webp"]) {
  const source = about.match(new RegExp(`<source type="${type}" srcSet="([^"]*${portraitName}[^"]*)"`))?.[1] ?? "";
  check(source.split(",").length >= 2, `about: no ${type} sizes of the replaced portrait`);
}
check(!about.includes("founder-portrait"), "about: the old portrait is still shown");
check(about.includes(`>${POINT.title}<`), "about: the added point is missing");
check(
  listItems(about, "why-heading") === points,
  `about: expected ${points} points, found ${listItems(about, "why-heading")}`,
);
const contact = read("contact/index.html");
check(
  new RegExp(`<address[^>]*>[\\s\\S]*${CITY}[\\s\\S]*</address>`).test(contact),
  `contact: the address is not in ${CITY}`,
);

check(fs.existsSync(path.join(root, "public", "admin", "index.html")), "no editor at /admin/");

if (!keep) fs.rmSync(fixture, { recursive: true, force: true });
if (problems.length > 0) {
  console.error(`Fixture site check failed:\n${problems.join("\n")}`);
  process.exit(1);
}
fs.rmSync(FIXTURE_BUILD_DIR, { recursive: true, force: true });
fs.cpSync(path.join(root, "public"), FIXTURE_BUILD_DIR, { recursive: true });
console.log(`Kept a copy of it for the content API's tests in ${path.relative(root, FIXTURE_BUILD_DIR)}/.`);
console.log(
  `Fixture site check passed: the added service has its page, menu entries, home card and group; ${steps} steps, ${points} points, the ${CITY} address and the new portrait's responsive formats are shown.`,
);
