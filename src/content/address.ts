/**
 * The office's address: the editor picks the state by its code (CA), as the postal address and search engines want it;
 * the page shows its full name (California), which comes from the same list in data/schema/defs.schema.json. The
 * build's resolver, the editor's preview and the tests all use this one function.
 */
import { PAGE_FILES, choicesOf, resolveSchema, type Schemas } from "./model";

const FIRM_SCHEMA = PAGE_FILES["firm.yaml"];

/** The full name of the state whose code is `region`, or the code itself if the schema does not list it. */
export function regionName(schemas: Schemas, region: string): string {
  const address = schemas[FIRM_SCHEMA]?.properties?.address;
  const property = address && resolveSchema(address, schemas, FIRM_SCHEMA).schema.properties?.region;
  const choices = property ? choicesOf(resolveSchema(property, schemas, FIRM_SCHEMA).schema) : null;
  return String(choices?.find((choice) => choice.value === region)?.title ?? region);
}
