/**
 * The service the fixture build and the tests add to data/ (__tests__/fixtures/valuation-training.yaml), under a slug,
 * file name and menu label no service in data/ has and with the next free order, so that any valid content keeps the
 * suite green: an editor may well have added a "valuation-training" of their own.
 */
import fs from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import { sameLabel } from "../../src/content/rules";

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
}

/** The service to add to `dataDir` (default: the project's data/), for the project at `root`. */
export function fixtureService(root: string, dataDir = path.join(root, "data")): FixtureService {
  const source = path.join(root, "__tests__", "fixtures", "valuation-training.yaml");
  const dir = path.join(dataDir, "services");
  const files = fs.readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
  const services = files.map((name) => parseDocument(fs.readFileSync(path.join(dir, name), "utf8")));
  const taken = new Set([
    ...services.map((doc) => String(doc.get("slug"))),
    ...files.map((name) => name.replace(/\.ya?ml$/, "")),
  ]);
  const doc = parseDocument(fs.readFileSync(source, "utf8"));
  const base = String(doc.get("slug"));
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  const order = Math.max(...services.map((service) => Number(service.get("order")))) + 1;
  const labels = new Set(services.map((service) => sameLabel(String(service.get("navLabel")))));
  const baseLabel = String(doc.get("navLabel"));
  let navLabel = baseLabel;
  for (let n = 2; labels.has(sameLabel(navLabel)); n += 1) navLabel = `${baseLabel} ${n}`;
  doc.set("slug", slug);
  doc.set("order", order);
  doc.set("navLabel", navLabel);
  return { slug, order, navLabel, file: `services/${slug}.yaml`, yaml: doc.toString(), source };
}
