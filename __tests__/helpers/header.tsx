/** Rendering the header with the content fixtures, and finding its parts the way a visitor or assistive technology does. */
import React from "react";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { Header, MOBILE_MENU_ID, type HeaderProps } from "../../src/components/header";
import { buildNav } from "../../src/lib/nav";
import fixtures from "../helpers/fixtures.json";

export const { firmName, headerLabels: labels, navLabels, services } = fixtures;
export const serviceLabels = services.map((s) => s.navLabel);

export function renderHeader(pathname = "/", overrides: Partial<HeaderProps> = {}) {
  const props: HeaderProps = { firmName, nav: buildNav(navLabels, services), labels, pathname, ...overrides };
  const view = render(
    <div>
      <Header {...props} />
      <main>
        <button type="button">Outside the header</button>
      </main>
    </div>,
  );
  return {
    ...view,
    rerenderAt: (next: string) =>
      view.rerender(
        <div>
          <Header {...props} pathname={next} />
          <main>
            <button type="button">Outside the header</button>
          </main>
        </div>,
      ),
  };
}

// --- The desktop bar -------------------------------------------------------------------------------------------------

export function disclosureButton() {
  return screen.getByRole("button", { name: labels.servicesToggle });
}
export function desktopNav() {
  const nav = disclosureButton().closest("nav");
  if (!nav) throw new Error("the services button is not inside a nav");
  return nav;
}
/** The <li> of the desktop Services item: hover target of the dropdown. */
export function servicesItem() {
  const item = within(desktopNav()).getByRole("link", { name: navLabels.services }).closest("li");
  if (!item) throw new Error("the Services link is not in a list item");
  return item;
}
/** The dropdown list, found the way assistive technology does: through the button's aria-controls. */
export function dropdown() {
  const id = disclosureButton().getAttribute("aria-controls");
  const list = id ? document.getElementById(id) : null;
  if (!list) throw new Error(`aria-controls=${String(id)} names no element`);
  return list;
}
export function expectDropdownOpen(open: boolean) {
  expect(disclosureButton()).toHaveAttribute("aria-expanded", String(open));
  if (open) expect(servicesItem()).toHaveAttribute("data-open");
  else expect(servicesItem()).not.toHaveAttribute("data-open");
}
export const hoverIn = (pointerType = "mouse") => fireEvent.pointerEnter(servicesItem(), { pointerType });
export const hoverOut = (pointerType = "mouse") => fireEvent.pointerLeave(servicesItem(), { pointerType });
/** Opens the dropdown from the keyboard: focus the disclosure button and press Enter. */
export async function openWithKeyboard(user: ReturnType<typeof userEvent.setup>) {
  act(() => disclosureButton().focus());
  await user.keyboard("{Enter}");
  expectDropdownOpen(true);
}
/** A finger tap: touch pointer events (no hover), then the click. */
export async function tap(user: ReturnType<typeof userEvent.setup>, target: Element) {
  await user.pointer([{ keys: "[TouchA]", target }]);
}
export const wait = (ms: number) =>
  act(() => {
    jest.advanceTimersByTime(ms);
  });

// --- The mobile menu -------------------------------------------------------------------------------------------------

/** The mobile menu's toggle: the button that controls the menu. (Which of its two labels shows is CSS's job.) */
export function menuToggle() {
  const toggle = screen
    .getAllByRole("button")
    .find((button) => button.getAttribute("aria-controls") === MOBILE_MENU_ID);
  if (!toggle) throw new Error(`no button controls #${MOBILE_MENU_ID}`);
  return toggle;
}
export function mobileMenu() {
  const id = menuToggle().getAttribute("aria-controls");
  const menu = id ? document.getElementById(id) : null;
  if (!menu) throw new Error(`aria-controls=${String(id)} names no element`);
  return menu;
}
export function mobileNav() {
  const nav = mobileMenu().closest("nav");
  if (!nav) throw new Error("the mobile menu is not inside a nav");
  return nav;
}
export function expectMobileOpen(open: boolean) {
  expect(menuToggle()).toHaveAttribute("aria-expanded", String(open));
  if (open) expect(mobileMenu()).toHaveAttribute("data-open");
  else expect(mobileMenu()).not.toHaveAttribute("data-open");
}
export const linkNames = (container: HTMLElement) =>
  within(container)
    .getAllByRole("link")
    .map((link) => link.textContent);
