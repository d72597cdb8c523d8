/**
 * How two versions of a content file differ, field by field, named as the form names its fields: the editor's
 * history summarises each version with it and shows a version beside today's.
 * @jest-environment node
 */
import fs from "fs";
import path from "path";
import { compare, fieldLine, shown, type Change } from "../../src/cms/history";
import { servicesCollection } from "../../src/cms/config";
import { loadSchemas } from "../../src/content/read-content";
import { parseData } from "../../src/content/data";
import { DATA_DIR } from "../helpers/content.cjs";

const fields = [
  { name: "title", label: "Title" },
  { name: "points", label: "Points", field: { name: "item", label: "Points" } },
  {
    name: "covers",
    label: "What we cover",
    fields: [
      { name: "heading", label: "Heading" },
      {
        name: "items",
        label: "Items",
        summary: "{{fields.title}}",
        fields: [
          { name: "title", label: "Title" },
          { name: "text", label: "Text" },
        ],
      },
    ],
  },
];
const lines = (changes: Change[]) => changes.map((c) => `${c.kind} ${fieldLine(c)}`);
const covers = (...items: [string, string][]) => ({
  heading: "What we cover",
  items: items.map(([title, text]) => ({ title, text })),
});

test("no change, no difference; a changed text is named by its label, with both values", () => {
  const data = { title: "A", points: ["x"], covers: covers(["One", "1"]) };
  expect(compare(data, structuredClone(data), fields)).toEqual([]);
  expect(compare(data, { ...data, title: "B" }, fields)).toEqual([
    { label: ["Title"], kind: "changed", before: "A", after: "B" },
  ]);
});

test("a nested field is named by each label down to it, a list item by its summary field", () => {
  const before = { covers: covers(["One", "1"], ["Two", "2"]) };
  const after = { covers: covers(["One", "1"], ["Two", "2 changed"]) };
  const changes = compare(before, after, fields);
  expect(changes.map(fieldLine)).toEqual(["What we cover › Items › Two › Text"]);
  expect(changes[0]).toMatchObject({ kind: "changed", before: "2", after: "2 changed" });
});

test("items added and removed are named with their values; a field added or removed too", () => {
  const before = { title: "A", points: ["x", "y"], covers: covers(["One", "1"]) };
  const after = { points: ["x", "z"], covers: covers(["One", "1"], ["Two", "2"]) };
  // "y" gave way to "z" in its place: that item changed. "Two" is new, the title gone.
  expect(lines(compare(before, after, fields))).toEqual([
    "removed Title",
    "changed Points › z",
    "added What we cover › Items › Two",
  ]);
  expect(lines(compare({ points: ["x", "y"] }, { points: ["y"] }, fields))).toEqual(["removed Points › x"]);
});

test("a reordered list: only the item that left its place among the others is moved", () => {
  const changes = compare({ points: ["a", "b", "c", "d"] }, { points: ["d", "a", "b", "c"] }, fields);
  expect(changes).toEqual([{ label: ["Points", "d"], kind: "moved", before: 4, after: 1 }]);
  const swapped = compare(
    { covers: covers(["One", "1"], ["Two", "2"]) },
    { covers: covers(["Two", "2"], ["One", "1"]) },
    fields,
  );
  // Two swapped items: one of them moved (the first keeps its place among the rest).
  expect(lines(swapped)).toEqual(["moved What we cover › Items › Two"]);
});

test("a renamed item in its place is that item changed; keys the form does not know are humanised", () => {
  const changes = compare({ covers: covers(["One", "1"]) }, { covers: covers(["Uno", "1"]), extraNote: "x" }, fields);
  expect(lines(changes)).toEqual(["changed What we cover › Items › Uno › Title", "added Extra note"]);
});

test("shown: text as it is, lists and groups as their values one per line", () => {
  expect(shown({ title: "T", text: "x" })).toBe("T\nx");
  expect(shown(["a", 2])).toBe("a\n2");
  expect(shown(undefined)).toBe("");
});

test("each service as a new file: every field it holds is named by the form's label for it", () => {
  const form = servicesCollection(loadSchemas(DATA_DIR)).fields;
  for (const name of fs.readdirSync(path.join(DATA_DIR, "services"))) {
    const data = parseData(fs.readFileSync(path.join(DATA_DIR, "services", name), "utf8"));
    const labels = form.filter((f) => f.name in data).map((f) => [f.label]);
    expect(compare({}, data, form).map((c) => c.label)).toEqual(labels);
  }
});
