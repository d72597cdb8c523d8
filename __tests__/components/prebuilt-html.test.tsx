/**
 * The HTML Gatsby prebuilds (server rendering, before any script runs).
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Footer } from "../../src/components/footer";
import { FOOTER_YEAR_ID, FOOTER_YEAR_SCRIPT } from "../../src/lib/footer-year";
import { DROPDOWN_CLOSE_DELAY_MS } from "../../src/hooks/use-hover-disclosure";
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

test("the prebuilt footer corrects the year to the visitor's before paint: an inline script right after it", () => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date("2031-03-04"));
  const doc = parse(renderToStaticMarkup(<Footer firmName={firmName} buildYear={2026} {...footer} />));
  const year = doc.getElementById(FOOTER_YEAR_ID);
  const script = year?.parentElement?.nextElementSibling;
  expect(script?.tagName).toBe("SCRIPT");
  expect(script?.textContent).toBe(FOOTER_YEAR_SCRIPT);
  // Run it as the browser would while parsing the page.
  new Function("document", script?.textContent ?? "")(doc);
  expect(doc.body.textContent).toContain(`© 2031 ${firmName}`);
});

function prebuiltHeader(pathname = "/"): Document {
  return parse(
    renderToStaticMarkup(
      <Header firmName={firmName} nav={buildNav(navLabels, services)} labels={headerLabels} pathname={pathname} />,
    ),
  );
}

test("before the runtime the menu toggle opens the menu natively: a popover button, not yet marked as enhanced", () => {
  const doc = prebuiltHeader();
  const menu = doc.getElementById("mobile-menu");
  expect(menu?.getAttribute("popover")).toBe("auto");
  const toggle = doc.querySelector(`button[popovertarget="${menu?.id}"]`);
  expect(toggle?.textContent).toContain(headerLabels.menuOpen);
  expect(doc.querySelector("header")?.hasAttribute("data-enhanced")).toBe(false);
  // Every page is reachable from the prebuilt menu.
  const menuLinks = Array.from(menu?.querySelectorAll("a") ?? []).map((a) => a.getAttribute("href"));
  expect(menuLinks).toEqual(["/about/", "/services/", ...services.map((s) => s.path), "/contact/"]);
});

test("before the runtime no toggle claims a state (aria-expanded) that CSS or the popover may contradict", () => {
  const doc = prebuiltHeader();
  expect(doc.querySelectorAll("[aria-expanded]")).toHaveLength(0);
  // The CSS-only close delay comes from the script's constant.
  const item = doc.getElementById("services-dropdown")?.parentElement;
  expect(item?.getAttribute("style")).toBe(`--dropdown-close-delay:${DROPDOWN_CLOSE_DELAY_MS}ms`);
});
