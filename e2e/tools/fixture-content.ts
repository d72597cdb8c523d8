/**
 * The fixture build's content, which e2e/tools/fixture-site.mjs builds and the tests check: data/ with the edits an
 * editor might make — one more service (fixtureService), markup-like text in one field of each kind (MARKUP_FIELDS) —
 * and the hosted editor it is built with (FIXTURE_BUILD_ENV), and where a copy of the build is kept.
 */
import fs from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import { readContentFiles, serviceFiles } from "../../src/content/read-content";
import { sameLabel } from "../../src/content/rules";
import { SERVICE_COUNT, SERVICES_DIRECTORY } from "../../src/content/model";

const ROOT = path.resolve(__dirname, "..", "..");

/** Where the fixture build is kept for the content API's tests and the text-is-text tests. */
export const FIXTURE_BUILD_DIR = path.join(ROOT, ".e2e-builds", "fixture-site");
/** The repository the editor of that build saves to (the content API's GitHub stand-in holds it). */
export const FIXTURE_REPO = "harborline-test/site-content";
/**
 * The build variables of that build: the email login's editor, as docs/deploy.md sets it up (the build checks the
 * content API's settings but its secret; the tests' functions get the stand-ins' own).
 */
export const FIXTURE_BUILD_ENV = {
  CMS_BACKEND: "access",
  CMS_REPO: FIXTURE_REPO,
  CMS_BRANCH: "main",
  ACCESS_TEAM_DOMAIN: "https://harborline-test.cloudflareaccess.com",
  ACCESS_AUD: "fixture-build-audience",
  GITHUB_APP_ID: "1",
};

export interface FixtureService {
  slug: string;
  order: number;
  navLabel: string;
  /** Its file, relative to the content directory: services/<slug>.yaml. */
  file: string;
  /** The fixture's YAML with that slug, order and menu label (its comments kept). */
  yaml: string;
  /** The fixture file it comes from. */
  source: string;
  /**
   * Where `dataDir` already has the most services the site lays out: the file of its last service (services/x.yaml),
   * which the new one replaces to make room.
   */
  replaces?: string;
}

/**
 * The service to add to `dataDir` (default: the project's data/): e2e/tools/fixtures/valuation-training.yaml under a
 * slug, file name and menu label no service there has, with the next free order, so that any valid content keeps the
 * suite green (an editor may well have added a "valuation-training" of their own). Where the services are at their
 * limit, the last one makes room (`replaces`).
 */
export function fixtureService(dataDir = path.join(ROOT, "data")): FixtureService {
  const source = path.join(__dirname, "fixtures", "valuation-training.yaml");
  const { services } = readContentFiles(dataDir);
  const taken = new Set([
    ...services.map((service) => String(service.slug)),
    ...serviceFiles(dataDir).map((file) => path.basename(file).replace(/\.ya?ml$/, "")),
  ]);
  const doc = parseDocument(fs.readFileSync(source, "utf8"));
  const base = String(doc.get("slug"));
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  const order = Math.max(...services.map((service) => Number(service.order))) + 1;
  const labels = new Set(services.map((service) => sameLabel(String(service.navLabel))));
  const baseLabel = String(doc.get("navLabel"));
  let navLabel = baseLabel;
  for (let n = 2; labels.has(sameLabel(navLabel)); n += 1) navLabel = `${baseLabel} ${n}`;
  doc.set("slug", slug);
  doc.set("order", order);
  doc.set("navLabel", navLabel);
  const full = services.length >= SERVICE_COUNT.max;
  const last = serviceFiles(dataDir).find(
    (file) => parseDocument(fs.readFileSync(path.join(dataDir, file), "utf8")).get("order") === order - 1,
  );
  const file = `${SERVICES_DIRECTORY}/${slug}.yaml`;
  return { slug, order, navLabel, file, yaml: doc.toString(), source, ...(full ? { replaces: last } : {}) };
}

/** The service the fixture build adds (its slug is one no service in data/ has). */
export const FIXTURE_SERVICE = fixtureService();

/**
 * Text an editor might type that looks like markup: it must appear on the page exactly as typed, and never run. It
 * sets a global and the title, so a test can tell if it ever ran.
 */
export const MARKUP_TEXT = `</script><script>document.title='pwned';window.pwned=1</script><!-- "quoted" & <b>bold</b>`;
/**
 * The fields the fixture build appends MARKUP_TEXT to (after a space): one of each kind of text, in the firm's file,
 * a service's and the pages' — in headings, paragraphs, list items, link text, attributes (alt, placeholder,
 * aria-label), the head (title, description) and the JSON-LD. Paths are in data/, keys as in the YAML.
 */
export const MARKUP_FIELDS: { file: string; keys: (string | number)[] }[] = [
  { file: "firm.yaml", keys: ["name"] },
  { file: "firm.yaml", keys: ["description"] },
  { file: "firm.yaml", keys: ["areaServed"] },
  { file: "firm.yaml", keys: ["founder", "title"] },
  { file: "firm.yaml", keys: ["founder", "portraitAlt"] },
  { file: "firm.yaml", keys: ["credential", "name"] },
  { file: FIXTURE_SERVICE.file, keys: ["title"] },
  { file: FIXTURE_SERVICE.file, keys: ["description"] },
  { file: FIXTURE_SERVICE.file, keys: ["lead"] },
  { file: FIXTURE_SERVICE.file, keys: ["audience", "items", 0] },
  { file: "home.yaml", keys: ["hero", "headline"] },
  { file: "home.yaml", keys: ["process", "steps", 0, "text"] },
  { file: "layout.yaml", keys: ["footer", "rights"] },
  { file: "contact.yaml", keys: ["form", "fields", "message", "placeholder"] },
  { file: "contact.yaml", keys: ["details", "hours"] },
  { file: "not-found.yaml", keys: ["heading"] },
];
