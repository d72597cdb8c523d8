/**
 * The HTML Gatsby prebuilds (server rendering, before any script runs).
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Footer } from "../../src/components/footer";
import { Header } from "../../src/components/header";
import { buildNav } from "../../src/lib/nav";
import fixtures from "../helpers/fixtures.json";

const { firmName, footer, headerLabels, navLabels, services } = fixtures;

/** Parses prebuilt markup into a detached document to query it. */
function parse(html: string): Document {
  return new DOMParser().parseFromString(html, "text/html");
}

afterEach(() => {
  jest.useRealTimers();
});

test("the prebuilt footer shows the build year, so the browser's first render matches it", () => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date("2031-03-04"));
  const doc = parse(renderToStaticMarkup(<Footer firmName={firmName} buildYear={2026} {...footer} />));
  expect(doc.body.textContent).toContain(`© 2026 ${firmName}`);
});

test("without JavaScript the menu toggle is a link to the menu (#mobile-menu), so the menu still opens", () => {
  const doc = parse(
    renderToStaticMarkup(
      <Header firmName={firmName} nav={buildNav(navLabels, services)} labels={headerLabels} pathname="/" />,
    ),
  );
  const menu = doc.getElementById("mobile-menu");
  expect(menu).not.toBeNull();
  const toggle = Array.from(doc.querySelectorAll("a")).find((a) => a.textContent === headerLabels.menuOpen);
  expect(toggle?.getAttribute("href")).toBe(`#${menu?.id}`);
  // Every page is still reachable from the prebuilt menu.
  const menuLinks = Array.from(menu?.querySelectorAll("a") ?? []).map((a) => a.getAttribute("href"));
  expect(menuLinks).toEqual(["/about/", "/services/", ...services.map((s) => s.path), "/contact/"]);
});
