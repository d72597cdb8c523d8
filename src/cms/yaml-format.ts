/**
 * The editor's YAML format (`yaml-clean`): reading keeps the file's text with the entry (SOURCE_KEY), writing patches
 * it (src/content/yaml-patch.ts), merging onto the current text where the file changed since it was opened (BASE_KEY).
 */
import type { JsonSchema } from "../content/model";
import { parseData, type Data } from "../content/data";
import { BASE_KEY, normalize, schemaOfSource, SOURCE_KEY } from "./entry";
import { mergeEdits } from "../content/merge";
import { writtenText } from "../content/yaml-patch";

/** What a save writes: the fields, patched onto `source`; or the fields both sides changed, when they clash. */
export type PreparedSave = { source: string; fields: Data; conflicts?: undefined } | { conflicts: string[] };

export function prepareSave(data: Data, schemas: Record<string, JsonSchema>): PreparedSave {
  const { [SOURCE_KEY]: source, [BASE_KEY]: base, ...fields } = data;
  const text = typeof source === "string" ? source : "";
  const schemaName = schemaOfSource(text);
  const ordered = (schemaName ? normalize(fields, schemas[schemaName], schemas, schemaName) : fields) as Data;
  if (typeof base !== "string" || base === text) return { source: text, fields: ordered };
  const result = mergeEdits(parseData(base), ordered, parseData(text));
  return result.conflicts ? result : { source: text, fields: result.merged };
}

export function yamlFormat(schemas: Record<string, JsonSchema>) {
  return {
    fromFile(text: string): Data {
      return { ...parseData(text), [SOURCE_KEY]: text };
    },
    toFile(data: Data): string {
      const prepared = prepareSave(data, schemas);
      // The pre-save check refuses a clash before Decap writes; this guards the write itself.
      if (prepared.conflicts) throw new Error(`Not saved: ${prepared.conflicts.join(", ")} changed meanwhile.`);
      return writtenText(prepared);
    },
  };
}
