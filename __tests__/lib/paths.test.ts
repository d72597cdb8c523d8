import { pagePath, ROUTES, servicePath, sitePaths } from "../../src/lib/paths";
import { absoluteUrl } from "../../src/lib/seo";

test("every route is in the one URL form: a folder's path with its trailing slash", () => {
  expect(Object.values(ROUTES)).toEqual(["/", "/about/", "/services/", "/contact/"]);
  expect(servicePath("litigation-support")).toBe("/services/litigation-support/");
});

test.each([
  ["/", "/"],
  ["", "/"],
  ["/about", "/about/"],
  ["/about/", "/about/"],
  ["/services/other//", "/services/other/"],
])("pagePath(%j) is %j", (input, expected) => {
  expect(pagePath(input)).toBe(expected);
});

test("canonical URLs name the served form however the page was reached, and never double a slash", () => {
  expect(absoluteUrl("https://www.example.com/", "/about")).toBe("https://www.example.com/about/");
  expect(absoluteUrl("https://www.example.com", "/about/")).toBe("https://www.example.com/about/");
  expect(absoluteUrl("https://www.example.com", "/")).toBe("https://www.example.com/");
});

test("sitePaths lists every page in menu order, one per service between the overview and contact", () => {
  expect(sitePaths(["a", "b"])).toEqual([
    ROUTES.home,
    ROUTES.about,
    ROUTES.services,
    "/services/a/",
    "/services/b/",
    ROUTES.contact,
  ]);
  expect(sitePaths([])).toEqual([ROUTES.home, ROUTES.about, ROUTES.services, ROUTES.contact]);
});
