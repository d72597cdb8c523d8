/**
 * Field-by-field merge of one editor's changes onto a file that someone else changed after the editor opened it.
 * A field is a value at a path (title, covers.items[1].text); a list whose length changed is one field. The editor's
 * changes (what they made different from the file as they opened it) are applied onto the file as it is now, unless
 * the other change touched the same field differently: then nothing merges, and the fields are named. The editor
 * merges a save so, and the content API a Publish onto a live file that changed since the draft was made.
 */
import deepEqual from "fast-deep-equal";
import { changedPaths, isPlainObject, readablePath, valueAt, type Data, type Path } from "./data";

/** `value` with `path` set to `next` (removed when undefined); the parents exist (they were in both versions). */
function withValueAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path;
  if (Array.isArray(value) && typeof key === "number") {
    const copy = [...value];
    copy[key] = withValueAt(value[key], rest, next);
    return copy;
  }
  const copy: Data = isPlainObject(value) ? { ...value } : {};
  const child = withValueAt(copy[key], rest, next);
  if (child === undefined) delete copy[key];
  else copy[key] = child;
  return copy;
}

const overlaps = (a: Path, b: Path) => {
  const n = Math.min(a.length, b.length);
  return a.slice(0, n).every((key, i) => key === b[i]);
};

export type MergeResult = { merged: Data; conflicts?: undefined } | { conflicts: string[] };

/**
 * `mine` (the editor's data) merged onto `theirs` (the file now), both descended from `base` (the file as opened).
 * Conflicts are the fields both changed to different values, as readable paths (covers.items[1].text).
 */
export function mergeEdits(base: Data, mine: Data, theirs: Data): MergeResult {
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
  return { merged: merged as Data };
}
