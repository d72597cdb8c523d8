/**
 * The editor's YAML format (registered in cms.tsx as `yaml-clean`): reading keeps the file's text with the entry
 * (SOURCE_KEY), and writing patches that text (yaml-patch.ts), so a save changes only what the editor changed.
 * When the file changed after the editor opened it, the pre-save check (save-check.ts) hands over the file as it is
 * now (SOURCE_KEY) and as it was opened (BASE_KEY), and the editor's changes are merged onto the current text.
 * A new entry starts from the leading comments its file should have (entry.ts fileHeader, set before the save).
 */
import type { JsonSchema } from "../content/model";
import { changedPaths, parseData, readablePath } from "../content/data";
import { BASE_KEY, normalize, schemaOfSource, SOURCE_KEY } from "./entry";
import { mergeEdits } from "./merge";
import { patchYaml } from "./yaml-patch";

type Data = Record<string, unknown>;

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

/**
 * The text a save writes: the fields patched onto the file's text, read back and compared with the fields. A text
 * that does not read back as exactly what the form held is never written: the save is refused, naming the field.
 */
export function writtenText({ source, fields }: { source: string; fields: Data }): string {
  const text = patchYaml(source, fields);
  const [differs] = changedPaths(fields, parseData(text));
  if (differs) {
    throw new Error(
      `Not saved: ${readablePath(differs) || "the file"} would not read back from the file as you typed it, so ` +
        "nothing was written. Change it, and save again.",
    );
  }
  return text;
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
