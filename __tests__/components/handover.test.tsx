/**
 * The handover: React hydrating the prebuilt header and footer while the visitor is already using them. Nothing the
 * visitor opened closes, focus stays, and hydration finds no mismatch (React would log it as an error).
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import React from "react";
import { act } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { hydrateRoot, type Root } from "react-dom/client";
import { Footer } from "../../src/components/footer";
import { FOOTER_YEAR_SCRIPT } from "../../src/lib/footer-year";
import { Header, DROPDOWN_ID } from "../../src/components/header";
import { buildNav } from "../../src/lib/nav";
import fixtures from "../helpers/fixtures.json";

const { firmName, footer, headerLabels, navLabels, services } = fixtures;

let root: Root | undefined;
let container: HTMLElement;
let consoleError: jest.SpyInstance;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  consoleError?.mockRestore();
  jest.useRealTimers();
});

/** Puts the prebuilt HTML in the page, lets `before` act on it (the visitor, inline scripts), then hydrates. */
function hydrate(element: React.ReactElement, before: () => void = () => undefined) {
  // With jsdom's window present the server renderer warns about layout effects (Gatsby's, without one, does not).
  const quiet = jest.spyOn(console, "error").mockImplementation(() => undefined);
  container.innerHTML = renderToString(element);
  quiet.mockRestore();
  consoleError = jest.spyOn(console, "error");
  before();
  act(() => {
    root = hydrateRoot(container, element);
  });
  expect(consoleError).not.toHaveBeenCalled();
}

const header = <Header firmName={firmName} nav={buildNav(navLabels, services)} labels={headerLabels} pathname="/" />;
const dropdownButton = () => container.querySelector<HTMLButtonElement>(`button[aria-controls="${DROPDOWN_ID}"]`);

test("a dropdown the keyboard opened before the runtime (CSS :focus-within) stays open, aria-expanded, focus kept", () => {
  hydrate(header, () => dropdownButton()?.focus());
  expect(container.querySelector("header")).toHaveAttribute("data-enhanced");
  expect(dropdownButton()).toHaveAttribute("aria-expanded", "true");
  expect(document.getElementById(DROPDOWN_ID)?.parentElement).toHaveAttribute("data-open");
  expect(dropdownButton()).toHaveFocus();
});

test("a dropdown nobody opened is closed and says so once React runs", () => {
  hydrate(header);
  expect(container.querySelector("header")).toHaveAttribute("data-enhanced");
  expect(dropdownButton()).toHaveAttribute("aria-expanded", "false");
  expect(document.getElementById(DROPDOWN_ID)?.parentElement).not.toHaveAttribute("data-open");
});

test("the year the inline script wrote survives hydration without a mismatch", () => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date("2031-03-04"));
  const element = <Footer firmName={firmName} buildYear={2026} {...footer} />;
  hydrate(element, () => new Function(FOOTER_YEAR_SCRIPT)());
  expect(container.querySelector("footer")).toHaveTextContent(`© 2031 ${firmName}`);
});
