/**
 * Adding a service is adding one file to data/services/: it validates, and the menus pick it up. The new service
 * (e2e/tools/fixture-content.ts) comes after whatever services data/ has, under a slug of its own.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import React from "react";
import { render, screen, within } from "@testing-library/react";
import { Header } from "../../src/components/header";
import { validateContentDirectory } from "../../src/content/check";
import { buildNav } from "../../src/lib/nav";
import { servicePath } from "../../src/lib/paths";
import { parseDocument } from "yaml";
import { DATA_DIR, copyRealData, loadServices, type ContentCopy } from "../helpers/content.cjs";
import { fixtureService } from "../../e2e/tools/fixture-content";
import fixtures from "../helpers/fixtures.json";

const REAL = loadServices(DATA_DIR);
const SIXTH = fixtureService();
const SIXTH_FILE = `data/${SIXTH.file}`;
const SIXTH_LABEL = SIXTH.navLabel;
// At the most services the site lays out, the last makes room for it.
const COUNT = REAL.length + (SIXTH.replaces ? 0 : 1);

let copy: ContentCopy;
beforeEach(() => {
  copy = copyRealData();
  copy.write(SIXTH_FILE, SIXTH.yaml);
  if (SIXTH.replaces) copy.remove(`data/${SIXTH.replaces}`);
});
afterEach(() => {
  copy.cleanup();
});

function navFromCopy() {
  const layout = fixtures.navLabels;
  return buildNav(layout, loadServices(copy.dataDir));
}

test("one more service file validates cleanly", () => {
  const { errors, content } = validateContentDirectory(copy.dataDir, copy.root);
  expect(errors).toEqual([]);
  expect(content.services).toHaveLength(COUNT);
});

test("the same file with a slug or order already taken is refused", () => {
  const taken = parseDocument(SIXTH.yaml);
  taken.set("slug", REAL[0].slug);
  taken.set("order", REAL[0].order);
  copy.write(SIXTH_FILE, taken.toString());
  const paths = validateContentDirectory(copy.dataDir, copy.root)
    .errors.filter((e) => e.file === SIXTH_FILE)
    .map((e) => e.path);
  expect(paths.sort()).toEqual(["order", "slug"]);
});

test("buildNav gives Services one child more, the new one last (highest order)", () => {
  const children = navFromCopy()[1].children;
  expect(children).toHaveLength(COUNT);
  expect(children[COUNT - 1]).toEqual({ label: SIXTH_LABEL, to: servicePath(SIXTH.slug) });
});

test("the header shows the sixth service in the desktop dropdown and the mobile menu", () => {
  render(<Header firmName={fixtures.firmName} nav={navFromCopy()} labels={fixtures.headerLabels} pathname="/" />);
  const button = screen.getByRole("button", { name: fixtures.headerLabels.servicesToggle });
  const dropdown = document.getElementById(button.getAttribute("aria-controls") ?? "") as HTMLElement;
  // The toggle holds both of its labels; CSS shows one (jsdom applies no CSS).
  const menuToggle = screen.getByRole("button", { name: new RegExp(`^${fixtures.headerLabels.menuOpen}\\b`) });
  const menu = document.getElementById(menuToggle.getAttribute("aria-controls") ?? "") as HTMLElement;

  for (const list of [dropdown, menu]) {
    const links = within(list).getAllByRole("link");
    expect(links.find((link) => link.getAttribute("href") === servicePath(SIXTH.slug))).toHaveTextContent(SIXTH_LABEL);
  }
  expect(within(dropdown).getAllByRole("link")).toHaveLength(COUNT);
  // Mobile: About, Services, every service, Contact.
  expect(within(menu).getAllByRole("link")).toHaveLength(COUNT + 3);
});
