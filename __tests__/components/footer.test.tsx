import React from "react";
import { render, screen, within } from "@testing-library/react";
import { Footer, type FooterProps } from "../../src/components/footer";
import fixtures from "../helpers/fixtures.json";

const { firmName, footer } = fixtures;
const props: FooterProps = { firmName, buildYear: 2026, ...footer };

function copyrightLine() {
  return screen.getByText((_content, element) => element?.tagName === "P" && /^©/.test(element.textContent ?? ""));
}

afterEach(() => {
  jest.useRealTimers();
});

describe("footer", () => {
  test.each([
    ["2031-03-04", "2031"],
    ["2040-12-31T12:00:00", "2040"],
  ])("on %s the copyright year is the visitor's current year (%s), not the build year", (now, year) => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date(now));
    render(<Footer {...props} buildYear={2026} />);
    expect(copyrightLine()).toHaveTextContent(`© ${year} ${firmName}. ${footer.rights}`);
    expect(copyrightLine()).not.toHaveTextContent("2026");
  });

  test("the firm's name and tagline are shown", () => {
    render(<Footer {...props} />);
    expect(screen.getByRole("contentinfo")).toHaveTextContent(firmName);
    expect(screen.getByText(footer.tagline)).toBeInTheDocument();
  });

  test("without a tagline, no empty paragraph is left behind", () => {
    const { container } = render(<Footer {...props} tagline={undefined} />);
    const empty = Array.from(container.querySelectorAll("p")).filter((p) => p.textContent?.trim() === "");
    expect(empty).toHaveLength(0);
  });

  test("the three outbound links, in order, in a list named for them", () => {
    render(<Footer {...props} />);
    const list = screen.getByRole("list", { name: footer.linksLabel });
    const links = within(list).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(footer.links.map((l) => l.url));
  });

  test("each outbound link opens in a new tab safely and says so in its accessible name", () => {
    render(<Footer {...props} />);
    for (const { label, url } of footer.links) {
      const link = screen.getByRole("link", { name: `${label} ${footer.newTabNote}` });
      expect(link).toHaveAttribute("href", url);
      expect(link).toHaveAttribute("target", "_blank");
      const rel = (link.getAttribute("rel") ?? "").split(/\s+/);
      expect(rel).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
    }
  });

  test.each(["javascript:alert(document.domain)", "data:text/html,<script>alert(1)</script>", "http://plain.example"])(
    "a link to %j, as typed in the editor before its check, shows its label as text and is no link",
    (url) => {
      const first = footer.links[0];
      render(<Footer {...props} links={[{ ...first, url }, ...footer.links.slice(1)]} />);
      const list = screen.getByRole("list", { name: footer.linksLabel });
      expect(within(list).getByText(first.label).closest("a")).toBeNull();
      expect(within(list).getAllByRole("link")).toHaveLength(footer.links.length - 1);
      expect(list.innerHTML).not.toContain(url.slice(0, 10));
    },
  );
});
