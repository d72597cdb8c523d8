/**
 * The content files and their schemas: which YAML file each schema in data/schema/ describes. Free of the file
 * system, so the build (validate.ts, schema-to-graphql.ts, load.ts) and the editor at /admin/ (src/cms/) share it.
 */
/** The top-level content files, each with the schema that describes it. */
export const PAGE_FILES = {
  "layout.yaml": "layout.schema.json",
  "firm.yaml": "firm.schema.json",
  "home.yaml": "home.schema.json",
  "about.yaml": "about.schema.json",
  "services-page.yaml": "services-page.schema.json",
  "contact.yaml": "contact.schema.json",
  "not-found.yaml": "not-found.schema.json",
} as const;
export const SERVICE_SCHEMA = "service.schema.json";
export const SCHEMA_DIRECTORY = "schema";
/** The content directory, relative to the project (the build may read another: load.ts). */
export const CONTENT_FOLDER = "data";
/** How many services the menus, the home card grid and the overview are laid out for (one file each). */
export const SERVICE_COUNT = { min: 1, max: 12 } as const;

/** A JSON Schema as the files in data/schema/ write it (draft-07, the subset they use, and schema-keywords.ts). */
export interface JsonSchema {
  $ref?: string;
  type?: string;
  title?: string;
  description?: string;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean;
  items?: JsonSchema;
  definitions?: Record<string, JsonSchema>;
  enum?: (string | number)[];
  /** A closed list of values with names: `oneOf` of `{ const, title }`, e.g. a state's code and its full name. */
  oneOf?: JsonSchema[];
  const?: string | number;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  graphqlType?: string;
  localFile?: boolean;
  /** The size the page shows an image at (schema-keywords.ts). */
  imageSize?: { width: number; height: number };
  patternErrorMessage?: string;
  multiline?: boolean;
}

/** Every schema of data/schema/, by file name. */
export type Schemas = Record<string, JsonSchema>;

/**
 * Follows a `$ref` chain (within a file, `#/definitions/x`, or to another schema file, `defs.schema.json#/…`) to the
 * schema it names, as written there: that schema, its file, and the name of the definition it is, if any. The one
 * place `$ref` is read; resolveSchema, the content check, the GraphQL types and the editor's fields go through it.
 */
export function resolveRef(
  schema: JsonSchema,
  schemas: Schemas,
  file: string,
): { schema: JsonSchema; file: string; definition?: string } {
  if (!schema.$ref) return { schema, file };
  const [target, pointer = ""] = schema.$ref.split("#");
  const targetFile = target || file;
  const root = schemas[targetFile];
  if (!root) throw new Error(`${file}: $ref ${schema.$ref} names a schema that does not exist`);
  const segments = pointer.split("/").filter(Boolean);
  const referenced = segments.reduce<unknown>(
    (node, key) => (node as Record<string, unknown> | undefined)?.[key],
    root,
  );
  if (!referenced) throw new Error(`${file}: $ref ${schema.$ref} points to nothing`);
  const next = resolveRef(referenced as JsonSchema, schemas, targetFile);
  return { ...next, definition: next.definition ?? segments[segments.length - 1] };
}

/** The schema a `$ref` names, with the referring schema's own keywords (title, description, multiline…) winning. */
export function resolveSchema(
  schema: JsonSchema,
  schemas: Schemas,
  file: string,
): { schema: JsonSchema; file: string } {
  if (!schema.$ref) return { schema, file };
  const resolved = resolveRef(schema, schemas, file);
  const own: JsonSchema = { ...schema };
  delete own.$ref;
  return { schema: { ...resolved.schema, ...own }, file: resolved.file };
}

/** One value a field may take, and its name for people. */
export interface Choice {
  value: string | number;
  title: string;
}

/**
 * The values a field may take, when its schema lists them: `enum` (each value its own name), or `oneOf` of
 * `{ const, title }` (a code and its name, e.g. CA and California). Null for a field that takes any value.
 */
export function choicesOf(schema: JsonSchema): Choice[] | null {
  if (schema.enum) return schema.enum.map((value) => ({ value, title: String(value) }));
  const options = schema.oneOf ?? [];
  const named = options.flatMap(({ const: value, title }) =>
    value === undefined ? [] : [{ value, title: title ?? String(value) }],
  );
  return options.length > 0 && named.length === options.length ? named : null;
}
