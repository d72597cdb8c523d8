/**
 * The pages' views rendered with the real content of data/ (shaped like their GraphQL results), checked against the
 * wording and structure the spec gives.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import React from "react";
import { render, screen, within } from "@testing-library/react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { AboutView, type AboutViewProps } from "../../src/components/about-view";
import { ContactView } from "../../src/components/contact-view";
import { HomeView } from "../../src/components/home-view";
import { NotFoundView } from "../../src/components/not-found-view";
import { ServiceView } from "../../src/components/service-view";
import { ServicesView } from "../../src/components/services-view";
import { loadRealContent } from "../helpers/content.cjs";

const content = loadRealContent();
const { firm, services } = content;

/** The spec's five service pages (SPEC §2, Routes), in menu order. */
const SPEC_SERVICE_PATHS = [
  "/services/business-valuation/",
  "/services/strategic-growth/",
  "/services/litigation-support/",
  "/services/tax-compliance/",
  "/services/other/",
];

function expectOneH1(text: string) {
  const h1s = screen.getAllByRole("heading", { level: 1 });
  expect(h1s).toHaveLength(1);
  expect(h1s[0]).toHaveTextContent(text);
}

/** The section a heading labels (aria-labelledby), or the heading's nearest section. */
function sectionOf(heading: HTMLElement): HTMLElement {
  const section = heading.closest("section");
  if (!section) throw new Error(`"${heading.textContent}" is not inside a section`);
  return section;
}

describe("home", () => {
  beforeEach(() => {
    render(<HomeView home={content.home} firm={{ membershipNote: firm.membershipNote }} services={services} />);
  });

  test("one h1: the spec's hero headline, and 'Get Started' links to /services", () => {
    expectOneH1("Reliable Business Valuations Backed by Data Delivered Fast");
    expect(screen.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/services/");
  });

  test("the four steps, in order", () => {
    const steps = screen.getByRole("heading", { level: 2, name: content.home.process.heading });
    const list = within(sectionOf(steps)).getByRole("list");
    expect(
      within(list)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Data Gathering", "Business Analysis", "Value Estimation", "Final Report"]);
    expect(within(list).getAllByRole("listitem")).toHaveLength(4);
  });

  test("'Our Services' has one card per service, linking to the five service pages in order", () => {
    const heading = screen.getByRole("heading", { level: 2, name: "Our Services" });
    const links = within(sectionOf(heading)).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(SPEC_SERVICE_PATHS);
    expect(links.map((a) => a.textContent)).toEqual([
      "Business Valuation & Appraisal",
      "Strategic Planning & Growth",
      "Litigation Support",
      "Tax & Planning Compliance",
      "Other Services",
    ]);
  });

  test("the trust statement carries the membership note", () => {
    expect(screen.getByText(firm.membershipNote)).toBeInTheDocument();
    expect(firm.membershipNote).toMatch(/member/);
  });

  test("the call to action: 'Need a valuation for your business?' with 'Contact Us' to /contact", () => {
    const heading = screen.getByRole("heading", { level: 2, name: "Need a valuation for your business?" });
    expect(within(sectionOf(heading)).getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact/");
  });
});

describe("about", () => {
  function aboutFirm(portrait: IGatsbyImageData | null): AboutViewProps["firm"] {
    return {
      founded: firm.founded,
      yearsOfExperience: firm.yearsOfExperience,
      areaServed: firm.areaServed,
      founder: {
        name: firm.founder.name,
        title: firm.founder.title,
        portraitAlt: firm.founder.portraitAlt,
        portrait: { childImageSharp: portrait ? { gatsbyImageData: portrait } : null },
      },
      credential: { badgeAlt: firm.credential.badgeAlt, badge: { childImageSharp: null } },
    };
  }

  test("one h1, the founder's name and title, and 'Why Choose Us?' with five points", () => {
    render(<AboutView about={content.about} firm={aboutFirm(null)} />);
    expectOneH1(content.about.heading);
    const figure = screen.getByRole("figure");
    expect(figure).toHaveTextContent(firm.founder.name);
    expect(figure).toHaveTextContent(firm.founder.title);
    const why = screen.getByRole("heading", { level: 2, name: "Why Choose Us?" });
    const points = within(sectionOf(why)).getAllByRole("listitem");
    expect(points).toHaveLength(5);
    expect(points.map((li) => within(li).getByRole("heading", { level: 3 }).textContent)).toEqual(
      content.about.whyChooseUs.points.map((p) => p.title),
    );
  });

  test("the key facts come from data/firm.yaml: founded 2019, 10+ years, the area served", () => {
    render(<AboutView about={content.about} firm={aboutFirm(null)} />);
    const facts = Object.fromEntries(
      screen.getAllByRole("term").map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      [content.about.facts.founded]: "2019",
      [content.about.facts.experience]: `${firm.yearsOfExperience}+`,
      [content.about.facts.area]: firm.areaServed,
    });
    expect(firm.yearsOfExperience).toBeGreaterThanOrEqual(10);
  });

  test("the founding story gives 2019, over 10 years and the nationwide focus", () => {
    render(<AboutView about={content.about} firm={aboutFirm(null)} />);
    const story = sectionOf(screen.getByRole("heading", { level: 2, name: content.about.story.heading }));
    expect(story).toHaveTextContent("2019");
    expect(story).toHaveTextContent(/over 10 years/);
    expect(story).toHaveTextContent(/nationwide/);
  });

  test("without image data there is no broken image, just the caption", () => {
    render(<AboutView about={content.about} firm={aboutFirm(null)} />);
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  test("with image data the portrait has its alt text", () => {
    const portrait: IGatsbyImageData = {
      layout: "constrained",
      width: 320,
      height: 400,
      images: { fallback: { src: "/static/founder-portrait.jpg" } },
    };
    render(<AboutView about={content.about} firm={aboutFirm(portrait)} />);
    expect(screen.getByRole("img", { name: firm.founder.portraitAlt })).toBeInTheDocument();
  });
});

describe("services overview", () => {
  const SPEC_GROUPS: [string, string[]][] = [
    ["Business Valuation and Appraisal", ["fair market valuation", "asset appraisals", "financial reporting"]],
    [
      "Strategic Planning and Growth",
      ["growth assessment", "mergers and acquisitions", "succession and exit planning"],
    ],
    ["Litigation Support", ["legal dispute valuation", "expert witness testimony"]],
    ["Tax and Planning Compliance", ["irs-compliant valuations", "strategic tax planning"]],
    ["Other Services", ["financial consulting", "business modeling and analytics", "fresh start accounting"]],
  ];

  beforeEach(() => {
    render(<ServicesView content={content.servicesPage} services={services} />);
  });

  test("one h1", () => {
    expectOneH1(content.servicesPage.heading);
  });

  test("five groups, each with exactly the spec's bullets, linking to its page", () => {
    const groups = screen.getAllByRole("heading", { level: 2 });
    expect(groups.map((h) => h.textContent)).toEqual(SPEC_GROUPS.map(([title]) => title));
    groups.forEach((heading, i) => {
      const group = sectionOf(heading);
      // The group is a region named by its heading.
      expect(screen.getByRole("region", { name: SPEC_GROUPS[i][0] })).toBe(group);
      const bullets = within(group)
        .getAllByRole("listitem")
        .map((li) => li.textContent?.toLowerCase());
      expect(bullets).toEqual(SPEC_GROUPS[i][1]);
      expect(within(group).getByRole("link")).toHaveAttribute("href", SPEC_SERVICE_PATHS[i]);
    });
  });
});

describe("service pages", () => {
  /** What each service page covers, per the spec's Routes table. */
  const SPEC_COVERS: Record<string, string[]> = {
    "business-valuation": ["Fair market value", "Appraisals", "Financial reporting (GAAP and IFRS)"],
    "strategic-growth": ["Growth assessment", "Mergers and acquisitions", "Exit and succession planning"],
    "litigation-support": ["Legal disputes", "Expert witness testimony"],
    "tax-compliance": ["Tax purposes", "IRS compliance"],
    other: ["Consulting", "Business modeling and analytics", "Fresh start accounting"],
  };

  test("there are exactly the spec's five services", () => {
    expect(services.map((s) => s.path)).toEqual(SPEC_SERVICE_PATHS);
  });

  test.each(services.map((s) => [s.slug, s] as const))(
    "%s: one h1, what it covers, and the ways on",
    (slug, service) => {
      render(<ServiceView service={service} servicesLabel={content.layout.nav.services} cta={content.home.cta} />);
      expectOneH1(service.title);
      const covers = sectionOf(screen.getByRole("heading", { level: 2, name: service.covers.heading }));
      const topics = within(covers)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent);
      expect(topics).toEqual(expect.arrayContaining(SPEC_COVERS[slug]));
      expect(screen.getByRole("link", { name: content.layout.nav.services })).toHaveAttribute("href", "/services/");
      expect(screen.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact/");
    },
  );
});

describe("contact", () => {
  const contactFirm = {
    name: firm.name,
    phone: firm.phone,
    address: {
      street: firm.address.street,
      city: firm.address.city,
      region: firm.address.region,
      regionName: firm.address.regionName,
      postalCode: firm.address.postalCode,
    },
  };

  beforeEach(() => {
    render(<ContactView contact={content.contact} firm={contactFirm} newTabNote={content.layout.footer.newTab} />);
  });

  test("one h1 and the form with the spec's button", () => {
    expectOneH1(content.contact.heading);
    expect(screen.getByRole("button", { name: "Send Message" })).toHaveAttribute("type", "submit");
    for (const placeholder of [
      "Please enter name...",
      "Please enter email...",
      "Please enter phone number...",
      "Please enter message...",
    ]) {
      expect(screen.getByPlaceholderText(placeholder)).toBeInTheDocument();
    }
  });

  test("the phone number is a tel: link to the dialable number", () => {
    const phone = screen.getByRole("link", { name: firm.phone.display });
    expect(phone).toHaveAttribute("href", `tel:${firm.phone.dial}`);
    expect(phone.getAttribute("href")).toMatch(/^tel:\+\d+$/);
  });

  test("the postal address is in Torrance, California, with a map link that opens in a new tab", () => {
    const address = screen.getByText((_text, element) => element?.tagName === "ADDRESS");
    expect(address).toHaveTextContent(/Torrance, California/);
    expect(address).toHaveTextContent(firm.address.street);
    const map = screen.getByRole("link", {
      name: `${content.contact.details.mapLink} ${content.layout.footer.newTab}`,
    });
    expect(map).toHaveAttribute("target", "_blank");
    expect((map.getAttribute("rel") ?? "").split(/\s+/)).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
    const url = new URL(map.getAttribute("href") ?? "");
    expect(url.protocol).toBe("https:");
    expect(url.searchParams.get("query")).toContain("Torrance");
    expect(url.searchParams.get("query")).toContain(firm.address.street);
  });
});

describe("404", () => {
  test("one h1 and a link home (and one to the services)", () => {
    render(<NotFoundView content={content.notFound} />);
    expectOneH1(content.notFound.heading);
    expect(screen.getByRole("link", { name: content.notFound.homeLink })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: content.notFound.servicesLink })).toHaveAttribute("href", "/services/");
  });
});
