/**
 * Adding a service is adding one file to data/services/: it validates, and the menus pick it up.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import fs from "fs";
import path from "path";
import React from "react";
import { render, screen, within } from "@testing-library/react";
import { Header } from "../../src/components/header";
import { validateContentDirectory } from "../../src/content/validate";
import { buildNav } from "../../src/lib/nav";
import { FIXTURES_DIR, copyRealData, loadServices, type ContentCopy } from "../helpers/content.cjs";
import fixtures from "../helpers/fixtures.json";

const SIXTH = fs.readFileSync(path.join(FIXTURES_DIR, "valuation-training.yaml"), "utf8");

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

test("a sixth service file validates cleanly", () => {
  const { errors, content } = validateContentDirectory(copy.dataDir, copy.root);
  expect(errors).toEqual([]);
  expect(content.services).toHaveLength(6);
});

test("the same file with a slug or order already taken is refused", () => {
  copy.write(
    "data/services/valuation-training.yaml",
    SIXTH.replace("slug: valuation-training", "slug: other").replace("order: 6", "order: 5"),
  );
  const paths = validateContentDirectory(copy.dataDir, copy.root)
    .errors.filter((e) => e.file === "data/services/valuation-training.yaml")
    .map((e) => e.path);
  expect(paths.sort()).toEqual(["order", "slug"]);
});

test("buildNav gives Services six children, the sixth last (order 6)", () => {
  const children = navFromCopy()[1].children;
  expect(children).toHaveLength(6);
  expect(children[5]).toEqual({ label: "Valuation Training", to: "/services/valuation-training" });
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
    expect(sixth).toHaveAttribute("href", "/services/valuation-training");
  }
  expect(within(dropdown).getAllByRole("link")).toHaveLength(6);
  // Mobile: About, Services, six services, Contact.
  expect(within(menu).getAllByRole("link")).toHaveLength(9);
});
