/**
 * The site reads content with js-yaml (gatsby-transformer-yaml's), the check and the editor with `yaml` (YAML 1.2).
 * They differ: js-yaml reads `2025-01-31` as a date, `0b101` as 5, merges `<<` keys and refuses unknown tags. So every
 * file is read both ways, and a difference is refused, naming the field and how to write it.
 */
import { load } from "js-yaml";
import { isNode, isScalar, visit, type Document, type LineCounter, type Scalar, type YAMLError } from "yaml";
import type { ContentError } from "./rules";
import { changedPaths, lineOf, readablePath, valueAt } from "./data";

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

/** A line's number (1-based) before `line` that holds more than spaces and comments; 0 if none. */
function lineAbove(lines: string[], line: number): number {
  for (let n = line - 1; n > 0; n--) if (!/^\s*(#.*)?$/.test(lines[n - 1])) return n;
  return 0;
}

const indentOf = (text: string) => /^ */.exec(text)![0].length;
/** What follows a field's name on its line (`title: "Best" valuation` → `"Best" valuation`); "" if nothing. */
const valueOf = (text: string) => /^\s*(?:- +)?[^\s:#"'][^:#]*:\s+(\S.*)$/.exec(text)?.[1].trimEnd() ?? "";

/** How a field is written: what a line that should be one is told. */
const FIELD_FORM = "every field is its name in plain text, a colon and a space, then its value";

/** A field whose name is a list or a group (YAML's `? [a, b]: c`, which the site reads as text), or none: where. */
export function complexKeyMistake(
  file: string,
  text: string,
  doc: Document,
  counter: LineCounter,
): ContentError | null {
  let key: { range?: [number, number, number] | null } | undefined;
  visit(doc, {
    Pair: (_key, { key: name }) => {
      // A name that is a list or a group, or none at all (a line that starts with ": ").
      const plain = isScalar(name) && name.range && name.range[1] > name.range[0];
      if (!plain) key ??= isScalar(name) || isNode(name) ? name : { range: null };
    },
  });
  if (!key) return null;
  const { line, col } = counter.linePos(key.range?.[0] ?? 0);
  const message = `is not valid YAML: ${FIELD_FORM}. The line reads: ${JSON.stringify(text.split(/\r?\n/)[line - 1].trimEnd())}`;
  return { file, path: "", line, column: col, message };
}

/**
 * A text value after an anchor that no alias repeats (`title: &Sons valuation`): YAML takes `&Sons` as the value's
 * name, not its text, so both readers read "valuation". An anchor an alias uses is meant, and kept.
 */
export function anchorMistake(file: string, text: string, doc: Document, counter: LineCounter): ContentError | null {
  const used = new Set<string>();
  const anchored: Scalar[] = [];
  visit(doc, { Alias: (_key, node) => void used.add(node.source), Scalar: (_key, node) => void anchored.push(node) });
  const unused = anchored.find((node) => node.anchor && !used.has(node.anchor));
  if (!unused) return null;
  const at = text.lastIndexOf(`&${unused.anchor}`, unused.range![0]);
  return syntaxMistake(file, text, { message: "anchor", linePos: [counter.linePos(at)] } as YAMLError);
}

/**
 * A YAML syntax error as an editor can act on it: the line and column the mistake is on (YAML often notices it a line
 * earlier, or at the end of the file), that line quoted, and what to change, in the words of the editing guide.
 */
export function syntaxMistake(file: string, text: string, error: YAMLError): ContentError {
  const lines = text.split(/\r?\n/);
  const at = error.linePos?.[0] ?? { line: 1, col: 1 };
  let line = at.line;
  let column: number | undefined = at.col;
  let advice: string;
  const above = lineAbove(lines, line);
  if (error.code === "TAB_AS_INDENT" || /^ *\t/.test(lines[line - 1])) {
    advice = "a tab indents this line: indent with spaces only";
  } else if (error.code === "DUPLICATE_KEY") {
    advice = "this field is written twice at the same level: keep one";
  } else if (/^(["'])(?:(?!\1).)*\1\s*[^\s#]/.test(valueOf(lines[line - 1]))) {
    column = lines[line - 1].indexOf(valueOf(lines[line - 1])) + 1;
    advice = "a quote mark closes the value before it ends: put the whole value in the other kind of quote marks";
  } else if (/^([@%`*&!]|[|>]([^\s\d+-]|[\d+-]*\s+[^\s#]))/.test(valueOf(lines[line - 1]))) {
    column = lines[line - 1].indexOf(valueOf(lines[line - 1])) + 1;
    advice = `a value starting with ${valueOf(lines[line - 1])[0]} must be in quotes`;
  } else if (/closing "?quote/i.test(error.message)) {
    const opens = (l: string) => /(:|^\s*-?)\s*["']/.test(l) && (l.match(/(?<!\\)"/g) ?? []).length % 2 === 1;
    line = lines.findIndex(opens) + 1 || line;
    column = lines[line - 1].search(/["']/) + 1;
    advice = "a quote mark opens a value here and never closes it: end the value with the same quote mark";
  } else if (/^Flow (sequence|map)/.test(error.message)) {
    if (!/[[{]/.test(lines[line - 1])) line = above;
    column = lines[line - 1].search(/[[{]/) + 1;
    advice = "a value starting with [ or { is read as a list: put the whole value in quotes";
  } else if (/alias/i.test(error.message)) {
    advice = "a value starting with * must be in quotes";
  } else if (
    above &&
    /[>|][-+]?\s*$/.test(lines[above - 1]) &&
    indentOf(lines[line - 1]) <= indentOf(lines[above - 1])
  ) {
    column = undefined;
    advice = `the text of the field on line ${above} must be indented further than that field`;
  } else if (column > indentOf(lines[line - 1]) + 1 && /:\s/.test(lines[line - 1].slice(column - 1))) {
    advice = "a value with a colon and a space in it must be in quotes";
  } else {
    // A line indented under a field that already has its value reads as more of that value: the mistake is below.
    const below = lines.findIndex((l, i) => i >= line && !/^\s*(#.*)?$/.test(l)) + 1;
    if (below > 0 && indentOf(lines[below - 1]) > indentOf(lines[line - 1]) && /:\s+[^\s>|#]/.test(lines[line - 1])) {
      line = below;
    }
    let field = line - 1;
    while (field > 1 && !/^\s*(- +)?[\w"'-]+:(\s|$)/.test(lines[field - 1])) field--;
    column = undefined;
    advice = field
      ? `this line is not lined up with the field on line ${field}: indent it exactly as far as the fields at its level`
      : FIELD_FORM;
  }
  // Where the indentation is the mistake, the column is the line's first character.
  column ??= indentOf(lines[line - 1]) + 1;
  const message = `is not valid YAML: ${advice}. The line reads: ${JSON.stringify(lines[line - 1].trimEnd())}`;
  return { file, path: "", line, column, message };
}
