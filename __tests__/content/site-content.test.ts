/**
 * The fields the build works out, as every reader outside Gatsby gets them (the build's resolvers compute them with
 * the same functions: __tests__/gatsby-node.test.ts).
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import { siteContent } from "../../src/content/site-content";
import { loadSchemas } from "../../src/content/read-content";
import { servicePath } from "../../src/lib/paths";
import { DATA_DIR } from "../helpers/content.cjs";

const schemas = loadSchemas(DATA_DIR);
const typed = {
  name: "Example Valuation Partners",
  phone: { display: "(212) 555-0123" },
  address: { city: "New York", region: "NY", country: "US" },
};

test("adds the number a tap dials, the state's name and each service's path, and keeps every typed field", () => {
  const services = [{ slug: "exit-planning", order: 1 }];
  expect(siteContent({ files: { firm: typed }, services }, schemas)).toEqual({
    files: {
      firm: {
        name: "Example Valuation Partners",
        phone: { display: "(212) 555-0123", dial: "+12125550123" },
        address: { city: "New York", region: "NY", regionName: "New York", country: "US" },
      },
    },
    services: [{ slug: "exit-planning", order: 1, path: servicePath("exit-planning") }],
  });
});

test("a number that cannot be dialled gets no number to dial", () => {
  const { files } = siteContent(
    { files: { firm: { ...typed, phone: { display: "(212) 555" } } }, services: [] },
    schemas,
  );
  expect(files.firm.phone).toEqual({ display: "(212) 555", dial: "" });
});

test("services get their paths whether or not the firm is there (a preview of a service alone)", () => {
  const { services } = siteContent(
    {
      files: {},
      services: [
        { slug: "b", order: 2 },
        { slug: "a", order: 1 },
      ],
    },
    schemas,
  );
  expect(services).toEqual([
    { slug: "a", order: 1, path: servicePath("a") },
    { slug: "b", order: 2, path: servicePath("b") },
  ]);
});
