/**
 * The GraphQL content types are generated from the JSON Schemas in data/schema/: the generator itself, and that the
 * generated TypeScript types (src/gatsby-types.d.ts, written by graphqlTypegen) carry every description word for word.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import fs from "fs";
import path from "path";
import { CONTENT_ROOTS, contentTypes, toTypeDefs, type GraphqlType } from "../../src/content/schema-to-graphql";
import type { JsonSchema } from "../../src/content/model";
import { loadSchemas } from "../../src/content/read-content";
import { DERIVED_FIELDS } from "../../src/content/site-content";
import { DATA_DIR, PROJECT_ROOT } from "../helpers/content.cjs";

const text = { type: "string", minLength: 1 };

function typeNamed(types: GraphqlType[], name: string): GraphqlType {
  const type = types.find((t) => t.name === name);
  if (!type) throw new Error(`No type ${name} in ${types.map((t) => t.name).join(", ")}`);
  return type;
}

describe("the generator", () => {
  const schemas: Record<string, JsonSchema> = {
    "defs.schema.json": {
      definitions: {
        text: { ...text, description: "Shared text." },
        image: { type: "string", localFile: true },
        titledText: {
          type: "object",
          description: "A title and text.",
          required: ["title"],
          properties: { title: { $ref: "#/definitions/text", description: "Title." }, text: { type: "string" } },
        },
      },
    },
    "page.schema.json": {
      title: "data/page.yaml",
      type: "object",
      required: ["heading", "count", "steps", "photo", "tags", "cta"],
      properties: {
        heading: { $ref: "defs.schema.json#/definitions/text", description: "Own words win over the definition's." },
        note: { $ref: "defs.schema.json#/definitions/text" },
        count: { type: "integer", description: "A whole number." },
        ratio: { type: "number" },
        shown: { type: "boolean" },
        steps: { type: "array", items: { $ref: "defs.schema.json#/definitions/titledText" } },
        hero: { type: "object", description: "The hero.", properties: { lead: { type: "string" } } },
        photo: { $ref: "defs.schema.json#/definitions/image", description: "A photo." },
        tags: { type: "array", items: { type: "string" } },
        cta: { type: "object", graphqlType: "CallToAction", properties: { button: { type: "string" } } },
      },
    },
  };
  const types = contentTypes(schemas, [{ schema: "page.schema.json", typeName: "PageYaml" }]);
  const page = typeNamed(types, "PageYaml");
  const field = (type: GraphqlType, name: string) => type.fields.find((f) => f.name === name);

  test("maps JSON types to GraphQL, `required` to non-null, arrays to lists of non-null items", () => {
    expect(Object.fromEntries(page.fields.map((f) => [f.name, f.type]))).toEqual({
      heading: "String!",
      note: "String",
      count: "Int!",
      ratio: "Float",
      shown: "Boolean",
      steps: "[TitledText!]!",
      hero: "PageHero",
      photo: "File!",
      tags: "[String!]!",
      cta: "CallToAction!",
    });
  });

  test("a localFile string is a File resolved relative to the YAML file", () => {
    expect(field(page, "photo")?.directives).toEqual(["@fileByRelativePath"]);
    expect(field(page, "heading")?.directives).toEqual([]);
  });

  test("descriptions: the property's own, else its definition's; objects describe their types", () => {
    expect(field(page, "heading")?.description).toBe("Own words win over the definition's.");
    expect(field(page, "note")?.description).toBe("Shared text.");
    expect(field(page, "ratio")?.description).toBeUndefined();
    expect(typeNamed(types, "TitledText").description).toBe("A title and text.");
    expect(typeNamed(types, "PageHero").description).toBe("The hero.");
    expect(field(typeNamed(types, "TitledText"), "title")).toMatchObject({ type: "String!", description: "Title." });
  });

  test("top-level types are Nodes that never infer; nested ones are plain", () => {
    const sdl = toTypeDefs(types);
    expect(sdl).toContain('"data/page.yaml"\ntype PageYaml implements Node @dontInfer {');
    expect(sdl).toContain("type TitledText {");
    expect(sdl).toContain('  "A photo."\n  photo: File! @fileByRelativePath');
  });

  test("descriptions with quotes, backslashes and line breaks survive as GraphQL strings", () => {
    const tricky = 'Say "hi" \\ then\na new line';
    const sdl = toTypeDefs([
      { name: "T", node: false, fields: [{ name: "f", type: "String", description: tricky, directives: [] }] },
    ]);
    const literal = sdl.split("\n")[1].trim();
    expect(JSON.parse(literal)).toBe(tricky);
  });

  test("refuses two different objects under one type name, and a property it can't map", () => {
    const clash = {
      "a.schema.json": {
        type: "object",
        properties: {
          x: { type: "object", graphqlType: "Same", properties: { a: { type: "string" } } },
          y: { type: "object", graphqlType: "Same", properties: { b: { type: "string" } } },
        },
      },
    };
    expect(() => contentTypes(clash, [{ schema: "a.schema.json", typeName: "AYaml" }])).toThrow(/Same/);
    const untyped = { "b.schema.json": { type: "object", properties: { x: {} } } };
    expect(() => contentTypes(untyped, [{ schema: "b.schema.json", typeName: "BYaml" }])).toThrow(/can't map/);
  });
});

// --- The real schemas and the generated types ------------------------------------------------------------------------

const realTypes = contentTypes(loadSchemas(DATA_DIR), CONTENT_ROOTS);
const TYPES_FILE = path.join(PROJECT_ROOT, "src", "gatsby-types.d.ts");

/** Every `description` anywhere in data/schema/, read straight from the JSON. */
function schemaDescriptions(): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        if (key === "description" && typeof child === "string") found.push(child);
        else walk(child);
      }
    }
  };
  for (const name of fs.readdirSync(path.join(DATA_DIR, "schema"))) {
    walk(JSON.parse(fs.readFileSync(path.join(DATA_DIR, "schema", name), "utf8")));
  }
  return found;
}

/**
 * The doc comments of gatsby-types.d.ts by "Type.field" (and "Type" for a type's own), decoded the way graphql-codegen
 * encodes them (visitor-plugin-common's transformComment): "*\/" for "*" + "/", one line as /** text *\/, several as
 * /**, " * line" each, " *\/" (trailing spaces stripped).
 */
function typegenComments(source: string): Map<string, string> {
  const comments = new Map<string, string>();
  const lines = source.split("\n");
  let typeName = "";
  let pending: string[] | null = null;
  let open: string[] | null = null;
  for (const line of lines) {
    const trimmed = line.trim();
    if (open) {
      if (trimmed === "*/") {
        pending = open;
        open = null;
      } else open.push(trimmed.replace(/^\* ?/, ""));
      continue;
    }
    const single = /^\/\*\* (.*) \*\/$/.exec(trimmed);
    if (single) {
      pending = [single[1]];
      continue;
    }
    if (trimmed === "/**") {
      open = [];
      continue;
    }
    const decode = () => (pending ?? []).join("\n").split("*\\/").join("*/");
    const typeMatch = /^type (\w+) = /.exec(trimmed);
    const fieldMatch = /^readonly (\w+)\??: /.exec(trimmed);
    if (typeMatch) {
      typeName = typeMatch[1];
      if (pending) comments.set(typeName, decode());
    } else if (fieldMatch && pending) comments.set(`${typeName}.${fieldMatch[1]}`, decode());
    pending = null;
  }
  return comments;
}

describe("src/gatsby-types.d.ts shows the schemas' descriptions word for word", () => {
  const comments = typegenComments(fs.readFileSync(TYPES_FILE, "utf8"));

  test("the decoder reads what graphql-codegen writes", () => {
    const sample = typegenComments(
      [
        "/** A type. */",
        "type T = {",
        "  /**",
        "   * Two",
        "   * lines *\\/ here",
        "   */",
        "  readonly f: X;",
        "};",
      ].join("\n"),
    );
    expect(sample).toEqual(
      new Map([
        ["T", "A type."],
        ["T.f", "Two\nlines */ here"],
      ]),
    );
  });

  test.each(realTypes.map((type) => [type.name, type] as const))("%s: each field's description", (_name, type) => {
    for (const field of type.fields) {
      expect([`${type.name}.${field.name}`, comments.get(`${type.name}.${field.name}`)]).toEqual([
        `${type.name}.${field.name}`,
        field.description,
      ]);
    }
    expect(comments.get(type.name)).toBe(type.description);
  });

  test("every description written in data/schema/ is a doc comment there", () => {
    const documented = new Set(comments.values());
    const missing = schemaDescriptions().filter((description) => !documented.has(description));
    expect(missing).toEqual([]);
  });

  test("every content field has a description, so GraphiQL documents it", () => {
    const undocumented = realTypes.flatMap((t) =>
      t.fields.filter((f) => !f.description).map((f) => `${t.name}.${f.name}`),
    );
    expect(undocumented).toEqual([]);
  });

  test("the computed fields are declared too", () => {
    for (const [type, fields] of Object.entries(DERIVED_FIELDS)) {
      for (const [name, field] of Object.entries(fields))
        expect(comments.get(`${type}.${name}`)).toBe(field.description);
    }
  });
});
