// The unit suite on content no test author saw (`npm run test:limits`): two variants of data/, each valid by the
// content check — `most`: the most services the site lays out and every list at its schema's maxItems; `least`: one
// service and every list at its minItems — both with every text the check lets change reworded (a colon and a space,
// and parentheses, in it). Each runs the jest tests that read data/ in a copy of the project with that data/, so a test
// that wrote a word or a count of data/ into itself fails. `tsx e2e/tools/limit-suite.ts <most|least> <dir>` only writes
// the variant into <dir>.
import { execFileSync } from "child_process";
import fs from "fs";
import path from "path";
import { patchYaml } from "../../src/content/yaml-patch";
import { PAGE_FILES, SERVICE_COUNT, SERVICE_SCHEMA, resolveSchema, type JsonSchema } from "../../src/content/model";
import { loadSchemas, readSourceFiles } from "../../src/content/read-content";
import { parseData } from "../../src/content/data";
import { validateContentDirectory } from "../../src/content/check";
import { copyProject } from "./project-copy";

type Data = Record<string, unknown>;
type Mode = "most" | "least";
const root = path.resolve(__dirname, "..", "..");
const schemas = loadSchemas(path.join(root, "data"));

/** A text reworded (a colon and a space, and parentheses, in it), where its schema takes the new words. */
function reword(text: string, schema: JsonSchema, n: number): string {
  const words = `${text.replace(/\.$/, "")}: revised (${n})${text.endsWith(".") ? "." : ""}`;
  const fits = words.length <= (schema.maxLength ?? Infinity) && new RegExp(schema.pattern ?? "", "u").test(words);
  return fits ? words : text;
}

/** `value` reworded where the schema leaves its text free (but at the paths in `kept`), and every list at its limit. */
function vary(
  mode: Mode,
  value: unknown,
  property: JsonSchema | undefined,
  file: string,
  at: string,
  kept: Set<string>,
): unknown {
  if (!property) return value;
  const { schema, file: schemaFile } = resolveSchema(property, schemas, file);
  if (schema.type === "array" && Array.isArray(value)) {
    const size = mode === "most" ? (schema.maxItems ?? value.length) : (schema.minItems ?? 1);
    const items = Array.from({ length: size }, (_, i) => structuredClone(value[i % value.length]));
    return items.map((item, i) => vary(mode, item, schema.items, schemaFile, `${at}[${i}]`, kept));
  }
  if (schema.type === "object" && value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Data).map(([key, v]) => [
        key,
        vary(mode, v, schema.properties?.[key], schemaFile, at ? `${at}.${key}` : key, kept),
      ]),
    );
  }
  const free = !schema.format && !schema.enum && !schema.oneOf && !schema.localFile && !kept.has(at);
  if (schema.type === "string" && typeof value === "string" && free) return reword(value, schema, ++count);
  return value;
}

let count = 0;
const sources = readSourceFiles(path.join(root, "data"));
const services = sources.filter((f) => f.name.startsWith("services/"));

/** Writes the `mode` variant of data/ into `out`, keeping the words at the paths in `kept` (by file) as they are. */
function write(mode: Mode, out: string, kept: Map<string, Set<string>>): number {
  count = 0;
  fs.rmSync(out, { recursive: true, force: true });
  fs.cpSync(path.join(root, "data"), out, { recursive: true });
  const keptIn = (name: string) => kept.get(`data/${name}`) ?? new Set<string>();
  const patched = (text: string, data: unknown) => patchYaml(text, data as Parameters<typeof patchYaml>[1]);
  for (const { name, text } of sources) {
    if (name.startsWith("services/")) {
      fs.rmSync(path.join(out, name));
      continue;
    }
    const schemaName = PAGE_FILES[name as keyof typeof PAGE_FILES];
    fs.writeFileSync(
      path.join(out, name),
      patched(text, vary(mode, parseData(text), schemas[schemaName], schemaName, "", keptIn(name))),
    );
  }
  const serviceCount = mode === "most" ? SERVICE_COUNT.max : SERVICE_COUNT.min;
  for (let i = 0; i < serviceCount; i++) {
    const { text } = services[i % services.length];
    const original = parseData(text);
    const slug = i < services.length ? String(original.slug) : `${String(original.slug)}-${i + 1}`;
    const name = `services/${slug}.yaml`;
    const data = vary(mode, original, schemas[SERVICE_SCHEMA], SERVICE_SCHEMA, "", keptIn(name)) as Data;
    fs.writeFileSync(path.join(out, name), patched(text, { ...data, slug, order: i + 1 }));
  }
  return serviceCount;
}

/** The valid `mode` variant in `out`: words the content check refuses reworded (a phone number) stay as they are. */
function writeVariant(mode: Mode, out: string): string {
  const kept = new Map<string, Set<string>>();
  for (let round = 0; ; round++) {
    const serviceCount = write(mode, out, kept);
    const { errors } = validateContentDirectory(out);
    if (errors.length === 0) return `${serviceCount} services, ${count} texts reworded`;
    const fresh = errors.filter((e) => e.path && !kept.get(e.file)?.has(e.path));
    if (round === 5 || fresh.length === 0) {
      throw new Error(
        `The ${mode} variant is not valid: ${errors.map((e) => `${e.file} ${e.path} ${e.message}`).join("; ")}`,
      );
    }
    for (const e of fresh) kept.set(e.file, (kept.get(e.file) ?? new Set()).add(e.path));
  }
}

const jest = path.join(root, "node_modules", ".bin", "jest");
/** The modules through which tests read data/, and the words of a test that reads it itself. */
const READERS = ["src/content/read-content.ts", "src/content/check.ts", "__tests__/helpers/content.cjs"];
const READS =
  /DATA_DIR|copyRealData|readSiteContent|loadSchemas|readContentFiles|serviceFiles|contentDirectory|\bdata\//;

/** The test files of the project in `dir` that read data/: the rest pass or fail alike on any content. */
function readingData(dir: string): string[] {
  const list = (...args: string[]) => execFileSync(jest, ["--listTests", ...args], { cwd: dir, encoding: "utf8" });
  const related = new Set(
    list("--findRelatedTests", ...READERS)
      .split("\n")
      .filter(Boolean),
  );
  const all = list().split("\n").filter(Boolean);
  return all.filter((file) => related.has(file) || READS.test(fs.readFileSync(file, "utf8")));
}

const [only, dir] = process.argv.slice(2);
if (only === "most" || only === "least") {
  console.log(`The ${only} variant of data/ is in ${dir}: ${writeVariant(only, path.resolve(dir))}.`);
} else {
  // The project's own files (not data/) in a folder of its own, where each variant's data/ is written in turn. Its path
  // is the project's, so jest's cache (keyed by the folder) is warm for the second variant and for every later run.
  // npm test runs this beside the builds: nothing they write (public/, .cache/, the stylesheet styles-edit.mjs edits for
  // a moment) is read here, in the copy or by jest, which mocks CSS.
  const copy = copyProject("limit-suite", (file) => file.startsWith("data/"));
  try {
    const tests = readingData(copy);
    for (const mode of ["most", "least"] as const) {
      console.log(`The unit suite on the ${mode} variant of data/ (${writeVariant(mode, path.join(copy, "data"))}):`);
      execFileSync(jest, ["--ci", ...tests], { cwd: copy, stdio: "inherit" });
    }
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}
