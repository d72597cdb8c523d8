/**
 * The site reads the content through gatsby-transformer-yaml, which parses with js-yaml (the same copy, a dependency
 * of this project at its version); the content check and the editor parse with `yaml`, by YAML 1.2's core schema.
 * The two read most text alike, but not all: js-yaml reads `2025-01-31` as a date and `0b101` as the number 5, merges
 * `<<` keys, and refuses tags it does not know (`!foo`). So every file is read both ways, and what the two read
 * differently is refused, naming the field and how to write it; the editor quotes what it writes (readsAsText).
 */
import { load } from "js-yaml";
import type { Document, LineCounter } from "yaml";
import { lineOf, readablePath, type ContentError } from "./rules";
import { changedPaths, valueAt } from "./site-content";

function describe(value: unknown): string {
  if (value instanceof Date) return `the date ${value.toISOString().slice(0, 10)}`;
  if (typeof value === "number" || typeof value === "boolean") return `the ${typeof value} ${String(value)}`;
  if (value === null || value === undefined) return "no value";
  if (typeof value === "string") return `the text ${JSON.stringify(value)}`;
  return Array.isArray(value) ? "a list" : "a group of fields";
}

/** How the site reads `text` where this check reads `data`: a mistake at each field the two read differently. */
export function siteReadingErrors(
  file: string,
  text: string,
  parsed: { data: unknown; doc: Document; counter: LineCounter },
): ContentError[] {
  let site: unknown;
  try {
    site = load(text);
  } catch (error) {
    const { reason, mark } = error as { reason?: string; mark?: { line: number } };
    const message = `cannot be read by the site's YAML reader (${reason ?? String(error)}): remove the tag or write the value as plain text, in quotes`;
    return [{ file, path: "", line: mark ? mark.line + 1 : undefined, message }];
  }
  return changedPaths(parsed.data, site).map((path) => {
    const mine = valueAt(parsed.data, path);
    const how =
      typeof mine === "string"
        ? `put the value in quotes: ${JSON.stringify(mine)}`
        : "write the fields out in full, with no `<<` merge key";
    return {
      file,
      path: readablePath(path),
      line: lineOf(parsed.doc, parsed.counter, path),
      message: `is read by the site as ${describe(valueAt(site, path))}, not as ${describe(mine)}: ${how}`,
    };
  });
}

/** Whether the site reads `value`, written plain after a key, as that very text. */
export function readsAsText(value: string): boolean {
  try {
    return (load(`k: ${value}`) as { k?: unknown } | null)?.k === value;
  } catch {
    return false;
  }
}
