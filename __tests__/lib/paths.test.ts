import { pagePath, ROUTES, servicePath } from "../../src/lib/paths";
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
