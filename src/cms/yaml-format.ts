/**
 * The editor's YAML format (`yaml-clean`): reading keeps the file's text with the entry (SOURCE_KEY), writing patches
 * it (src/content/yaml-patch.ts).
 */
import type { JsonSchema } from "../content/model";
import { parseData, type Data } from "../content/data";
import { normalize, schemaOfSource, SOURCE_KEY } from "./entry";
import { writtenText } from "../content/yaml-patch";

/** What a save writes: the fields, in the schema's order, patched onto `source`. */
export function prepareSave(data: Data, schemas: Record<string, JsonSchema>): { source: string; fields: Data } {
  const { [SOURCE_KEY]: source, ...fields } = data;
  const text = typeof source === "string" ? source : "";
  const schemaName = schemaOfSource(text);
  return {
    source: text,
    fields: (schemaName ? normalize(fields, schemas[schemaName], schemas, schemaName) : fields) as Data,
  };
}

export function yamlFormat(schemas: Record<string, JsonSchema>) {
  return {
    fromFile: (text: string): Data => ({ ...parseData(text), [SOURCE_KEY]: text }),
    toFile: (data: Data): string => writtenText(prepareSave(data, schemas)),
  };
}
