/**
 * Field-by-field merge of one editor's changes onto a file that someone else changed after the editor opened it.
 * A field is a value at a path (title, covers.items[1].text); a list whose length changed is one field. The editor's
 * changes (what they made different from the file as they opened it) are applied onto the file as it is now, unless
 * the other change touched the same field differently: then nothing merges, and the fields are named.
 */
import { readablePath } from "../content/rules";
import { isPlainObject } from "../content/site-content";

type Path = (string | number)[];

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

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

function valueAt(value: unknown, path: Path): unknown {
  let node = value;
  for (const key of path) {
    if (Array.isArray(node) && typeof key === "number") node = node[key];
    else if (isPlainObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

/** `value` with `path` set to `next` (removed when undefined); the parents exist (they were in both versions). */
function withValueAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path;
  if (Array.isArray(value) && typeof key === "number") {
    const copy = [...value];
    copy[key] = withValueAt(value[key], rest, next);
    return copy;
  }
  const copy: Record<string, unknown> = isPlainObject(value) ? { ...value } : {};
  const child = withValueAt(copy[key], rest, next);
  if (child === undefined) delete copy[key];
  else copy[key] = child;
  return copy;
}

const overlaps = (a: Path, b: Path) => {
  const n = Math.min(a.length, b.length);
  return a.slice(0, n).every((key, i) => key === b[i]);
};

export type MergeResult = { merged: Record<string, unknown>; conflicts?: undefined } | { conflicts: string[] };

/**
 * `mine` (the editor's data) merged onto `theirs` (the file now), both descended from `base` (the file as opened).
 * Conflicts are the fields both changed to different values, as readable paths (covers.items[1].text).
 */
export function mergeEdits(
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
): MergeResult {
  const mineChanged = changedPaths(base, mine);
  const theirsChanged = changedPaths(base, theirs);
  const conflicts = new Set<string>();
  for (const m of mineChanged) {
    for (const t of theirsChanged) {
      if (!overlaps(m, t)) continue;
      const shorter = m.length <= t.length ? m : t;
      if (!deepEqual(valueAt(mine, shorter), valueAt(theirs, shorter))) conflicts.add(readablePath(shorter));
    }
  }
  if (conflicts.size > 0) return { conflicts: [...conflicts] };
  const merged = mineChanged.reduce<unknown>((acc, path) => withValueAt(acc, path, valueAt(mine, path)), theirs);
  return { merged: merged as Record<string, unknown> };
}
