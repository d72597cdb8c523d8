/**
 * Field-by-field merge of one editor's changes onto a file that someone else changed after the editor opened it.
 * A field is a value at a path (title, covers.items[1].text); a list whose length changed, or whose items (known by
 * their slug, title or URL) moved, is one field, so a reorder meeting an edit of an item is refused. The editor's
 * changes (what they made different from the file as they opened it) are applied onto the file as it is now, unless
 * the other change touched the same field differently: then nothing merges, and the fields are named. The content
 * service merges so a save onto a file that changed since it was opened, and a Publish onto a live file that changed
 * since the draft was made.
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

/** What identifies a list's item where the model gives it one (a service's slug, a link's URL, a point's title). */
const IDENTITY = ["slug", "url", "href", "title", "name", "label", "heading"];
const identity = (item: unknown) =>
  JSON.stringify(
    isPlainObject(item) ? (IDENTITY.map((key) => item[key]).find((v) => typeof v === "string") ?? item) : item,
  );

/** Whether `after` holds the items of the list `before`, each known by what identifies it, in another order. */
function reordered(before: unknown, after: unknown): boolean {
  if (!Array.isArray(before) || !Array.isArray(after) || before.length !== after.length) return false;
  const [was, now] = [before.map(identity), after.map(identity)];
  const sorted = (list: string[]) => [...list].sort().join("\n");
  return was.join("\n") !== now.join("\n") && sorted(was) === sorted(now) && new Set(was).size === was.length;
}

/** The fields `after` changed from `base`, a list it reordered being one field: its items moved, whatever else. */
function changedFields(base: Data, after: Data): Path[] {
  const fields = changedPaths(base, after).map((path) => {
    const list = path.findIndex((_, n) => reordered(valueAt(base, path.slice(0, n)), valueAt(after, path.slice(0, n))));
    return list < 0 ? path : path.slice(0, list);
  });
  return fields.filter((path, i) => fields.findIndex((other) => readablePath(other) === readablePath(path)) === i);
}

export type MergeResult = { merged: Data; conflicts?: undefined } | { conflicts: string[] };

/**
 * `mine` (the editor's data) merged onto `theirs` (the file now), both descended from `base` (the file as opened).
 * Conflicts are the fields both changed to different values, as readable paths (covers.items[1].text).
 */
export function mergeEdits(base: Data, mine: Data, theirs: Data): MergeResult {
  const mineChanged = changedFields(base, mine);
  const theirsChanged = changedFields(base, theirs);
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
