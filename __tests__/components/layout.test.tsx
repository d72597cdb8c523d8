import React from "react";
import { render, screen, within } from "@testing-library/react";
import { useStaticQuery } from "gatsby";
import { LayoutView, MAIN_ID, type LayoutViewProps } from "../../src/components/layout";
import { SiteLayout } from "../../src/components/site-layout";
import { buildNav } from "../../src/lib/nav";
import fixtures from "../helpers/fixtures.json";

const { firmName, footer, headerLabels, navLabels, services, skipLink, errorScreen } = fixtures;

function layoutProps(pathname: string, children: React.ReactNode): LayoutViewProps {
  return {
    pathname,
    firmName,
    skipLink,
    nav: buildNav(navLabels, services),
    headerLabels,
    footer: { buildYear: 2026, ...footer },
    errorScreen,
    children,
  };
}

function Broken(): React.ReactElement {
  throw new Error("the page's data is missing");
}

describe("LayoutView", () => {
  test("the skip link is the first link and points at the main region's id", () => {
    render(<LayoutView {...layoutProps("/about", <p>Page body</p>)} />);
    const skip = screen.getByRole("link", { name: skipLink });
    expect(screen.getAllByRole("link")[0]).toBe(skip);
    expect(skip).toHaveAttribute("href", `#${MAIN_ID}`);
    const main = screen.getByRole("main");
    expect(main).toHaveAttribute("id", "main-content");
    expect(skip.getAttribute("href")).toBe(`#${main.id}`);
    // Focusable from the skip link without joining the Tab order.
    expect(main).toHaveAttribute("tabindex", "-1");
    expect(within(main).getByText("Page body")).toBeInTheDocument();
  });

  test("header, page and footer are present", () => {
    render(<LayoutView {...layoutProps("/", <p>Page body</p>)} />);
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toHaveTextContent(firmName);
  });

  describe("a page that throws while rendering", () => {
    let consoleError: jest.SpyInstance;
    beforeEach(() => {
      consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined);
    });
    afterEach(() => {
      consoleError.mockRestore();
    });

    test("shows the friendly error screen with a way home instead of a blank page", () => {
      render(<LayoutView {...layoutProps("/about", <Broken />)} />);
      const alert = screen.getByRole("alert");
      expect(within(alert).getByRole("heading", { level: 1, name: errorScreen.title })).toBeInTheDocument();
      expect(within(alert).getByText(errorScreen.body)).toBeInTheDocument();
      expect(within(alert).getByRole("link", { name: errorScreen.homeLink })).toHaveAttribute("href", "/");
      // The error screen is inside the page region; the header and footer still work.
      expect(screen.getByRole("main")).toContainElement(alert);
      expect(screen.getByRole("banner")).toBeInTheDocument();
      expect(screen.getByRole("contentinfo")).toBeInTheDocument();
      // The cause stays visible to developers.
      expect(consoleError).toHaveBeenCalledWith("A page failed to render:", expect.any(Error));
    });

    test("going to another page clears the error screen", () => {
      const { rerender } = render(<LayoutView {...layoutProps("/about", <Broken />)} />);
      expect(screen.getByRole("alert")).toBeInTheDocument();
      rerender(<LayoutView {...layoutProps("/contact", <p>Contact page</p>)} />);
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
      expect(screen.getByText("Contact page")).toBeInTheDocument();
    });
  });
});

describe("SiteLayout (fed by the layout's static query)", () => {
  const data: Queries.LayoutDataQuery = {
    site: { buildTime: "2026" },
    layoutYaml: {
      skipLink,
      nav: { ...navLabels, ...headerLabels },
      footer: { rights: footer.rights, linksLabel: footer.linksLabel, newTab: footer.newTabNote },
      errorScreen,
    },
    firmYaml: { name: firmName, tagline: footer.tagline, links: footer.links },
    allServiceYaml: { nodes: services },
  };

  test("builds the menus from the services and the footer from the firm", () => {
    jest.mocked(useStaticQuery).mockReturnValue(data);
    render(
      <SiteLayout pathname="/services/litigation-support">
        <p>Service page</p>
      </SiteLayout>,
    );
    const dropdown = document.getElementById(
      screen.getByRole("button", { name: headerLabels.servicesToggle }).getAttribute("aria-controls") ?? "",
    );
    expect(dropdown).not.toBeNull();
    expect(
      within(dropdown as HTMLElement)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(services.map((s) => s.path));
    expect(screen.getAllByRole("link", { name: services[2].navLabel })[0]).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: skipLink })).toHaveAttribute("href", "#main-content");
    expect(within(screen.getByRole("main")).getByText("Service page")).toBeInTheDocument();
    const footerEl = screen.getByRole("contentinfo");
    expect(footerEl).toHaveTextContent(firmName);
    expect(within(footerEl).getAllByRole("link")).toHaveLength(footer.links.length);
  });
});
