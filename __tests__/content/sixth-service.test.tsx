/**
 * Adding a service is adding one file to data/services/: it validates, and the menus pick it up. The new service
 * (__tests__/fixtures/valuation-training.yaml) is placed after whatever services data/ has.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import fs from "fs";
import path from "path";
import React from "react";
import { render, screen, within } from "@testing-library/react";
import { Header } from "../../src/components/header";
import { validateContentDirectory } from "../../src/content/validate";
import { buildNav } from "../../src/lib/nav";
import { servicePath } from "../../src/lib/paths";
import { DATA_DIR, FIXTURES_DIR, copyRealData, loadServices, type ContentCopy } from "../helpers/content.cjs";
import fixtures from "../helpers/fixtures.json";

const REAL = loadServices(DATA_DIR);
const LAST_ORDER = Math.max(...REAL.map((s) => s.order));
const SIXTH = fs
  .readFileSync(path.join(FIXTURES_DIR, "valuation-training.yaml"), "utf8")
  .replace(/^order: .*$/m, `order: ${LAST_ORDER + 1}`);
const SLUG = "valuation-training";
/** How many services the copy has with the new one (data/ may already hold a file of that name). */
const COUNT = REAL.filter((s) => s.slug !== SLUG).length + 1;

let copy: ContentCopy;
beforeEach(() => {
  copy = copyRealData();
  copy.write("data/services/valuation-training.yaml", SIXTH);
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
  copy.write(
    "data/services/valuation-training.yaml",
    SIXTH.replace(`slug: ${SLUG}`, `slug: ${REAL[0].slug}`).replace(/^order: .*$/m, `order: ${REAL[0].order}`),
  );
  const paths = validateContentDirectory(copy.dataDir, copy.root)
    .errors.filter((e) => e.file === "data/services/valuation-training.yaml")
    .map((e) => e.path);
  expect(paths.sort()).toEqual(["order", "slug"]);
});

test("buildNav gives Services one child more, the new one last (highest order)", () => {
  const children = navFromCopy()[1].children;
  expect(children).toHaveLength(COUNT);
  expect(children[COUNT - 1]).toEqual({ label: "Valuation Training", to: servicePath(SLUG) });
});

test("the header shows the sixth service in the desktop dropdown and the mobile menu", () => {
  render(<Header firmName={fixtures.firmName} nav={navFromCopy()} labels={fixtures.headerLabels} pathname="/" />);
  const button = screen.getByRole("button", { name: fixtures.headerLabels.servicesToggle });
  const dropdown = document.getElementById(button.getAttribute("aria-controls") ?? "") as HTMLElement;
  // The toggle holds both of its labels; CSS shows one (jsdom applies no CSS).
  const menuToggle = screen.getByRole("button", { name: new RegExp(`^${fixtures.headerLabels.menuOpen}\\b`) });
  const menu = document.getElementById(menuToggle.getAttribute("aria-controls") ?? "") as HTMLElement;

  for (const list of [dropdown, menu]) {
    const sixth = within(list).getByRole("link", { name: "Valuation Training" });
    expect(sixth).toHaveAttribute("href", servicePath(SLUG));
  }
  expect(within(dropdown).getAllByRole("link")).toHaveLength(COUNT);
  // Mobile: About, Services, every service, Contact.
  expect(within(menu).getAllByRole("link")).toHaveLength(COUNT + 3);
});
