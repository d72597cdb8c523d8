import { ariaCurrentFor, isActivePath, normalizePath } from "../../src/lib/active-link";

describe("isActivePath / ariaCurrentFor", () => {
  // [current path, link target, section link?, active?, aria-current]
  test.each<[string, string, boolean, boolean, "page" | "true" | undefined]>([
    ["/", "/", false, true, "page"],
    ["/about", "/", false, false, undefined],
    // Home is never a section: every path starts with "/".
    ["/about", "/", true, false, undefined],
    ["/about", "/about", false, true, "page"],
    ["/about/", "/about", false, true, "page"],
    ["/about", "/about/", false, true, "page"],
    ["/contact", "/about", false, false, undefined],
    ["/services", "/services", false, true, "page"],
    ["/services", "/services", true, true, "page"],
    ["/services/", "/services", true, true, "page"],
    ["/services/x", "/services", true, true, "true"],
    ["/services/business-valuation", "/services", true, true, "true"],
    ["/services/business-valuation/", "/services", true, true, "true"],
    // Without `section`, only the page itself counts.
    ["/services/x", "/services", false, false, undefined],
    // A path that merely starts with the same letters is not inside the section.
    ["/servicesfoo", "/services", true, false, undefined],
    ["/servicesfoo", "/services", false, false, undefined],
    // A service link is not active on the overview or on another service.
    ["/services", "/services/business-valuation", false, false, undefined],
    ["/services/other", "/services/business-valuation", false, false, undefined],
    ["/services/business-valuation", "/services/business-valuation", false, true, "page"],
  ])("on %s the link to %s (section: %s) is active=%s, aria-current=%s", (pathname, href, section, active, current) => {
    expect(isActivePath(pathname, href, { section })).toBe(active);
    expect(ariaCurrentFor(pathname, href, { section })).toBe(current);
  });

  test("section defaults to false", () => {
    expect(isActivePath("/services/x", "/services")).toBe(false);
    expect(ariaCurrentFor("/services/x", "/services")).toBeUndefined();
    expect(ariaCurrentFor("/services", "/services")).toBe("page");
  });
});

describe("normalizePath", () => {
  test.each([
    ["/", "/"],
    ["", "/"],
    ["/about/", "/about"],
    ["/about//", "/about"],
    ["/services/x", "/services/x"],
  ])("%j -> %j", (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });
});
