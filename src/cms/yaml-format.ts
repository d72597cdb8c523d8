/**
 * The editor's YAML format (registered in cms.tsx as `yaml-clean`): reading keeps the file's text with the entry
 * (SOURCE_KEY), and writing patches that text (yaml-patch.ts), so a save changes only what the editor changed.
 * A new entry starts from the leading comments its file should have (entry.ts fileHeader, set before the save).
 */
import { parse } from "yaml";
import type { JsonSchema } from "../content/model";
import { normalize, schemaOfSource, SOURCE_KEY } from "./entry";
import { patchYaml, isPlainObject } from "./yaml-patch";

export function yamlFormat(schemas: Record<string, JsonSchema>) {
  return {
    fromFile(text: string): Record<string, unknown> {
      const data: unknown = parse(text);
      return { ...(isPlainObject(data) ? data : {}), [SOURCE_KEY]: text };
    },
    toFile(data: Record<string, unknown>): string {
      const { [SOURCE_KEY]: source, ...fields } = data;
      const text = typeof source === "string" ? source : "";
      const schemaName = schemaOfSource(text);
      const ordered = schemaName ? normalize(fields, schemas[schemaName], schemas, schemaName) : fields;
      return patchYaml(text, ordered as Record<string, unknown>);
    },
  };
}
