/**
 * Clean saves: the editor's YAML format writes back only what changed, over every real content file, and a new file
 * starts with the comments and key order of the content model.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import fs from "fs";
import path from "path";
import { parse } from "yaml";
import { load } from "js-yaml";
import { patchYaml, foldWords, LINE_WIDTH } from "../../src/content/yaml-patch";
import { yamlFormat } from "../../src/cms/yaml-format";
import { writtenText } from "../../src/content/yaml-patch";
import { entryFile, fileHeader, normalize, schemaOfSource, SOURCE_KEY, withSkeleton } from "../../src/cms/entry";
import { loadSchemas, serviceFiles } from "../../src/content/read-content";
import { PAGE_FILES, SERVICE_SCHEMA } from "../../src/content/model";
import { DATA_DIR, copyRealData } from "../helpers/content.cjs";
import { fixtureService } from "../../e2e/tools/fixture-content";
import { validateContentDirectory } from "../../src/content/check";

const schemas = loadSchemas(DATA_DIR);
const format = yamlFormat(schemas);
const contentFiles = [...Object.keys(PAGE_FILES), ...serviceFiles(DATA_DIR)];
const read = (file: string) => fs.readFileSync(path.join(DATA_DIR, file), "utf8");

/** Lines of `after` not in `before`, and the other way round. */
function changed(before: string, after: string) {
  const [a, b] = [before.split("\n"), after.split("\n")];
  const [inA, inB] = [new Set(a), new Set(b)];
  return { removed: a.filter((l) => !inB.has(l)), added: b.filter((l) => !inA.has(l)) };
}

/** Every string field of a data tree, with its path. */
function strings(value: unknown, at: (string | number)[] = []): [(string | number)[], string][] {
  if (typeof value === "string") return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, [...at, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => strings(v, [...at, k]));
  return [];
}
function setIn(value: unknown, at: (string | number)[], next: unknown): unknown {
  if (at.length === 0) return next;
  const copy = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  (copy as Record<string | number, unknown>)[at[0]] = setIn(
    (value as Record<string | number, unknown>)[at[0]],
    at.slice(1),
    next,
  );
  return copy;
}

describe.each(contentFiles)("data/%s", (file) => {
  const source = read(file);

  test("saving it unchanged writes the identical file", () => {
    expect(format.toFile(format.fromFile(source))).toBe(source);
  });

  test("changing any one short text changes one line, to that text, and nothing else", () => {
    const data = format.fromFile(source);
    const short = strings(parse(source)).filter(([, v]) => v.length < 60 && !v.includes("\n"));
    expect(short.length).toBeGreaterThan(0);
    for (const [at, value] of short) {
      const next = `${value} (edited: it's "new")`;
      const out = format.toFile(setIn(data, at, next) as Record<string, unknown>);
      expect(parse(out)).toEqual(setIn(parse(source), at, next));
      const { removed, added } = changed(source, out);
      expect(added).toHaveLength(1);
      expect(removed.length).toBeLessThanOrEqual(1);
    }
  });

  test("changing a long text rewrites only that value, folded within the line width", () => {
    const data = format.fromFile(source);
    // The file's longest one-line text, grown past the line width where it is shorter.
    const [at, value] = strings(parse(source))
      .filter(([, v]) => !v.includes("\n"))
      .sort(([, a], [, b]) => b.length - a.length)[0];
    const next = `${value} One more sentence.`.padEnd(LINE_WIDTH + 20, " More words.");
    const out = format.toFile(setIn(data, at, next) as Record<string, unknown>);
    expect(parse(out)).toEqual(setIn(parse(source), at, next));
    for (const line of out.split("\n")) expect(line.length).toBeLessThanOrEqual(LINE_WIDTH);
    // The comments, and every other line, are as they were.
    const { removed } = changed(source, out);
    expect(removed.every((line) => !line.startsWith("#"))).toBe(true);
    expect(removed.length).toBeLessThanOrEqual(Math.ceil(value.length / 60) + 1);
  });
});

describe("lists and keys", () => {
  const file = serviceFiles(DATA_DIR)[0];
  const source = read(file);
  const data = parse(source) as Record<string, unknown> & { overview: string[] };

  test("an item added to a list is one new line at the list's indentation", () => {
    const out = patchYaml(source, { ...data, overview: [...data.overview, "Another bullet"] });
    expect(changed(source, out)).toEqual({ removed: [], added: ["  - Another bullet"] });
    expect(parse(out)).toEqual({ ...data, overview: [...data.overview, "Another bullet"] });
  });

  // With data/'s one overview item there is none to remove: the test says so and is skipped.
  (data.overview.length > 1 ? test : test.skip)(
    "an item removed from the middle of a list removes its lines only (needs two items)",
    () => {
      const overview = data.overview.filter((_, i) => i !== 1);
      const out = patchYaml(source, { ...data, overview });
      const { removed, added } = changed(source, out);
      // One line, which reads as that item (in quotes where its text needs them).
      expect([removed.map((line) => parse(line)), added]).toEqual([[[data.overview[1]]], []]);
    },
  );

  test("an item inserted at the start of a list", () => {
    const out = patchYaml(source, { ...data, overview: ["First", ...data.overview] });
    expect(parse(out)).toEqual({ ...data, overview: ["First", ...data.overview] });
    expect(changed(source, out).added).toEqual(["  - First"]);
  });

  test("a short text grown long with a colon and a space in it is folded, not quoted past the line width", () => {
    const long = `${"Worded at length ".repeat(7)}: with a colon and a space`;
    const out = patchYaml(source, { ...data, title: long });
    expect(parse(out)).toEqual({ ...data, title: long });
    expect(Math.max(...out.split("\n").map((line) => line.length))).toBeLessThanOrEqual(LINE_WIDTH);
  });

  test("a key removed and a key added", () => {
    const rest: Record<string, unknown> = { ...data };
    delete rest.lead;
    const out = patchYaml(source, { ...rest, extra: "x" });
    expect(parse(out)).toEqual({ ...rest, extra: "x" });
    expect(changed(source, out).added).toEqual(["extra: x"]);
  });

  test("a value filled in where the file has none is written after its indicator, with a space", () => {
    const source = "a: 1\nlist:\n  -\n  - two\nb:\nc: x\n";
    const value = { a: 1, list: ["Fair market valuation", "two"], b: "filled in", c: "x" };
    const out = patchYaml(source, value);
    expect(out).toBe("a: 1\nlist:\n  - Fair market valuation\n  - two\nb: filled in\nc: x\n");
    expect(parse(out)).toEqual(value);
  });

  test("keys named like built-in methods are fields like any other", () => {
    const source = "a: 1\ntoString: x\nconstructor: y\nvalueOf: z\n";
    expect(patchYaml(source, { a: 1, constructor: "y" })).toBe("a: 1\nconstructor: y\n");
    expect(patchYaml(source, { a: 1, toString: "x", constructor: "new", valueOf: "z" })).toBe(
      "a: 1\ntoString: x\nconstructor: new\nvalueOf: z\n",
    );
  });

  test("removing one item of a very long list removes its line, without comparing every item with every other", () => {
    const items = Array.from({ length: 15_000 }, (_, i) => `Item ${i}`);
    const source = `list:\n${items.map((item) => `  - ${item}\n`).join("")}`;
    const started = Date.now();
    const out = patchYaml(source, { list: items.filter((_, i) => i !== 7_000) });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(changed(source, out)).toEqual({ removed: ["  - Item 7000"], added: [] });
  });

  test("a value that would not read back as the form held it is never written", () => {
    // The safety net under every save: NaN, which a YAML file cannot hold as a number, reads back as text.
    expect(() => writtenText({ source: "order: 1\n", fields: { order: NaN } })).toThrow(
      /^Not saved: order would not read back from the file as you typed it, so nothing was written/,
    );
  });

  test("any text, in any style and place the file has, is written so that both YAML readers read it back exactly", () => {
    // Text starting with spaces or blank lines, ending in blank lines or spaces, lines of only spaces, tabs, quotes,
    // YAML's indicators, carriage returns and other characters a block cannot hold: every string of up to 8 of
    // these that a seeded generator draws, over values written plain, quoted, as blocks (with an indentation
    // indicator, kept blank lines), with a comment after them, at the file's end, nested, as list items, and added.
    const alphabet = [" ", " ", "\n", "\n", "a", "\t", "#", ":", "-", "'", '"', "|", ">", "\r", "\\", "é", "\u2028"];
    const sources = [
      "k: plain\nz: 1\n",
      "k: plain # a comment\nz: 1\n",
      "k:\n  plain on its own line\nz: 1\n",
      "k: 'single'\nz: 1\n",
      'k: "double"\nz: 1\n',
      "k: |-\n  one\n  two\nz: 1\n",
      "k: |2\n    indented\n  two\nz: 1\n",
      "k: >-\n  folded\n  text\nz: 1\n",
      "k: |+\n  kept\n\n\nz: 1\n",
      "z: 1\nk: |-\n  at the end\n  without a newline",
      "z: 1\nk: plain at the end",
      "m:\n  k: |-\n    nested\n    two\n  z: 1\n",
      "l:\n  - |-\n    an item\n    two\n  - other\n",
      "l:\n- plain item at the list's column\n- other\n",
      "z: 1\n",
      "l:\n  - other\n",
    ];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (const source of sources) {
      const base = parse(source) as Record<string, unknown>;
      // The list of one item gets a second; the other sources have the value changed, or added where they lack it.
      const at = "m" in base ? ["m", "k"] : "l" in base ? ["l", (base.l as unknown[]).length === 1 ? 1 : 0] : ["k"];
      for (let i = 0; i < 150; i++) {
        const text = Array.from({ length: 1 + random(8) }, () => alphabet[random(alphabet.length)]).join("");
        const fields = setIn(base, at, text) as Record<string, unknown>;
        const written = writtenText({ source, fields });
        expect({ source, text, read: [parse(written), load(written)] }).toEqual({
          source,
          text,
          read: [fields, fields],
        });
      }
    }
  });

  test("text that YAML would misread is quoted", () => {
    for (const tricky of ["Hours: Monday", "404", "true", "- dash", "# hash", "Learn #more", " padded "]) {
      const out = patchYaml(source, { ...data, navLabel: tricky });
      expect((parse(out) as { navLabel: string }).navLabel).toBe(tricky);
    }
  });

  test("folding keeps every word and stays within the width", () => {
    const words = "word ".repeat(100).trim();
    const lines = foldWords(words, 50);
    expect(lines.join(" ")).toBe(words);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(50);
  });
});

describe("a new service file", () => {
  // A slug, an order and a menu label no service in data/ has, so any valid content keeps this test's draft valid.
  const added = fixtureService();
  const entry = entryFile("services", added.slug);
  const draft = {
    title: "Valuation Training",
    slug: added.slug,
    order: added.order,
    navLabel: added.navLabel,
    description: "Workshops for finance teams.",
    summary: "Workshops.",
    overview: ["Workshops"],
    lead: "We teach. ".repeat(20).trim(),
    covers: { items: [{ text: "How it works.", title: "Method" }], heading: "What we cover" },
    audience: { heading: "Who it is for", items: ["Finance teams"] },
    deliverables: { heading: "What you receive", items: ["Slides"] },
  };

  test("starts with the schema line and the description, keys in the schema's order, and passes the content check", () => {
    const text = format.toFile({ ...draft, [SOURCE_KEY]: fileHeader(schemas, entry) });
    const lines = text.split("\n");
    expect(lines[0]).toBe("# yaml-language-server: $schema=../schema/service.schema.json");
    expect(lines[1]).toBe(`# ${schemas[SERVICE_SCHEMA].description}`);
    expect(schemaOfSource(text)).toBe(SERVICE_SCHEMA);
    expect(Object.keys(parse(text) as object)).toEqual(Object.keys(schemas[SERVICE_SCHEMA].properties!));
    expect(lines.find((l) => l.startsWith("  items:") || l.startsWith("    - title"))).toBeDefined();
    const copy = copyRealData();
    try {
      copy.write(`data/${added.file}`, text);
      if (added.replaces) copy.remove(`data/${added.replaces}`);
      expect(validateContentDirectory(copy.dataDir, copy.root).errors).toEqual([]);
    } finally {
      copy.cleanup();
    }
  });

  test("empty optional values the editor's widgets leave behind are not written; unknown keys stay, last", () => {
    const schema = { type: "object", required: ["a"], properties: { a: { type: "string" }, b: { type: "string" } } };
    expect(normalize({ z: 1, b: "", a: "x" }, schema, {}, "x")).toEqual({ a: "x", z: 1 });
    expect(Object.keys(normalize({ z: 1, b: "y", a: "x" }, schema, {}, "x") as object)).toEqual(["a", "b", "z"]);
  });

  test("the preview gets every field of the schema, even before the editor has written them", () => {
    const filled = withSkeleton({ title: "T" }, schemas[SERVICE_SCHEMA], schemas, SERVICE_SCHEMA) as Record<
      string,
      unknown
    >;
    expect(Object.keys(filled).sort()).toEqual(Object.keys(schemas[SERVICE_SCHEMA].properties!).sort());
    expect(filled.title).toBe("T");
    expect(filled.covers).toEqual({ heading: "", items: [] });
  });
});
