/**
 * Content as data, free of the schemas and the site: a file's text read as fields (by YAML 1.2's core schema, as the
 * content check and the editor read it), where a value sits in it, what changed between two versions, and where a
 * field's line is. The editor loads this with its first script; the content check's rules (rules.ts) load later.
 */
import deepEqual from "fast-deep-equal";
import { isMap, isScalar, parseDocument, type Document, type LineCounter } from "yaml";

export type Data = Record<string, unknown>;

export const isPlainObject = (value: unknown): value is Data =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Where a value sits in content data: keys and list indexes. */
export type Path = (string | number)[];

/** The paths at which `after` differs from `before`, as deep as both sides keep the same shape. */
export function changedPaths(before: unknown, after: unknown, at: Path = []): Path[] {
  if (deepEqual(before, after)) return [];
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((key) => changedPaths(before[key], after[key], [...at, key]));
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return before.flatMap((item, i) => changedPaths(item, after[i], [...at, i]));
  }
  return [at];
}

/** The value at `path` (own keys and list indexes only); undefined where there is none. */
export function valueAt(value: unknown, path: Path): unknown {
  let node = value;
  for (const key of path) {
    if (Array.isArray(node) && typeof key === "number") node = node[key];
    else if (isPlainObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

/** A content file's fields (a file that holds no mapping, or is no valid YAML, reads as none: the check names it). */
export function parseData(text: string): Data {
  const doc = parseDocument(text);
  let value: unknown = null;
  try {
    // An alias to no anchor, or too many, throws: such a file reads as empty, as one that does not parse.
    if (doc.errors.length === 0) value = doc.toJS();
  } catch {
    value = null;
  }
  return isPlainObject(value) ? value : {};
}

/** Turns ajv's /a/0/b into a.b[0]-style paths editors can read. */
export function readablePath(segments: (string | number)[]): string {
  return segments.reduce<string>((acc, seg) => {
    if (typeof seg === "number" || /^\d+$/.test(String(seg))) return `${acc}[${seg}]`;
    return acc ? `${acc}.${seg}` : String(seg);
  }, "");
}

/** The line of the field at `segments`, or of its nearest parent that exists. */
export function lineOf(doc: Document, counter: LineCounter, segments: (string | number)[]): number | undefined {
  // The deepest node that exists on the path: the field itself, or its parent when the field is missing.
  for (let depth = segments.length; depth >= 0; depth--) {
    const head = segments.slice(0, depth);
    if (depth > 0) {
      const parentNode = doc.getIn(head.slice(0, -1), true);
      const last = head[head.length - 1];
      if (isMap(parentNode)) {
        const pair = parentNode.items.find((item) => isScalar(item.key) && item.key.value === last);
        if (pair && isScalar(pair.key) && pair.key.range) return counter.linePos(pair.key.range[0]).line;
      }
    }
    const node = depth === 0 ? doc.contents : doc.getIn(head, true);
    const range = (node as { range?: [number, number, number] } | null)?.range;
    if (range) return counter.linePos(range[0]).line;
  }
  return undefined;
}
