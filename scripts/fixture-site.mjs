// Builds a fixture site whose content is data/ plus a sixth service (__tests__/fixtures/valuation-training.yaml),
// with no code change, and checks the built HTML: the service's page, its dropdown and mobile-menu entries on every
// page, its card on the home page and its group on /services. Leaves public/ to the next build.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const fixture = fs.mkdtempSync(path.join(os.tmpdir(), "fixture-content-"));
fs.cpSync(path.join(root, "data"), fixture, { recursive: true });
fs.copyFileSync(
  path.join(root, "__tests__", "fixtures", "valuation-training.yaml"),
  path.join(fixture, "services", "valuation-training.yaml"),
);
// The fixture's schema references resolve as in data/; point its images at the same files.
console.log(`Building a fixture site with a sixth service from ${fixture} ...`);
execFileSync(path.join(root, "node_modules", ".bin", "gatsby"), ["build"], {
  cwd: root,
  env: { ...process.env, CONTENT_DIR: fixture, GATSBY_TELEMETRY_DISABLED: "1" },
  stdio: ["ignore", "ignore", "inherit"],
});

const read = (p) => fs.readFileSync(path.join(root, "public", p), "utf8");
const slug = "valuation-training";
const href = `href="/services/${slug}/"`;
const problems = [];
const check = (ok, message) => {
  if (!ok) problems.push(message);
};

check(fs.existsSync(path.join(root, "public", "services", slug, "index.html")), `no page at /services/${slug}`);
if (problems.length === 0) {
  const page = read(`services/${slug}/index.html`);
  check(/<h1[^>]*>Valuation Training<\/h1>/.test(page), "the sixth service's page has no h1 'Valuation Training'");
  check(/<title[^>]*>Valuation Training \|/.test(page), "the sixth service's page has no title of its own");
}
for (const file of ["index.html", "about/index.html", "contact/index.html", `services/${slug}/index.html`]) {
  const html = read(file);
  const dropdown = html.match(/<ul id="services-dropdown"[\s\S]*?<\/ul>/)?.[0] ?? "";
  const mobile = html.match(/<div id="mobile-menu"[\s\S]*?<\/div>/)?.[0] ?? "";
  check(dropdown.includes(href) && dropdown.includes(">Valuation Training<"), `${file}: no dropdown entry`);
  check(mobile.includes(href), `${file}: no mobile-menu entry`);
  const entries = (dropdown.match(/<li/g) ?? []).length;
  check(entries === 6, `${file}: the dropdown has ${entries} entries, expected 6`);
}
const home = read("index.html");
check((home.match(new RegExp(href, "g")) ?? []).length >= 3, "home: no card for the sixth service");
const overview = read("services/index.html");
check(/<h2[^>]*id="group-valuation-training"[^>]*>Valuation Training<\/h2>/.test(overview), "/services: no group");
check(overview.includes("Valuation workshops"), "/services: the group's bullets are missing");

fs.rmSync(fixture, { recursive: true, force: true });
if (problems.length > 0) {
  console.error(`Fixture site check failed:\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("Fixture site check passed: a sixth service YAML file gave its page, menu entries, home card and group.");
