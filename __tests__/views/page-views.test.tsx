/**
 * The pages' views rendered with the real content of data/ (shaped like their GraphQL results). Every expectation
 * comes from data/ and src/lib/paths.ts, so any valid content edit (a sixth service, another city, more steps) keeps
 * these green; whether the shipped copy says what the spec says is a content question, not one for these tests.
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
import { ROUTES, servicePath } from "../../src/lib/paths";
import { loadRealContent } from "../helpers/content.cjs";

const { files, services } = loadRealContent();
const { firm } = files;

/** Every service's page, in menu order. */
const SERVICE_PATHS = [...services].sort((a, b) => a.order - b.order).map((s) => servicePath(s.slug));

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
    render(<HomeView home={files.home} firm={{ membershipNote: firm.membershipNote }} services={services} />);
  });

  test("one h1: the hero headline, and its button links to the services overview", () => {
    expectOneH1(files.home.hero.headline);
    expect(screen.getByRole("link", { name: files.home.hero.cta })).toHaveAttribute("href", ROUTES.services);
  });

  test("the process steps, numbered, in order", () => {
    const steps = screen.getByRole("heading", { level: 2, name: files.home.process.heading });
    const list = within(sectionOf(steps)).getByRole("list");
    expect(
      within(list)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(files.home.process.steps.map((step) => step.title));
    expect(list.tagName).toBe("OL");
    expect(within(list).getAllByRole("listitem")).toHaveLength(files.home.process.steps.length);
  });

  test("the services grid has one card per service, linking to every service page in menu order", () => {
    const heading = screen.getByRole("heading", { level: 2, name: files.home.services.heading });
    const links = within(sectionOf(heading)).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(SERVICE_PATHS);
    expect(links.map((a) => a.textContent)).toEqual(services.map((s) => s.navLabel));
  });

  test("the trust statement carries the membership note", () => {
    const trust = sectionOf(screen.getByRole("heading", { level: 2, name: files.home.trust.heading }));
    expect(within(trust).getByText(firm.membershipNote)).toBeInTheDocument();
  });

  test("the call to action links to the contact page", () => {
    const heading = screen.getByRole("heading", { level: 2, name: files.home.cta.heading });
    expect(within(sectionOf(heading)).getByRole("link", { name: files.home.cta.button })).toHaveAttribute(
      "href",
      ROUTES.contact,
    );
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

  test("one h1, the founder's name and title, and every 'Why Choose Us?' point", () => {
    render(<AboutView about={files.about} firm={aboutFirm(null)} />);
    expectOneH1(files.about.heading);
    const figure = screen.getByRole("figure");
    expect(figure).toHaveTextContent(firm.founder.name);
    expect(figure).toHaveTextContent(firm.founder.title);
    const why = screen.getByRole("heading", { level: 2, name: files.about.whyChooseUs.heading });
    const points = within(sectionOf(why)).getAllByRole("listitem");
    expect(points).toHaveLength(files.about.whyChooseUs.points.length);
    expect(points.map((li) => within(li).getByRole("heading", { level: 3 }).textContent)).toEqual(
      files.about.whyChooseUs.points.map((p) => p.title),
    );
  });

  test("the key facts come from data/firm.yaml: the founding year, N+ years, the area served", () => {
    render(<AboutView about={files.about} firm={aboutFirm(null)} />);
    const facts = Object.fromEntries(
      screen.getAllByRole("term").map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      [files.about.facts.founded]: String(firm.founded),
      [files.about.facts.experience]: `${firm.yearsOfExperience}+`,
      [files.about.facts.area]: firm.areaServed,
    });
  });

  test("the founding story and the credential show each of their paragraphs, in order", () => {
    render(<AboutView about={files.about} firm={aboutFirm(null)} />);
    for (const { heading, paragraphs } of [files.about.story, files.about.credential]) {
      const section = sectionOf(screen.getByRole("heading", { level: 2, name: heading }));
      const shown = Array.from(section.querySelectorAll("p")).map((p) => p.textContent);
      expect(shown).toEqual(paragraphs);
    }
  });

  test("without image data there is no broken image, just the caption", () => {
    render(<AboutView about={files.about} firm={aboutFirm(null)} />);
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  test("with image data the portrait has its alt text", () => {
    const portrait: IGatsbyImageData = {
      layout: "constrained",
      width: 320,
      height: 400,
      images: { fallback: { src: "/static/founder-portrait.jpg" } },
    };
    render(<AboutView about={files.about} firm={aboutFirm(portrait)} />);
    expect(screen.getByRole("img", { name: firm.founder.portraitAlt })).toBeInTheDocument();
  });
});

describe("services overview", () => {
  beforeEach(() => {
    render(<ServicesView content={files["services-page"]} services={services} />);
  });

  test("one h1", () => {
    expectOneH1(files["services-page"].heading);
  });

  test("one group per service, each with its bullets, linking to its page", () => {
    const groups = screen.getAllByRole("heading", { level: 2 });
    expect(groups.map((h) => h.textContent)).toEqual(services.map((s) => s.title));
    groups.forEach((heading, i) => {
      const group = sectionOf(heading);
      // The group is a region named by its heading.
      expect(screen.getByRole("region", { name: services[i].title })).toBe(group);
      const bullets = within(group)
        .getAllByRole("listitem")
        .map((li) => li.textContent);
      expect(bullets).toEqual(services[i].overview);
      expect(within(group).getByRole("link")).toHaveAttribute("href", SERVICE_PATHS[i]);
    });
  });
});

describe("service pages", () => {
  test.each(services.map((s) => [s.slug, s] as const))(
    "%s: one h1, what it covers, who it is for, what the client receives, and the ways on",
    (_slug, service) => {
      render(<ServiceView service={service} servicesLabel={files.layout.nav.services} cta={files.home.cta} />);
      expectOneH1(service.title);
      const covers = sectionOf(screen.getByRole("heading", { level: 2, name: service.covers.heading }));
      const topics = within(covers)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent);
      expect(topics).toEqual(service.covers.items.map((item) => item.title));
      for (const list of [service.audience, service.deliverables]) {
        const column = screen.getByRole("heading", { level: 2, name: list.heading }).parentElement as HTMLElement;
        expect(
          within(column)
            .getAllByRole("listitem")
            .map((li) => li.textContent),
        ).toEqual(list.items);
      }
      expect(screen.getByRole("link", { name: files.layout.nav.services })).toHaveAttribute("href", ROUTES.services);
      expect(screen.getByRole("link", { name: files.home.cta.button })).toHaveAttribute("href", ROUTES.contact);
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
    render(<ContactView contact={files.contact} firm={contactFirm} newTabNote={files.layout.footer.newTab} />);
  });

  test("one h1 and the form with its submit button and every field's placeholder", () => {
    expectOneH1(files.contact.heading);
    expect(screen.getByRole("button", { name: files.contact.form.submit })).toHaveAttribute("type", "submit");
    for (const field of Object.values(files.contact.form.fields)) {
      expect(screen.getByPlaceholderText(field.placeholder)).toBeInTheDocument();
    }
  });

  test("the phone number is a tel: link to the dialable number", () => {
    const phone = screen.getByRole("link", { name: firm.phone.display });
    expect(phone).toHaveAttribute("href", `tel:${firm.phone.dial}`);
    expect(phone.getAttribute("href")).toMatch(/^tel:\+\d+$/);
  });

  test("the postal address from data/firm.yaml, with a map link that opens in a new tab", () => {
    const address = screen.getByText((_text, element) => element?.tagName === "ADDRESS");
    expect(address).toHaveTextContent(`${firm.address.city}, ${firm.address.regionName} ${firm.address.postalCode}`);
    expect(address).toHaveTextContent(firm.address.street);
    const map = screen.getByRole("link", {
      name: `${files.contact.details.mapLink} ${files.layout.footer.newTab}`,
    });
    expect(map).toHaveAttribute("target", "_blank");
    expect((map.getAttribute("rel") ?? "").split(/\s+/)).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
    const url = new URL(map.getAttribute("href") ?? "");
    expect(url.protocol).toBe("https:");
    expect(url.searchParams.get("query")).toContain(firm.address.city);
    expect(url.searchParams.get("query")).toContain(firm.address.street);
  });
});

describe("404", () => {
  test("one h1 and a link home (and one to the services)", () => {
    render(<NotFoundView content={files["not-found"]} />);
    expectOneH1(files["not-found"].heading);
    expect(screen.getByRole("link", { name: files["not-found"].homeLink })).toHaveAttribute("href", ROUTES.home);
    expect(screen.getByRole("link", { name: files["not-found"].servicesLink })).toHaveAttribute(
      "href",
      ROUTES.services,
    );
  });
});
