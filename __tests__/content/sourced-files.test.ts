/**
 * The build sources exactly the YAML files the content check reads: gatsby-config.ts hands the source plugin the
 * check's own rule (ignoredByTheBuild), so a file the check never looks at cannot reach a page.
 * @jest-environment node
 */
import path from "path";
import config from "../../gatsby-config";
import { contentDirectory, ignoredByTheBuild, readSourceFiles } from "../../src/content/read-content";

const dir = contentDirectory(path.resolve(__dirname, "../.."));
const ignored = ignoredByTheBuild(dir);
const at = (relative: string) => path.join(dir, relative);

test("every file the check reads is sourced, and the images beside them", () => {
  for (const { name } of readSourceFiles(dir)) expect(ignored(at(name))).toBe(false);
  expect(ignored(dir)).toBe(false);
  expect(ignored(at("services"))).toBe(false);
  expect(ignored(at("images/founder-portrait.jpg"))).toBe(false);
});

test.each([
  "Firm.YML",
  "firm.YAML",
  "services/unchecked.YAML",
  "services/more/deeper.yaml",
  "images/notes.yaml",
  "schema/firm.schema.json",
  "README.md",
])("%s, which the check does not read, never reaches the build", (relative) => {
  expect(ignored(at(relative))).toBe(true);
});

test("the source plugin of the content folder ignores by that rule", () => {
  const source = config.plugins!.find(
    (plugin) => typeof plugin === "object" && plugin.resolve === "gatsby-source-filesystem",
  ) as unknown as { options: { path: string; ignore: ((file: string) => boolean)[] } };
  expect(source.options.path).toBe(dir);
  expect(source.options.ignore.map((rule) => rule(at("Firm.YML")))).toEqual([true]);
  expect(source.options.ignore.map((rule) => rule(at("firm.yaml")))).toEqual([false]);
});
