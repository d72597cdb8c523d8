/**
 * Broken copies of data/, one mistake each, and what the content check must report for it: the cases of
 * __tests__/content/validate.test.ts. Each takes its values from data/ and data/schema/, so they hold for any valid
 * content.
 */
import { parseDocument } from "yaml";
import { loadSchemas, readSourceFiles, serviceFiles } from "../../src/content/read-content";
import { SERVICE_COUNT } from "../../src/content/model";
import { DATA_DIR, type ContentCopy } from "./content.cjs";
import { parseData } from "../../src/content/data";

/** What a test expects of one reported problem. `line` is computed from the broken file, never hard-coded. */
export interface Expected {
  file: string;
  path: string;
  message: RegExp;
  line?: (copy: ContentCopy) => number;
  column?: (copy: ContentCopy) => number;
}

/** A list's bounds as data/schema/ gives them, e.g. the process steps' minItems and maxItems. */
function bounds(schema: string, ...keys: string[]): { min: number; max: number } {
  let node = loadSchemas(DATA_DIR)[schema];
  for (const key of keys) node = node.properties![key];
  return { min: node.minItems!, max: node.maxItems! };
}
export const STEPS = bounds("home.schema.json", "process", "steps");
const POINTS = bounds("about.schema.json", "whyChooseUs", "points");

/** Gives the list at `keys` of a copied file `count` items: its own items, repeated with numbered titles. */
export function resizeList(c: ContentCopy, file: string, keys: string[], count: number) {
  const doc = parseDocument(c.read(file));
  const items = doc.getIn(keys) as { toJSON(): { title: string; text: string }[] };
  const own = items.toJSON();
  const resized = Array.from({ length: count }, (_, i) => ({ ...own[i % own.length], title: `Item ${i + 1}` }));
  doc.setIn(keys, doc.createNode(resized));
  c.write(file, doc.toString());
}

/** Sets (or, with `undefined`, deletes) one field of a copied file by its path, whatever the content says. */
function setField(c: ContentCopy, file: string, keys: (string | number)[], value: unknown) {
  const doc = parseDocument(c.read(file));
  if (value === undefined) doc.deleteIn(keys);
  else doc.setIn(keys, value);
  c.write(file, doc.toString());
}

/** A field of the real data/ file, e.g. a service's slug. */
function realField(file: string, key: string): unknown {
  const name = file.replace(/^data\//, "");
  return parseData(readSourceFiles(DATA_DIR).find((source) => source.name === name)!.text)[key];
}

/** The founder's portrait as data/firm.yaml gives it, relative to the file (./images/…). */
const portrait = () => String((realField("data/firm.yaml", "founder") as { portrait: string }).portrait);
/** The other image extension the content model takes than the portrait's own. */
const other = () => (portrait().endsWith(".png") ? ".jpg" : ".png");
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The copied content's service files (data/services/…), sorted. */
const copiedServiceFiles = (c: ContentCopy) => serviceFiles(c.dataDir).map((f) => `data/${f}`);

const SERVICE_FILES = serviceFiles(DATA_DIR).map((f) => `data/${f}`);
/**
 * A second service: data/'s second, or where data/ has one, a copy of the first with a slug, order and label of its
 * own, its file named to sort after the first's (x2.yaml after x.yaml), as data/'s second does.
 */
const SECOND = SERVICE_FILES[1] ?? SERVICE_FILES[0].replace(/\.ya?ml$/, "2.yaml");
function withSecond(c: ContentCopy): void {
  if (SERVICE_FILES[1]) return;
  c.write(SECOND, c.read(SERVICE_FILES[0]));
  const field = (key: string) => realField(SERVICE_FILES[0], key);
  setField(c, SECOND, ["slug"], `${String(field("slug"))}2`);
  setField(c, SECOND, ["order"], Number(field("order")) + 1);
  setField(c, SECOND, ["navLabel"], `Second ${String(field("navLabel"))}`);
}

export const cases: [string, (c: ContentCopy) => void, Expected][] = [
  [
    "missing required field (reported at its parent's line)",
    (c) => setField(c, "data/firm.yaml", ["founder", "title"], undefined),
    {
      file: "data/firm.yaml",
      path: "founder.title",
      message: /is required but missing/,
      line: (c) => c.lineOf("data/firm.yaml", /^founder:/),
    },
  ],
  [
    "empty required field (empty quotes)",
    (c) => c.edit("data/home.yaml", /^ {2}headline: .*$/m, '  headline: ""'),
    {
      file: "data/home.yaml",
      path: "hero.headline",
      message: /must not be empty/,
      line: (c) => c.lineOf("data/home.yaml", "headline:"),
    },
  ],
  [
    "empty required field (no value)",
    (c) => c.edit("data/about.yaml", /^heading: .*$/m, "heading:"),
    {
      file: "data/about.yaml",
      path: "heading",
      message: /is empty; expected text/,
      line: (c) => c.lineOf("data/about.yaml", /^heading:/),
    },
  ],
  [
    "blank required field (only spaces)",
    (c) => c.edit("data/layout.yaml", /^skipLink: .*$/m, 'skipLink: "   "'),
    { file: "data/layout.yaml", path: "skipLink", message: /must not be blank/ },
  ],
  [
    'wrong type (founded: "twenty")',
    (c) => c.edit("data/firm.yaml", /^founded: .*$/m, 'founded: "twenty"'),
    {
      file: "data/firm.yaml",
      path: "founded",
      message: /must be a whole number.*"twenty"/,
      line: (c) => c.lineOf("data/firm.yaml", /^founded:/),
    },
  ],
  [
    "wrong type (a list where text is expected)",
    (c) => c.edit("data/not-found.yaml", /^text: .*$/m, "text:\n  - one\n  - two"),
    { file: "data/not-found.yaml", path: "text", message: /must be text.*a list of 2/ },
  ],
  [
    "unknown key (typo titel)",
    (c) => c.edit("data/about.yaml", /^title:/m, "titel:"),
    {
      file: "data/about.yaml",
      path: "titel",
      message: /not a known field.*\btitle\b/,
      line: (c) => c.lineOf("data/about.yaml", /^titel:/),
    },
  ],
  [
    "unknown key nested in a section",
    (c) => c.edit("data/home.yaml", /^ {2}cta: .*$/m, "$&\n  ctaa: Get going"),
    { file: "data/home.yaml", path: "hero.ctaa", message: /not a known field.*\bcta\b/ },
  ],
  [
    "duplicate slug across two service files",
    (c) => {
      withSecond(c);
      setField(c, SECOND, ["slug"], realField(SERVICE_FILES[0], "slug"));
    },
    {
      file: SECOND,
      path: "slug",
      message: new RegExp(`"${String(realField(SERVICE_FILES[0], "slug"))}" is already used by ${SERVICE_FILES[0]}`),
      line: (c) => c.lineOf(SECOND, /^slug:/),
    },
  ],
  [
    "duplicate order across two service files",
    (c) => {
      withSecond(c);
      setField(c, SECOND, ["order"], realField(SERVICE_FILES[0], "order"));
    },
    {
      file: SECOND,
      path: "order",
      message: new RegExp(`${String(realField(SERVICE_FILES[0], "order"))} is already used by ${SERVICE_FILES[0]}`),
    },
  ],
  [
    "menu label that repeats another service's, but for case and spaces",
    (c) => {
      withSecond(c);
      setField(c, SECOND, ["navLabel"], ` ${String(realField(SERVICE_FILES[0], "navLabel")).toUpperCase()}  `);
    },
    {
      file: SECOND,
      path: "navLabel",
      message: new RegExp(`is already used by ${SERVICE_FILES[0]}; each service needs its own navLabel`),
      line: (c) => c.lineOf(SECOND, /^navLabel:/),
    },
  ],
  [
    "slug that is not URL-safe",
    (c) => setField(c, SERVICE_FILES[0], ["slug"], "Business Valuation"),
    {
      file: SERVICE_FILES[0],
      path: "slug",
      message: /URL-safe.*"Business Valuation"/,
      line: (c) => c.lineOf(SERVICE_FILES[0], /^slug:/),
    },
  ],
  [
    "form endpoint whose host would add a directive to every page's policy",
    (c) => setField(c, "data/contact.yaml", ["form", "endpoint"], "https://formspree.io;sandbox/f/abcd1234"),
    {
      file: "data/contact.yaml",
      path: "form.endpoint",
      message: /https:\/\/ URL on a plain host name.*"formspree\.io;sandbox"/,
      line: (c) => c.lineOf("data/contact.yaml", /^ {2}endpoint:/),
    },
  ],
  [
    "a YAML directive, which the site's YAML reader would read another way",
    (c) => c.write("data/home.yaml", `%YAML 1.1\n---\n${c.read("data/home.yaml")}`),
    {
      file: "data/home.yaml",
      path: "",
      message: /starts with the YAML directive "%YAML 1\.1".*remove/,
      line: () => 1,
    },
  ],
  [
    "a %TAG directive after a comment",
    (c) =>
      c.write("data/about.yaml", `# About page\n%TAG !e! tag:example.com,2026:\n---\n${c.read("data/about.yaml")}`),
    {
      file: "data/about.yaml",
      path: "",
      message: /YAML directive "%TAG !e! tag:example\.com,2026:"/,
      line: () => 2,
    },
  ],
  [
    "malformed YAML: bad indentation",
    (c) => c.edit("data/home.yaml", /^ {2}cta: /m, "   cta: "),
    {
      file: "data/home.yaml",
      path: "",
      message: /is not valid YAML/,
      line: (c) => c.lineOf("data/home.yaml", /^ {3}cta: /),
    },
  ],
  [
    "malformed YAML: a field indented under a field that has its value (the mistake is below YAML's notice)",
    (c) => c.edit("data/home.yaml", /^( {2}\w+: [^\s>|].*\n) {2}(\w+:)/m, "$1   $2"),
    {
      file: "data/home.yaml",
      path: "",
      message:
        /not lined up with the field on line \d+: indent it exactly as far as the fields at its level\. The line reads: " {3}\w+:/,
      line: (c) => c.lineOf("data/home.yaml", /^ {3}\w+:/),
      column: () => 4,
    },
  ],
  [
    "malformed YAML: folded text indented no further than its field",
    (c) => c.edit("data/home.yaml", /^( +)(\w+: >-\n) +/m, "$1$2$1"),
    {
      file: "data/home.yaml",
      path: "",
      message: /the text of the field on line \d+ must be indented further than that field\. The line reads: " +\S/,
      line: (c) => c.lineOf("data/home.yaml", /^ +\w+: >-/) + 1,
      column: (c) => /^ */.exec(c.read("data/home.yaml").match(/^ +\w+: >-/m)![0])![0].length + 1,
    },
  ],
  [
    "malformed YAML: a tab for indentation",
    (c) => c.edit("data/home.yaml", /^ {2}(\w+:)/m, "\t$1"),
    {
      file: "data/home.yaml",
      path: "",
      message: /a tab indents this line: indent with spaces only\. The line reads: "\\t\w+:/,
      line: (c) => c.lineOf("data/home.yaml", /^\t/),
    },
  ],
  [
    "an alias to no anchor (YAML parses it, but it reads as no data)",
    (c) => c.edit("data/firm.yaml", /^name: .*$/m, "name: *New*"),
    {
      file: "data/firm.yaml",
      path: "",
      message: /a value starting with \* must be in quotes\. The line reads: "name: \*New\*"/,
      line: (c) => c.lineOf("data/firm.yaml", /^name:/),
    },
  ],
  [
    "more aliases than the reader allows",
    (c) => c.edit("data/firm.yaml", /^name: (.*)$/m, `name: &n $1\nmany: [${Array(120).fill("*n").join(", ")}]`),
    {
      file: "data/firm.yaml",
      path: "",
      message: /a value starting with \* must be in quotes/,
      line: (c) => c.lineOf("data/firm.yaml", /^many:/),
    },
  ],
  [
    "a merge key with no group of fields to merge",
    (c) => c.edit("data/firm.yaml", /^name: /m, "!!merge x: v\nname: "),
    {
      file: "data/firm.yaml",
      path: "",
      message: /cannot be read by the site's YAML reader \(Merge sources must be maps or map aliases\): remove the tag/,
      line: (c) => c.lineOf("data/firm.yaml", /^!!merge/),
    },
  ],
  [
    "malformed YAML: a quote mark that closes before the value ends",
    (c) => c.edit("data/firm.yaml", /^name: (.*)$/m, 'name: "Harborline" $1'),
    {
      file: "data/firm.yaml",
      path: "",
      message: /a quote mark closes the value before it ends: put the whole value in the other kind of quote marks\./,
      line: (c) => c.lineOf("data/firm.yaml", /^name:/),
      column: () => "name: ".length + 1,
    },
  ],
  // (! starts a tag: valid YAML, judged as the site reads it. & starts an anchor: refused where no alias uses it.)
  ...["@", "%", "`", "|", ">", "*", "&"].map((start): [string, (c: ContentCopy) => void, Expected] => [
    `malformed YAML: a value starting with ${start}`,
    (c) => c.edit("data/firm.yaml", /^name: (.*)$/m, `name: ${start}home $1`),
    {
      file: "data/firm.yaml",
      path: "",
      message: new RegExp(
        `a value starting with \\${start} must be in quotes\\. The line reads: "name: \\${start}home`,
      ),
      line: (c) => c.lineOf("data/firm.yaml", /^name:/),
    },
  ]),
  [
    "malformed YAML: a colon and a space inside a value",
    (c) => c.edit("data/firm.yaml", /^name: .*$/m, "name: Harborline: Valuation"),
    {
      file: "data/firm.yaml",
      path: "",
      message:
        /a value with a colon and a space in it must be in quotes\. The line reads: "name: Harborline: Valuation"/,
      line: (c) => c.lineOf("data/firm.yaml", /^name:/),
    },
  ],
  [
    "malformed YAML: a value opening a list it never closes",
    (c) => c.edit("data/firm.yaml", /^name: .*$/m, "name: [unclosed"),
    {
      file: "data/firm.yaml",
      path: "",
      message: /a value starting with \[ or \{ is read as a list: put the whole value in quotes/,
      line: (c) => c.lineOf("data/firm.yaml", /^name:/),
      column: () => 7,
    },
  ],
  [
    "malformed YAML: a field's name written as a list (YAML's complex key, which the site reads as text)",
    (c) => c.edit("data/firm.yaml", /^name: /m, "? [a, b]\n: c\nname: "),
    {
      file: "data/firm.yaml",
      path: "",
      message:
        /every field is its name in plain text, a colon and a space, then its value\. The line reads: "\? \[a, b\]"/,
      line: (c) => c.lineOf("data/firm.yaml", /^\? /),
      column: () => 3,
    },
  ],
  [
    "malformed YAML: a first line that is no field",
    (c) => c.write("data/firm.yaml", `Harborline\n${c.read("data/firm.yaml").replace(/^#.*\n/gm, "")}`),
    {
      file: "data/firm.yaml",
      path: "",
      message:
        /every field is its name in plain text, a colon and a space, then its value\. The line reads: "Harborline"/,
      line: () => 1,
    },
  ],
  [
    "malformed YAML: a file that opens a quote on its first line and never closes it",
    (c) => c.write("data/not-found.yaml", '"The page you were looking for\n'),
    {
      file: "data/not-found.yaml",
      path: "",
      message: /a quote mark opens a value here and never closes it.*The line reads: "\\"The page/,
      line: () => 1,
      column: () => 1,
    },
  ],
  [
    "malformed YAML: unclosed quote",
    // The name as it reads, whatever quotes the file has it in.
    (c) => c.edit("data/firm.yaml", /^name: .*$/m, `name: "${String(parseData(c.read("data/firm.yaml")).name)}`),
    {
      file: "data/firm.yaml",
      path: "",
      message: /is not valid YAML: a quote mark opens a value here and never closes it/,
      line: (c) => c.lineOf("data/firm.yaml", /^name: "/),
    },
  ],
  [
    "malformed YAML: the same key twice",
    (c) => c.edit("data/not-found.yaml", /^(heading: .*)$/m, "$1\nheading: Again"),
    {
      file: "data/not-found.yaml",
      path: "",
      message: /is not valid YAML: this field is written twice at the same level: keep one/,
      line: (c) => c.lineOf("data/not-found.yaml", "heading: Again"),
    },
  ],
  [
    "an image path from the site's root, as a visitor's address reads",
    (c) => setField(c, "data/firm.yaml", ["founder", "portrait"], portrait().replace(/^\.\//, "/")),
    {
      file: "data/firm.yaml",
      path: "founder.portrait",
      message: new RegExp(`does not exist: ${escape(portrait().slice(1))}; did you mean ${escape(portrait())}\\?`),
    },
  ],
  [
    "an image path with another extension than the file's",
    (c) => setField(c, "data/firm.yaml", ["founder", "portrait"], portrait().replace(/\.\w+$/, other)),
    {
      file: "data/firm.yaml",
      path: "founder.portrait",
      message: new RegExp(`does not exist: data/.*\\${other()}; did you mean ${escape(portrait())}\\?`),
    },
  ],
  [
    "an image path that does not exist",
    (c) => setField(c, "data/firm.yaml", ["founder", "portrait"], "./images/missing-portrait.jpg"),
    {
      file: "data/firm.yaml",
      path: "founder.portrait",
      message: /image that does not exist: data\/images\/missing-portrait\.jpg/,
      line: (c) => c.lineOf("data/firm.yaml", "portrait: ./images/missing-portrait.jpg"),
    },
  ],
  [
    "an image path that is not an image",
    (c) => setField(c, "data/firm.yaml", ["credential", "badge"], "./images/cva-badge.pdf"),
    { file: "data/firm.yaml", path: "credential.badge", message: /must be a \.jpg or \.png image path/ },
  ],
  [
    "an http:// link in firm.yaml",
    (c) => setField(c, "data/firm.yaml", ["links", 0, "url"], "http://www.example.com/"),
    {
      file: "data/firm.yaml",
      path: "links[0].url",
      message: /absolute https:\/\/ URL/,
      line: (c) => c.lineOf("data/firm.yaml", "url: http://www.example.com/"),
    },
  ],
  [
    "a link in firm.yaml that is not a URL",
    (c) => setField(c, "data/firm.yaml", ["links", 0, "url"], "not a url"),
    { file: "data/firm.yaml", path: "links[0].url", message: /URL.*"not a url"/ },
  ],
  [
    "a phone number that cannot be dialled",
    (c) => c.edit("data/firm.yaml", /^ {2}display: .*$/m, "  display: call us"),
    {
      file: "data/firm.yaml",
      path: "phone.display",
      message: /"call us", which is not a phone number that can be dialled from the office's country \(US\)/,
      line: (c) => c.lineOf("data/firm.yaml", "display: call us"),
    },
  ],
  [
    "a phone number one digit short",
    (c) => c.edit("data/firm.yaml", /^ {2}display: .*$/m, "  display: (310) 555-014"),
    {
      file: "data/firm.yaml",
      path: "phone.display",
      message: /"\(310\) 555-014", which is not a phone number that can be dialled/,
    },
  ],
  [
    "a state that is not one of the listed codes: one message, naming the codes",
    (c) => setField(c, "data/firm.yaml", ["address", "region"], "Calif"),
    {
      file: "data/firm.yaml",
      path: "address.region",
      message: /^must be one of AL, AK, .*\bCA\b.*; found "Calif"$/,
      line: (c) => c.lineOf("data/firm.yaml", "region: Calif"),
    },
  ],
  [
    "a state written as its name is told the code to write",
    (c) => setField(c, "data/firm.yaml", ["address", "region"], "california"),
    { file: "data/firm.yaml", path: "address.region", message: /^must be the code, not the name: CA for California$/ },
  ],
  ...(
    [
      ["data/home.yaml", ["process", "steps"], STEPS],
      ["data/about.yaml", ["whyChooseUs", "points"], POINTS],
    ] as const
  ).flatMap(([file, keys, { min, max }]) =>
    (
      [
        [min - 1, `at least ${min}`],
        [max + 1, `at most ${max}`],
      ] as const
    ).map(([count, expected]): [string, (c: ContentCopy) => void, Expected] => [
      `${keys.join(".")} with ${count} items`,
      (c) => resizeList(c, file, [...keys], count),
      {
        file,
        path: keys.join("."),
        message: new RegExp(`must have ${expected} items, found ${count}`),
        line: (c) => c.lineOf(file, new RegExp(`^ {2}${keys[1]}:`)),
      },
    ]),
  ),
  [
    "an empty list of overview bullets",
    (c) => c.edit(SERVICE_FILES[0], /^overview:\n(?: {2}- .*\n)+/m, "overview: []\n"),
    { file: SERVICE_FILES[0], path: "overview", message: /must have at least 1 item, found 0/ },
  ],
  [
    "an unknown extra .yaml file at the top level",
    (c) => c.write("data/team.yaml", "members: []\n"),
    { file: "data/team.yaml", path: "", message: /not a content file the site knows.*services go in data\/services\// },
  ],
  [
    "a missing page file",
    (c) => c.remove("data/not-found.yaml"),
    { file: "data/not-found.yaml", path: "", message: /is missing/ },
  ],
  [
    "no service files at all",
    (c) => copiedServiceFiles(c).forEach((file) => c.remove(file)),
    { file: "data/services", path: "", message: /no service files/ },
  ],
  [
    "more services than the layouts hold",
    (c) => {
      const template = c.read(copiedServiceFiles(c)[0]);
      for (let i = copiedServiceFiles(c).length; i <= SERVICE_COUNT.max; i++) {
        const text = template.replace(/^slug: .*$/m, `slug: extra-${i}`).replace(/^order: .*$/m, `order: ${100 + i}`);
        c.write(`data/services/extra-${i}.yaml`, text);
      }
    },
    {
      file: "data/services",
      path: "",
      message: new RegExp(`has ${SERVICE_COUNT.max + 1} service files; .* at most ${SERVICE_COUNT.max}`),
    },
  ],
];
