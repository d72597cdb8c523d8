/**
 * The state's full name comes from the list of states in data/schema/, so the editor types the code alone.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import { regionName } from "../../src/content/site-content";
import { loadSchemas } from "../../src/content/read-content";
import { choicesOf, resolveRef } from "../../src/content/model";
import { DATA_DIR, loadRealContent } from "../helpers/content.cjs";

const schemas = loadSchemas(DATA_DIR);
const { firm } = loadRealContent().files;
const region = schemas["firm.schema.json"].properties!.address.properties!.region;
const states = choicesOf(resolveRef(region, schemas, "firm.schema.json").schema) ?? [];

test("the schema lists the states, each code with its full name", () => {
  expect(states.length).toBeGreaterThanOrEqual(50);
  expect(new Set(states.map((s) => s.value)).size).toBe(states.length);
  for (const { value, title } of states) {
    expect(value).toMatch(/^[A-Z]{2}$/);
    expect(title).not.toBe(value);
  }
});

test("the firm's state, as data/firm.yaml gives its code, has a full name from that list", () => {
  const name = regionName(schemas, firm.address.region);
  expect(name).toBe(states.find((s) => s.value === firm.address.region)?.title);
  expect(name).not.toBe(firm.address.region);
});

test("California for CA, New York for NY", () => {
  expect(regionName(schemas, "CA")).toBe("California");
  expect(regionName(schemas, "NY")).toBe("New York");
});

test("a code the list does not have is shown as written (the content check has refused it already)", () => {
  expect(regionName(schemas, "ZZ")).toBe("ZZ");
});
