/**
 * The editor's configuration is generated from the JSON Schemas: keyword by keyword on small schemas, then over the
 * real data/schema/ (every property appears, with its schema's title and description).
 * @jest-environment node
 */
import { CMS_WIDGETS, cmsConfig, fieldFor, fieldsOf, fileLabel, humanize, type CmsField } from "../../src/cms/config";
import { cmsBackend } from "../../src/content/editor-backend";
import { loadSchemas } from "../../src/content/read-content";
import { PAGE_FILES, SERVICE_SCHEMA, type JsonSchema } from "../../src/content/model";
import { DATA_DIR } from "../helpers/content.cjs";

/** Decap's own configuration check, built beside its bundle (scripts/update-editor.mjs), which leaves it out. */
const { validateConfig } = require("decap-cms/node/config-check.cjs") as { validateConfig: (config: unknown) => void };

const defs: JsonSchema = {
  definitions: {
    text: { type: "string", minLength: 1, pattern: "\\S", patternErrorMessage: "must not be blank" },
    image: { type: "string", pattern: "\\.(png|jpe?g)$", patternErrorMessage: "must be an image", localFile: true },
    textList: { type: "array", minItems: 1, items: { $ref: "#/definitions/text" } },
  },
};
const schemas = { "defs.schema.json": defs };
const field = (property: JsonSchema, required = true) => fieldFor("someField", property, required, schemas, "x.json");

describe("fieldFor: one schema keyword at a time", () => {
  test("title is the label; without one, the key reads as words", () => {
    expect(field({ type: "string", title: "Phone label" }).label).toBe("Phone label");
    expect(field({ type: "string" }).label).toBe("Some field");
    expect(humanize("yearsOfExperience")).toBe("Years of experience");
  });

  test("description is the hint", () => {
    expect(field({ type: "string", description: "Shown under the button." }).hint).toBe("Shown under the button.");
    expect(field({ type: "string" }).hint).toBeUndefined();
  });

  test("required follows the parent's required list (Decap would otherwise require every field)", () => {
    expect(field({ type: "string" }, true).required).toBe(true);
    expect(field({ type: "string" }, false).required).toBe(false);
    const fields = fieldsOf(
      { type: "object", required: ["a"], properties: { a: { type: "string" }, b: { type: "string" } } },
      schemas,
      "x.json",
    );
    expect(fields.map((f) => [f.name, f.required])).toEqual([
      ["a", true],
      ["b", false],
    ]);
  });

  test("pattern carries the schema's own message", () => {
    expect(field({ type: "string", pattern: "^\\+[1-9]", patternErrorMessage: "must start with +" }).pattern).toEqual([
      "^\\+[1-9]",
      "must start with +",
    ]);
    expect(field({ type: "string", pattern: "^a" }).pattern).toEqual(["^a", "must match ^a"]);
  });

  test("$ref is followed, and the referring property's title and description win", () => {
    const f = field({ $ref: "defs.schema.json#/definitions/text", title: "Heading", description: "Section heading." });
    expect(f).toMatchObject({
      widget: "string",
      label: "Heading",
      hint: "Section heading.",
      pattern: ["\\S", "must not be blank"],
    });
  });

  test("multiline text is a text area", () => {
    expect(field({ type: "string", multiline: true }).widget).toBe("text");
    expect(field({ type: "string" }).widget).toBe("string");
  });

  test("enum is a select of its values", () => {
    expect(field({ type: "string", enum: ["a", "b"] })).toMatchObject({ widget: "select", options: ["a", "b"] });
  });

  test("oneOf of const and title is a select whose options show each title with its code", () => {
    const state = {
      type: "string",
      oneOf: [
        { const: "CA", title: "California" },
        { const: "NY", title: "New York" },
      ],
    };
    expect(field(state)).toMatchObject({
      widget: "select",
      options: [
        { label: "California (CA)", value: "CA" },
        { label: "New York (NY)", value: "NY" },
      ],
    });
  });

  test("integer and number with minimum and maximum", () => {
    expect(field({ type: "integer", minimum: 1900, maximum: 2100 })).toMatchObject({
      widget: "number",
      value_type: "int",
      min: 1900,
      max: 2100,
    });
    expect(field({ type: "number" })).toMatchObject({ widget: "number", value_type: "float" });
    expect(field({ type: "number" }).min).toBeUndefined();
  });

  test("boolean", () => {
    expect(field({ type: "boolean" }).widget).toBe("boolean");
  });

  test("localFile is an image picker (no URLs), with the pattern", () => {
    expect(field({ $ref: "defs.schema.json#/definitions/image" })).toMatchObject({
      widget: "image",
      choose_url: false,
      pattern: ["\\.(png|jpe?g)$", "must be an image"],
    });
  });

  test("an object is a group of its fields, in the schema's order", () => {
    const f = field({
      type: "object",
      properties: { b: { type: "string", title: "B" }, a: { type: "integer", title: "A" } },
    });
    expect(f.widget).toBe("object");
    expect(f.fields!.map((x) => x.name)).toEqual(["b", "a"]);
  });

  test("a list of text is a list of values, each shown open, with minItems and maxItems as min and max", () => {
    const f = field({ type: "array", minItems: 3, maxItems: 6, items: { $ref: "defs.schema.json#/definitions/text" } });
    expect(f).toMatchObject({ widget: "list", min: 3, max: 6, collapsed: false });
    expect(f.field).toMatchObject({ widget: "string", pattern: ["\\S", "must not be blank"] });
    expect(f.fields).toBeUndefined();
  });

  test("a list of objects is a list of groups, summarised by its first text field", () => {
    const f = field({
      type: "array",
      items: { type: "object", properties: { title: { type: "string" }, text: { type: "string" } } },
    });
    expect(f).toMatchObject({ widget: "list", summary: "{{fields.title}}", collapsed: false });
    expect(f.fields!.map((x) => x.name)).toEqual(["title", "text"]);
  });

  test("a multiline list (paragraphs) has text areas as items", () => {
    expect(field({ $ref: "defs.schema.json#/definitions/textList", multiline: true }).field!.widget).toBe("text");
  });

  test("a type the editor does not know is an error naming the field", () => {
    expect(() => field({ type: "null" })).toThrow(/someField/);
  });
});

describe("the configuration from the real data/schema/", () => {
  const real = loadSchemas(DATA_DIR);
  const backend = cmsBackend({});
  if (backend.error !== undefined) throw new Error(backend.error);
  const config = cmsConfig({ schemas: real, backend: backend.backend, siteUrl: "https://www.example.com" });

  /** Every property path of a schema, and of a field list, to compare the two. */
  function schemaPaths(schema: JsonSchema, file: string, prefix = ""): string[] {
    return fieldsOf(schema, real, file).flatMap((f) => fieldPaths(f, prefix));
  }
  function fieldPaths(f: CmsField, prefix: string): string[] {
    const here = `${prefix}${f.name}`;
    return [here, ...(f.fields ?? []).flatMap((child) => fieldPaths(child, `${here}.`))];
  }

  test("one entry per content file, each with every property of its schema as a labelled field", () => {
    const pages = config.collections[0];
    expect(pages.files!.map((f) => f.file)).toEqual(Object.keys(PAGE_FILES).map((f) => `data/${f}`));
    for (const file of pages.files!) {
      const schemaName = PAGE_FILES[file.file.replace("data/", "") as keyof typeof PAGE_FILES];
      expect(file.fields.map((f) => f.name)).toEqual(Object.keys(real[schemaName].properties!));
      expect(file.label).toBe(fileLabel(real[schemaName], file.name));
      expect(file.label).not.toMatch(/^data\//);
    }
  });

  test("every property of data/schema/ has a human label (title), which is its label in the editor", () => {
    const untitled: string[] = [];
    const visit = (schema: JsonSchema | undefined, where: string) => {
      for (const [key, property] of Object.entries(schema?.properties ?? {})) {
        if (!property.title) untitled.push(`${where}.${key}`);
        visit(property, `${where}.${key}`);
        visit(property.items, `${where}.${key}[]`);
      }
      for (const [name, definition] of Object.entries(schema?.definitions ?? {})) visit(definition, `${where}#${name}`);
    };
    for (const [name, schema] of Object.entries(real)) visit(schema, name);
    expect(untitled).toEqual([]);
    const firm = config.collections[0].files.find((f) => f.name === "firm")!;
    expect(firm.fields.map((f) => f.label)).toEqual(
      Object.values(real["firm.schema.json"].properties!).map((p) => p.title),
    );
  });

  test("services: a folder collection of data/services/, named by slug, with the service schema's fields", () => {
    const services = config.collections[1];
    expect(services).toMatchObject({
      folder: "data/services",
      extension: "yaml",
      create: true,
      delete: true,
      slug: "{{fields.slug}}",
      media_folder: "../images",
    });
    expect(services.fields!.flatMap((f) => fieldPaths(f, ""))).toEqual(
      schemaPaths(real[SERVICE_SCHEMA], SERVICE_SCHEMA),
    );
  });

  test("an optional property added to a schema appears in the editor with its title, and nothing else changes", () => {
    const changed = JSON.parse(JSON.stringify(real)) as typeof real;
    changed[SERVICE_SCHEMA].properties!.badgeNote = { type: "string", title: "Badge note", description: "Optional." };
    const next = cmsConfig({ schemas: changed, backend: backend.backend, siteUrl: "https://www.example.com" });
    const fields = next.collections[1].fields;
    expect(fields.at(-1)).toEqual({
      name: "badgeNote",
      label: "Badge note",
      hint: "Optional.",
      required: false,
      widget: "string",
    });
    expect(fields.slice(0, -1)).toEqual(config.collections[1].fields);
  });

  test("without CMS_BACKEND the editor works through the local backend only", () => {
    expect(config.backend.name).toBe("proxy");
    expect(config.local_backend).toEqual({
      allowed_hosts: ["localhost", "127.0.0.1"],
      url: "http://localhost:8081/api/v1",
    });
    expect(config.load_config_file).toBe(false);
    expect(config.media_folder).toBe("data/images");
  });

  test("a build for a hosted backend never asks for the local backend", () => {
    const access = cmsBackend({ CMS_BACKEND: "access", CMS_REPO: "o/r" });
    if (access.error !== undefined) throw new Error(access.error);
    const hosted = cmsConfig({
      schemas: loadSchemas(DATA_DIR),
      backend: access.backend,
      siteUrl: "https://x.example",
    });
    expect(hosted.local_backend).toBeUndefined();
  });

  test("Decap's own check passes every backend's configuration, with drafts and without", () => {
    const envs = [{}, { CMS_EDITORIAL_WORKFLOW: "true" }, { CMS_BACKEND: "access", CMS_REPO: "o/r" }];
    const errors = jest.spyOn(console, "error").mockImplementation(() => {});
    for (const env of [...envs, { ...envs[2], ...envs[1] }]) {
      const built = cmsBackend(env);
      if (built.error !== undefined) throw new Error(built.error);
      const checked = cmsConfig({ schemas: real, backend: built.backend, siteUrl: "https://x.example" });
      expect(() => validateConfig(checked)).not.toThrow();
    }
    // The same check refuses what Decap would refuse, naming the field: it is not a check that passes anything.
    const [pages, services] = config.collections;
    const broken = { ...config, collections: [pages, { ...services, fields: [{ name: "x", widget: "select" }] }] };
    expect(() => validateConfig(broken)).toThrow("'collections[1].fields[0]' must have required property 'options'");
    errors.mockRestore();
  });

  test("every kind of field the editor writes is a widget Decap's bundle registers", () => {
    // Otherwise Decap shows "No control for widget": run npm run editor:update after changing CMS_WIDGETS.
    const { widgets } = require("decap-cms/package.json") as { widgets: string[] };
    expect(widgets).toEqual(expect.arrayContaining([...CMS_WIDGETS]));
    const named = JSON.stringify(config).match(/"widget":"\w+"/g) ?? [];
    expect(named.map((w) => w.slice(10, -1)).filter((w) => !widgets.includes(w))).toEqual([]);
  });
});
