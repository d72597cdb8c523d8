import { buildNav } from "../../src/lib/nav";
import fixtures from "../helpers/fixtures.json";

const { navLabels, services, sixthService } = fixtures;

describe("buildNav", () => {
  test("About, Services, Contact in that order, with the labels given and the site's routes", () => {
    const nav = buildNav(navLabels, services);
    expect(nav.map(({ label, to }) => [label, to])).toEqual([
      [navLabels.about, "/about/"],
      [navLabels.services, "/services/"],
      [navLabels.contact, "/contact/"],
    ]);
  });

  test("the services are the children of Services, in the order given", () => {
    const reversed = [...services].reverse();
    const nav = buildNav(navLabels, reversed);
    const servicesItem = nav.find((item) => item.to === "/services/");
    expect(servicesItem?.children).toEqual(reversed.map((s) => ({ label: s.navLabel, to: s.path })));
  });

  test("About and Contact have no children", () => {
    const nav = buildNav(navLabels, services);
    expect(nav.filter((item) => item.to !== "/services/").map((item) => item.children)).toEqual([[], []]);
  });

  test("a sixth service becomes a sixth child", () => {
    const nav = buildNav(navLabels, [...services, sixthService]);
    const children = nav[1].children;
    expect(children).toHaveLength(6);
    expect(children[5]).toEqual({ label: sixthService.navLabel, to: sixthService.path });
  });
});
