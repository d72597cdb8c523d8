/**
 * A content file's history: the versions a backend lists, newest first, and how two differ, field by field, by the
 * form's labels ("What we cover › Appraisals › Text"); list items are matched by their summary field or value.
 */
import isEqual from "fast-deep-equal";
import { isPlainObject } from "../content/data";
import { humanize } from "./config";

/** How many versions one page of the history shows. A backend answers with one more: the one before the page. */
export const HISTORY_PAGE = 10;

export interface Version {
  sha: string;
  /** When the change was made, as an ISO date. */
  date: string;
  author: string;
  /** The file's text in this version; null where the version deleted it. */
  text: string | null;
}

export interface Change {
  /** The field's labels, outermost first. */
  label: string[];
  kind: "changed" | "added" | "removed" | "moved";
  /** The value before and after; for "moved", the item's place (1 = first). */
  before?: unknown;
  after?: unknown;
}

/** The parts of a form field (config.ts CmsField) that name a change. */
interface Field {
  name: string;
  label: string;
  fields?: Field[];
  field?: Field;
  summary?: string;
}

/** How `after` differs from `before`, in the order of the form's fields; `fields` are the entry's. */
export function compare(before: unknown, after: unknown, fields: Field[]): Change[] {
  const changes: Change[] = [];
  diff(before, after, { name: "", label: "", fields }, [], changes);
  return changes;
}

function diff(before: unknown, after: unknown, field: Field | undefined, label: string[], out: Change[]): void {
  if (isEqual(before, after)) return;
  if (before === undefined || before === null) out.push({ label, kind: "added", after });
  else if (after === undefined || after === null) out.push({ label, kind: "removed", before });
  else if (isPlainObject(before) && isPlainObject(after)) {
    const fields = field?.fields ?? [];
    for (const key of new Set([...fields.map((f) => f.name), ...Object.keys(before), ...Object.keys(after)])) {
      const inner = fields.find((f) => f.name === key);
      diff(before[key], after[key], inner, [...label, inner?.label ?? humanize(key)], out);
    }
  } else if (Array.isArray(before) && Array.isArray(after)) diffList(before, after, field, label, out);
  else out.push({ label, kind: "changed", before, after });
}

function diffList(before: unknown[], after: unknown[], field: Field | undefined, label: string[], out: Change[]) {
  const summary = /fields\.(\w+)/.exec(field?.summary ?? "")?.[1];
  const nameOf = (item: unknown) => {
    const name = summary && isPlainObject(item) ? item[summary] : item;
    return typeof name === "string" || typeof name === "number" ? String(name) : undefined;
  };
  const keyOf = (item: unknown) => nameOf(item) ?? JSON.stringify(item);
  const itemField = field?.field ?? { name: "", label: "", fields: field?.fields };
  // Items with the same name or value are one item; an unmatched one where an unmatched one was is that item changed.
  const pairs: [number, number][] = [];
  const taken = new Set<number>();
  const pair = (i: number, j: number) => {
    pairs.push([i, j]);
    taken.add(j);
  };
  before.forEach((item, i) => {
    const j = after.findIndex((other, k) => !taken.has(k) && keyOf(other) === keyOf(item));
    if (j >= 0) pair(i, j);
  });
  before.forEach((_, i) => {
    if (!pairs.some(([p]) => p === i) && i < after.length && !taken.has(i)) pair(i, i);
  });
  pairs.sort((a, b) => a[0] - b[0]);
  const inPlace = longestRising(pairs.map(([, j]) => j));
  const at = (item: unknown, i: number) => [...label, shorten(nameOf(item) ?? `${field?.label ?? "Item"} ${i + 1}`)];
  before.forEach((item, i) => {
    if (!pairs.some(([p]) => p === i)) out.push({ label: at(item, i), kind: "removed", before: item });
  });
  for (const [i, j] of pairs) {
    if (!inPlace.has(j)) out.push({ label: at(after[j], j), kind: "moved", before: i + 1, after: j + 1 });
    diff(before[i], after[j], itemField, at(after[j], j), out);
  }
  after.forEach((item, j) => {
    if (!taken.has(j)) out.push({ label: at(item, j), kind: "added", after: item });
  });
}

const shorten = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/** The values of the longest run of `values` that keeps rising: the items that kept their place. */
function longestRising(values: number[]): Set<number> {
  const length = values.map(() => 1);
  const previous = values.map(() => -1);
  values.forEach((value, i) => {
    for (let k = 0; k < i; k++) {
      if (values[k] < value && length[k] + 1 > length[i]) [length[i], previous[i]] = [length[k] + 1, k];
    }
  });
  const kept = new Set<number>();
  for (let i = length.indexOf(Math.max(0, ...length)); i >= 0; i = previous[i]) kept.add(values[i]);
  return kept;
}

/** A change's field as one line: "What we cover › Appraisals › Text". */
export const fieldLine = (change: Change) => change.label.join(" › ");

/** A value as the editor reads it: text as it is, a list or group as its values, one per line. */
export function shown(value: unknown): string {
  if (Array.isArray(value)) return value.map(shown).join("\n");
  if (isPlainObject(value)) return Object.values(value).map(shown).join("\n");
  return value === undefined || value === null ? "" : String(value);
}
