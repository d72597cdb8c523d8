/**
 * VS Code gives editors completion, tooltips and inline errors in data/ from the JSON Schemas: every content file is
 * mapped to its schema (the same pairs the content check uses), and the YAML extension is recommended.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import fs from "fs";
import path from "path";
import { PAGE_FILES, SCHEMA_DIRECTORY, SERVICE_SCHEMA, SERVICES_DIRECTORY } from "../../src/content/model";
import { PROJECT_ROOT } from "../helpers/content.cjs";

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, file), "utf8")) as unknown;

test("every content file is mapped to the schema the content check validates it with", () => {
  const settings = readJson(".vscode/settings.json") as { "yaml.schemas": Record<string, string> };
  const expected: Record<string, string> = {
    [`./data/${SCHEMA_DIRECTORY}/${SERVICE_SCHEMA}`]: `data/${SERVICES_DIRECTORY}/*.yaml`,
  };
  for (const [file, schema] of Object.entries(PAGE_FILES))
    expected[`./data/${SCHEMA_DIRECTORY}/${schema}`] = `data/${file}`;
  expect(settings["yaml.schemas"]).toEqual(expected);
  for (const schema of Object.keys(expected)) expect(fs.existsSync(path.join(PROJECT_ROOT, schema))).toBe(true);
});

test("the Red Hat YAML extension is recommended", () => {
  const extensions = readJson(".vscode/extensions.json") as { recommendations: string[] };
  expect(extensions.recommendations).toContain("redhat.vscode-yaml");
});
