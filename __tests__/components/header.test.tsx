import React from "react";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Header, MOBILE_MENU_ID, type HeaderProps } from "../../src/components/header";
import { DROPDOWN_CLOSE_DELAY_MS } from "../../src/hooks/use-hover-disclosure";
import { buildNav } from "../../src/lib/nav";
import fixtures from "../helpers/fixtures.json";

const { firmName, headerLabels: labels, navLabels, services } = fixtures;
const serviceLabels = services.map((s) => s.navLabel);

function renderHeader(pathname = "/", overrides: Partial<HeaderProps> = {}) {
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

function disclosureButton() {
  return screen.getByRole("button", { name: labels.servicesToggle });
}
function desktopNav() {
  const nav = disclosureButton().closest("nav");
  if (!nav) throw new Error("the services button is not inside a nav");
  return nav;
}
/** The <li> of the desktop Services item: hover target of the dropdown. */
function servicesItem() {
  const item = within(desktopNav()).getByRole("link", { name: navLabels.services }).closest("li");
  if (!item) throw new Error("the Services link is not in a list item");
  return item;
}
/** The dropdown list, found the way assistive technology does: through the button's aria-controls. */
function dropdown() {
  const id = disclosureButton().getAttribute("aria-controls");
  const list = id ? document.getElementById(id) : null;
  if (!list) throw new Error(`aria-controls=${String(id)} names no element`);
  return list;
}
function expectDropdownOpen(open: boolean) {
  expect(disclosureButton()).toHaveAttribute("aria-expanded", String(open));
  if (open) expect(servicesItem()).toHaveAttribute("data-open");
  else expect(servicesItem()).not.toHaveAttribute("data-open");
}
const hoverIn = (pointerType = "mouse") => fireEvent.pointerEnter(servicesItem(), { pointerType });
const hoverOut = (pointerType = "mouse") => fireEvent.pointerLeave(servicesItem(), { pointerType });
/** Opens the dropdown from the keyboard: focus the disclosure button and press Enter. */
async function openWithKeyboard(user: ReturnType<typeof userEvent.setup>) {
  act(() => disclosureButton().focus());
  await user.keyboard("{Enter}");
  expectDropdownOpen(true);
}
/** A finger tap: touch pointer events (no hover), then the click. */
async function tap(user: ReturnType<typeof userEvent.setup>, target: Element) {
  await user.pointer([{ keys: "[TouchA]", target }]);
}
const wait = (ms: number) =>
  act(() => {
    jest.advanceTimersByTime(ms);
  });

// --- The mobile menu -------------------------------------------------------------------------------------------------

/** The mobile menu's toggle: the button that controls the menu. (Which of its two labels shows is CSS's job.) */
function menuToggle() {
  const toggle = screen
    .getAllByRole("button")
    .find((button) => button.getAttribute("aria-controls") === MOBILE_MENU_ID);
  if (!toggle) throw new Error(`no button controls #${MOBILE_MENU_ID}`);
  return toggle;
}
function mobileMenu() {
  const id = menuToggle().getAttribute("aria-controls");
  const menu = id ? document.getElementById(id) : null;
  if (!menu) throw new Error(`aria-controls=${String(id)} names no element`);
  return menu;
}
function mobileNav() {
  const nav = mobileMenu().closest("nav");
  if (!nav) throw new Error("the mobile menu is not inside a nav");
  return nav;
}
function expectMobileOpen(open: boolean) {
  expect(menuToggle()).toHaveAttribute("aria-expanded", String(open));
  if (open) expect(mobileMenu()).toHaveAttribute("data-open");
  else expect(mobileMenu()).not.toHaveAttribute("data-open");
}
const linkNames = (container: HTMLElement) =>
  within(container)
    .getAllByRole("link")
    .map((link) => link.textContent);

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe("header", () => {
  test("the logo links home with the firm's name and an accessible name", () => {
    renderHeader("/about");
    const logo = screen.getByRole("link", { name: labels.homeLabel });
    expect(logo).toHaveAttribute("href", "/");
    expect(logo).toHaveTextContent(firmName);
    expect(screen.getByRole("banner")).toContainElement(logo);
  });

  test("a page change closes both menus", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { rerenderAt } = renderHeader("/");
    await user.click(menuToggle());
    hoverIn();
    expectDropdownOpen(true);
    expectMobileOpen(true);
    rerenderAt("/about");
    expectDropdownOpen(false);
    expectMobileOpen(false);
  });
});

describe("desktop services dropdown", () => {
  test("the close delay is the spec's 200 ms", () => {
    expect(DROPDOWN_CLOSE_DELAY_MS).toBe(200);
  });

  test("is closed at first", () => {
    renderHeader();
    expectDropdownOpen(false);
  });

  test("hovering the Services item with a mouse opens it, listing the five services in order", () => {
    renderHeader();
    hoverIn();
    expectDropdownOpen(true);
    const links = within(dropdown()).getAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual(serviceLabels);
    expect(links.map((a) => a.getAttribute("href"))).toEqual(services.map((s) => s.path));
  });

  test("closes DROPDOWN_CLOSE_DELAY_MS after the pointer leaves, not before", () => {
    renderHeader();
    hoverIn();
    hoverOut();
    expectDropdownOpen(true);
    wait(DROPDOWN_CLOSE_DELAY_MS - 1);
    expectDropdownOpen(true);
    wait(1);
    expectDropdownOpen(false);
  });

  test("coming back within the delay cancels the close", () => {
    renderHeader();
    hoverIn();
    hoverOut();
    wait(DROPDOWN_CLOSE_DELAY_MS - 50);
    hoverIn();
    wait(DROPDOWN_CLOSE_DELAY_MS * 5);
    expectDropdownOpen(true);
    // Leaving again starts a fresh full delay.
    hoverOut();
    wait(DROPDOWN_CLOSE_DELAY_MS - 1);
    expectDropdownOpen(true);
    wait(1);
    expectDropdownOpen(false);
  });

  test.each(["touch", "pen"])("a %s pointer entering does not open it", (pointerType) => {
    renderHeader();
    hoverIn(pointerType);
    expectDropdownOpen(false);
  });

  test("a touch pointer leaving does not close a dropdown opened with the button", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderHeader();
    await tap(user, disclosureButton());
    expectDropdownOpen(true);
    hoverOut("touch");
    wait(DROPDOWN_CLOSE_DELAY_MS * 5);
    expectDropdownOpen(true);
  });

  test("the disclosure button controls the dropdown list", () => {
    renderHeader();
    const button = disclosureButton();
    expect(button).toHaveAttribute("type", "button");
    expect(button).toHaveAttribute("aria-controls", dropdown().id);
    expect(dropdown().tagName).toBe("UL");
    expect(within(dropdown()).getAllByRole("link")).toHaveLength(5);
    expect(servicesItem()).toContainElement(dropdown());
  });

  test("the disclosure button toggles it from the keyboard (Enter and Space)", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderHeader();
    await openWithKeyboard(user);
    await user.keyboard("{Enter}");
    expectDropdownOpen(false);
    await user.keyboard(" ");
    expectDropdownOpen(true);
    await user.keyboard(" ");
    expectDropdownOpen(false);
  });

  test("a tap on the disclosure button toggles it", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderHeader();
    await tap(user, disclosureButton());
    expectDropdownOpen(true);
    await tap(user, disclosureButton());
    expectDropdownOpen(false);
  });

  // A mouse reaches the button only through the Services item, whose hover has already opened the dropdown: the click
  // must not then shut it under the pointer.
  test("a mouse click on the disclosure button leaves the dropdown open", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderHeader();
    await user.click(disclosureButton());
    expectDropdownOpen(true);
    wait(DROPDOWN_CLOSE_DELAY_MS * 5);
    expectDropdownOpen(true);
    // A second click closes it.
    await user.click(disclosureButton());
    expectDropdownOpen(false);
  });

  test("Escape closes it and returns focus to the button when focus was inside", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderHeader();
    await openWithKeyboard(user);
    await user.tab();
    expect(within(dropdown()).getAllByRole("link")[0]).toHaveFocus();
    await user.keyboard("{Escape}");
    expectDropdownOpen(false);
    expect(disclosureButton()).toHaveFocus();
  });

  test("Escape closes a hover-opened dropdown without moving focus that was elsewhere", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderHeader();
    const outside = screen.getByRole("button", { name: "Outside the header" });
    act(() => outside.focus());
    hoverIn();
    await user.keyboard("{Escape}");
    expectDropdownOpen(false);
    expect(outside).toHaveFocus();
  });

  test("a pointerdown outside the header closes it and the mobile menu; one inside does not", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderHeader();
    await user.click(menuToggle());
    hoverIn();
    fireEvent.pointerDown(within(dropdown()).getAllByRole("link")[2]);
    expectDropdownOpen(true);
    expectMobileOpen(true);
    fireEvent.pointerDown(screen.getByRole("button", { name: "Outside the header" }));
    expectDropdownOpen(false);
    expectMobileOpen(false);
  });

  test("clicking a service link closes it", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderHeader();
    hoverIn();
    await user.click(within(dropdown()).getByRole("link", { name: serviceLabels[3] }));
    expectDropdownOpen(false);
  });

  test("clicking another desktop link closes it too", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderHeader();
    await openWithKeyboard(user);
    await user.click(within(desktopNav()).getByRole("link", { name: navLabels.contact }));
    expectDropdownOpen(false);
  });

  test("after opening with the button, Tab reaches all five service links in order; tabbing past closes it", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderHeader();
    await openWithKeyboard(user);
    for (const label of serviceLabels) {
      await user.tab();
      expect(document.activeElement).toHaveTextContent(label);
      expect(dropdown()).toContainElement(document.activeElement as HTMLElement);
      expectDropdownOpen(true);
    }
    await user.tab();
    expect(within(desktopNav()).getByRole("link", { name: navLabels.contact })).toHaveFocus();
    expectDropdownOpen(false);
  });
});

describe("mobile menu", () => {
  test("the toggle is a button that controls the menu, also natively as its popover target", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderHeader();
    const toggle = menuToggle();
    expect(toggle).toHaveAttribute("type", "button");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveAttribute("popovertarget", mobileMenu().id);
    expect(mobileMenu()).toHaveAttribute("popover", "auto");
    // Both labels are in the button; CSS shows the one for the menu's state (checked in the browser tests).
    expect(toggle).toHaveTextContent(labels.menuOpen);
    expect(toggle).toHaveTextContent(labels.menuClose);
    expect(mobileMenu()).toContainElement(within(mobileMenu()).getAllByRole("list")[0]);

    // jsdom has no popovers: here the script opens the menu, as in a browser without them.
    await user.click(toggle);
    expectMobileOpen(true);
    await user.click(toggle);
    expectMobileOpen(false);
  });

  test("its panel ends the header: the menus are shown once it is parsed (header.module.css)", () => {
    renderHeader();
    const header = document.querySelector("header")!;
    const panel = mobileMenu();
    expect(panel).toHaveAttribute("popover");
    const after = [...header.querySelectorAll("*")].filter(
      (element) =>
        !panel.contains(element) && panel.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(after).toEqual([]);
  });

  test("lists About, Services, the five services nested under Services, then Contact", () => {
    renderHeader();
    const menu = mobileMenu();
    expect(linkNames(menu)).toEqual([navLabels.about, navLabels.services, ...serviceLabels, navLabels.contact]);

    const topList = within(menu).getAllByRole("list")[0];
    const topItems = within(topList)
      .getAllByRole("listitem")
      .filter((li) => li.parentElement === topList);
    expect(topItems).toHaveLength(3);
    const servicesLi = topItems[1];
    expect(within(servicesLi).getAllByRole("link")[0]).toHaveTextContent(navLabels.services);
    const nested = within(servicesLi).getByRole("list");
    expect(linkNames(nested)).toEqual(serviceLabels);
    expect(
      within(nested)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(services.map((s) => s.path));
  });

  test("Escape closes it and puts focus back on the toggle", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderHeader();
    await user.click(menuToggle());
    const about = within(mobileMenu()).getByRole("link", { name: navLabels.about });
    act(() => about.focus());
    await user.keyboard("{Escape}");
    expectMobileOpen(false);
    expect(menuToggle()).toHaveFocus();
  });

  test("selecting a link closes it", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderHeader();
    await user.click(menuToggle());
    await user.click(within(mobileMenu()).getByRole("link", { name: serviceLabels[1] }));
    expectMobileOpen(false);
  });

  test("a pointerdown outside the header closes it; one inside the menu does not", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderHeader();
    await user.click(menuToggle());
    fireEvent.pointerDown(mobileMenu());
    expectMobileOpen(true);
    fireEvent.pointerDown(document.body);
    expectMobileOpen(false);
  });
});

describe("active link", () => {
  const desktopLink = (name: string) => within(desktopNav()).getByRole("link", { name });
  const mobileLink = (name: string) => within(mobileNav()).getByRole("link", { name });

  test.each([
    ["desktop", desktopLink],
    ["mobile", mobileLink],
  ])("%s: on a service page, Services is current (true) and the service is the page", (_nav, link) => {
    renderHeader("/services/business-valuation");
    expect(link(navLabels.services)).toHaveAttribute("aria-current", "true");
    expect(link(serviceLabels[0])).toHaveAttribute("aria-current", "page");
    for (const other of [navLabels.about, navLabels.contact, ...serviceLabels.slice(1)]) {
      expect(link(other)).not.toHaveAttribute("aria-current");
    }
  });

  test.each([
    ["desktop", desktopLink],
    ["mobile", mobileLink],
  ])("%s: on /services, Services is the page", (_nav, link) => {
    renderHeader("/services");
    expect(link(navLabels.services)).toHaveAttribute("aria-current", "page");
    for (const label of serviceLabels) expect(link(label)).not.toHaveAttribute("aria-current");
  });

  test.each([
    ["desktop", "/about", desktopLink],
    ["mobile", "/about", mobileLink],
    ["desktop", "/about/", desktopLink],
    ["mobile", "/about/", mobileLink],
  ])("%s: on %s, About is the page and nothing else is current", (_nav, pathname, link) => {
    renderHeader(pathname);
    expect(link(navLabels.about)).toHaveAttribute("aria-current", "page");
    for (const other of [navLabels.services, navLabels.contact, ...serviceLabels]) {
      expect(link(other)).not.toHaveAttribute("aria-current");
    }
    expect(screen.getByRole("link", { name: labels.homeLabel })).not.toHaveAttribute("aria-current");
  });

  test("on a path that only starts like /services, Services is not current", () => {
    renderHeader("/servicesfoo");
    expect(desktopLink(navLabels.services)).not.toHaveAttribute("aria-current");
    expect(mobileLink(navLabels.services)).not.toHaveAttribute("aria-current");
  });

  test("on the home page, the logo is the current page and no menu link is", () => {
    renderHeader("/");
    expect(screen.getByRole("link", { name: labels.homeLabel })).toHaveAttribute("aria-current", "page");
    for (const nav of [desktopNav(), mobileNav()]) {
      for (const link of within(nav).getAllByRole("link")) expect(link).not.toHaveAttribute("aria-current");
    }
  });
});
