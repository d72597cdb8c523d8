/**
 * The head's share and search URLs: every page names its one URL as canonical and og:url; the 404 page, served at any
 * unknown address, names none (it is noindex) rather than a URL that does not exist.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import React from "react";
import { render } from "@testing-library/react";
import { Helmet } from "react-helmet";
import { useStaticQuery } from "gatsby";
import type { PageProps } from "gatsby";
import { Seo } from "../../src/components/seo";
import NotFoundPage from "../../src/pages/404";
import { DEFAULT_SITE_URL } from "../../src/content/form-endpoint";
import { loadRealContent } from "../helpers/content.cjs";

const { firm, "not-found": notFound } = loadRealContent().files;

beforeEach(() => {
  (useStaticQuery as jest.Mock).mockReturnValue({
    site: { siteMetadata: { siteUrl: DEFAULT_SITE_URL } },
    firmYaml: firm,
  });
});

interface Tag {
  [attribute: string]: string;
}
function head() {
  const state = Helmet.peek() as unknown as { metaTags: Tag[]; linkTags: Tag[] };
  return {
    canonical: state.linkTags.filter((t) => t.rel === "canonical").map((t) => t.href),
    ogUrl: state.metaTags.filter((t) => t.property === "og:url").map((t) => t.content),
    robots: state.metaTags.filter((t) => t.name === "robots").map((t) => t.content),
  };
}

test("a page names its one URL as canonical and og:url, however it was reached", () => {
  render(<Seo title="About" description="About the firm." pathname="/about" />);
  expect(head()).toEqual({
    canonical: [`${DEFAULT_SITE_URL}/about/`],
    ogUrl: [`${DEFAULT_SITE_URL}/about/`],
    robots: [],
  });
});

test.each(["/404.html", "/404/", "/no-such-page/"])(
  "the 404 page (reached as %s) is noindex and names no canonical or share URL",
  (pathname) => {
    const props = {
      data: { notFoundYaml: notFound },
      location: { pathname },
    } as unknown as PageProps<Queries.NotFoundPageQuery>;
    render(<NotFoundPage {...props} />);
    expect(head()).toEqual({ canonical: [], ogUrl: [], robots: ["noindex"] });
  },
);

test("an editor's markup-like text stays data in the JSON-LD: nothing can end its script, and it parses as typed", () => {
  const typed = "United States</script><script>document.title='pwned'</script><!--";
  (useStaticQuery as jest.Mock).mockReturnValue({
    site: { siteMetadata: { siteUrl: DEFAULT_SITE_URL } },
    firmYaml: { ...(firm as object), areaServed: typed, name: `${(firm as { name: string }).name} <b>&</b>` },
  });
  render(
    <Seo
      title="A service"
      description="d"
      pathname="/services/x/"
      service={{ title: "</script>", description: "<!-- -->", path: "/services/x/" }}
    />,
  );
  const [script] = (Helmet.peek() as unknown as { scriptTags: { innerHTML: string }[] }).scriptTags;
  expect(script.innerHTML).not.toMatch(/[<>&]/);
  const [organization, service] = JSON.parse(script.innerHTML);
  expect(organization.areaServed.name).toBe(typed);
  expect(organization.name).toBe(`${(firm as { name: string }).name} <b>&</b>`);
  expect(service).toMatchObject({ name: "</script>", description: "<!-- -->" });
});
