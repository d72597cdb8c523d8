/** The header's mobile menu, and the active link in every menu. */
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  desktopNav,
  expectMobileOpen,
  firmName,
  labels,
  linkNames,
  menuToggle,
  mobileMenu,
  mobileNav,
  navLabels,
  renderHeader,
  serviceLabels,
  services,
} from "../helpers/header";

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
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
    expect(screen.getByRole("link", { name: firmName })).not.toHaveAttribute("aria-current");
  });

  test("on a path that only starts like /services, Services is not current", () => {
    renderHeader("/servicesfoo");
    expect(desktopLink(navLabels.services)).not.toHaveAttribute("aria-current");
    expect(mobileLink(navLabels.services)).not.toHaveAttribute("aria-current");
  });

  test("on the home page, the logo is the current page and no menu link is", () => {
    renderHeader("/");
    expect(screen.getByRole("link", { name: firmName })).toHaveAttribute("aria-current", "page");
    for (const nav of [desktopNav(), mobileNav()]) {
      for (const link of within(nav).getAllByRole("link")) expect(link).not.toHaveAttribute("aria-current");
    }
  });
});
