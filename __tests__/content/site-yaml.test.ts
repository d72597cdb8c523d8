/**
 * One reading of YAML: whatever the content check passes, the site (gatsby-transformer-yaml's js-yaml) reads to the
 * same values; what the two would read differently is refused, naming the file, line and field and how to write it.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import { load } from "js-yaml";
import { isMap, parseDocument, YAMLMap } from "yaml";
import { validateContentDirectory } from "../../src/content/check";
import { readSourceFiles, serviceFiles } from "../../src/content/read-content";
import { parseData } from "../../src/content/data";
import { patchYaml } from "../../src/content/yaml-patch";
import { DATA_DIR, copyRealData, type ContentCopy } from "../helpers/content.cjs";

const service = `data/${serviceFiles(DATA_DIR)[0]}`;

/** A copy of data/ whose first service file is `edit` of the real one; the check's errors for that file. */
function checkEdited(edit: (text: string) => string): { copy: ContentCopy; text: string; errors: unknown[] } {
  const copy = copyRealData();
  const text = edit(copy.read(service));
  copy.write(service, text);
  const errors = validateContentDirectory(copy.dataDir, copy.root).errors.filter((e) => e.file === service);
  return { copy, text, errors };
}

const cases: [string, (text: string) => string, RegExp][] = [
  [
    "an unknown tag",
    (t) => t.replace(/^title: /m, "title: !foo "),
    /cannot be read by the site's YAML reader \(unknown tag/,
  ],
  [
    "a binary number",
    (t) => t.replace(/^title: .*$/m, "title: 0b101"),
    /as the number 5, not as the text "0b101": put the value in quotes: "0b101"/,
  ],
  [
    "a date",
    (t) => t.replace(/^summary: [\s\S]*?(?=^\w)/m, "summary: 2001-12-14\n"),
    /as the date 2001-12-14, not as the text "2001-12-14"/,
  ],
  [
    "a byte-order mark before a directive",
    (t) => `\uFEFF%YAML 1.1\n---\n${t}`,
    /starts with the YAML directive "%YAML 1.1"/,
  ],
  [
    "a merge key",
    (t) => {
      const doc = parseDocument(t);
      const covers = doc.get("covers", true);
      if (!isMap(covers)) throw new Error("no covers to merge");
      covers.anchor = "covers";
      const merged = new YAMLMap();
      merged.set("<<", doc.createAlias(covers));
      doc.set("audience", merged);
      return doc.toString();
    },
    /is read by the site as .*: write the fields out in full, with no `<<` merge key/,
  ],
];

test.each(cases)("%s is refused, naming the file and what to write", (_name, edit, message) => {
  const { copy, errors } = checkEdited(edit);
  try {
    expect(errors).toContainEqual(expect.objectContaining({ file: service, message: expect.stringMatching(message) }));
    expect(errors.every((e) => typeof (e as { line?: unknown }).line === "number")).toBe(true);
  } finally {
    copy.cleanup();
  }
});

test("every file the check passes, the site reads to the same values", () => {
  const passing = readSourceFiles(DATA_DIR).map(({ text }) => text);
  for (const [, edit] of cases) {
    const { copy, text, errors } = checkEdited(edit);
    copy.cleanup();
    if (errors.length === 0) passing.push(text);
  }
  expect(passing.length).toBeGreaterThan(5);
  for (const text of passing) expect(load(text)).toEqual(parseData(text));
});

test("the editor writes text the site would read as a date or a number in quotes", () => {
  const source = "navLabel: Tax\norder: 1\n";
  for (const label of ["2025-01-31", "0b1010", "1_000", "0x1F", "2001-12-14 21:59:43"]) {
    const written = patchYaml(source, { navLabel: label, order: 1 });
    expect((load(written) as { navLabel: unknown }).navLabel).toBe(label);
    expect(parseData(written).navLabel).toBe(label);
    const added = patchYaml("order: 1\n", { order: 1, navLabel: label });
    expect((load(added) as { navLabel: unknown }).navLabel).toBe(label);
  }
});

test("an anchor that an alias repeats is meant and passes; one that nothing repeats swallows a word and is refused", () => {
  const repeated = checkEdited((t) =>
    t.replace(/^title: (.*)$/m, "title: &title $1").replace(/^summary: [\s\S]*?(?=^\w)/m, "summary: *title\n"),
  );
  repeated.copy.cleanup();
  expect(repeated.errors).toEqual([]);
  expect(load(repeated.text)).toEqual(parseData(repeated.text));
  const swallowed = checkEdited((t) => t.replace(/^title: (.*)$/m, "title: &Sons $1"));
  swallowed.copy.cleanup();
  expect(swallowed.errors).toEqual([
    expect.objectContaining({
      message: expect.stringMatching(/^is not valid YAML: a value starting with & must be in quotes/),
    }),
  ]);
});
