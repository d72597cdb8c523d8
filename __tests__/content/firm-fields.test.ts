/**
 * The firm as the preview and the tests see it: the fields the build works out, added to what the editor typed.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import { withComputedFirmFields } from "../../src/content/firm-fields";
import { loadSchemas } from "../../src/content/load";
import { DATA_DIR } from "../helpers/content.cjs";

const schemas = loadSchemas(DATA_DIR);
const typed = {
  name: "Example Valuation Partners",
  phone: { display: "(212) 555-0123" },
  address: { city: "New York", region: "NY", country: "US" },
};

test("adds the number a tap dials and the state's name, and keeps every typed field", () => {
  expect(withComputedFirmFields(typed, schemas)).toEqual({
    name: "Example Valuation Partners",
    phone: { display: "(212) 555-0123", dial: "+12125550123" },
    address: { city: "New York", region: "NY", regionName: "New York", country: "US" },
  });
});

test("a number that cannot be dialled gets no number to dial", () => {
  const firm = withComputedFirmFields({ ...typed, phone: { display: "(212) 555" } }, schemas);
  expect(firm.phone.dial).toBe("");
});
