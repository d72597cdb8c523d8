/** The header: the firm's name and the desktop bar with its services dropdown (hover, keyboard, touch). */
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DROPDOWN_CLOSE_DELAY_MS } from "../../src/hooks/use-hover-disclosure";
import {
  desktopNav,
  disclosureButton,
  dropdown,
  expectDropdownOpen,
  expectMobileOpen,
  firmName,
  hoverIn,
  hoverOut,
  menuToggle,
  navLabels,
  openWithKeyboard,
  renderHeader,
  serviceLabels,
  services,
  servicesItem,
  tap,
  wait,
} from "../helpers/header";

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe("header", () => {
  test("the logo links home, named by the firm's name it shows", () => {
    renderHeader("/about");
    const logo = screen.getByRole("link", { name: firmName });
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
