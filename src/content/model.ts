/**
 * The content files and their schemas: which YAML file each schema in data/schema/ describes, and the GraphQL type
 * name of each file's nodes. Free of the file system, so the build (validate.ts, schema-to-graphql.ts,
 * read-content.ts) and the editor at /admin/ (src/cms/) share it.
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
export const FIRM_SCHEMA = PAGE_FILES["firm.yaml"];
export const SCHEMA_DIRECTORY = "schema";
/** The folder of the service files, one per service, inside the content directory. */
export const SERVICES_DIRECTORY = "services";
/** A service file's name in the content directory: services/tax-compliance.yaml. */
export const SERVICE_FILE = new RegExp(`^${SERVICES_DIRECTORY}/[^/]+\\.ya?ml$`);
/** The content directory, relative to the project (the build may read another: read-content.ts). */
export const CONTENT_FOLDER = "data";
/** The folder of the content's images, in the content folder: the editor's media library. */
export const IMAGES_DIRECTORY = "images";
/** How many services the menus, the home card grid and the overview are laid out for (one file each). */
export const SERVICE_COUNT = { min: 1, max: 12 } as const;

/** A JSON Schema as data/schema/ writes it: the draft-07 subset used, and five keywords of the model's own. */
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
  /** An object's GraphQL type; else a definition's name (titledText → TitledText) or owner plus field (HomeHero). */
  graphqlType?: string;
  /** On a string: a path relative to the YAML file, resolved to a `File` node (so images get `childImageSharp`). */
  localFile?: boolean;
  /** On an image: the size its page shows it at, in CSS pixels; a smaller image is refused (images.ts). */
  imageSize?: { width: number; height: number };
  /** What the content check (and yaml-language-server) says when `pattern` fails. */
  patternErrorMessage?: string;
  /** On a text field (or a list of them): the editor at /admin/ offers a text area, not a line. */
  multiline?: boolean;
}

/** Every schema of data/schema/, by file name. */
export type Schemas = Record<string, JsonSchema>;

/** A schema a `$ref` names, the schema file it is in, and its definition's name, if any. */
type Resolved = { schema: JsonSchema; file: string; definition?: string };

/**
 * Follows a `$ref` chain (`#/definitions/x`, `defs.schema.json#/…`) to the schema it names: that schema, its file, and
 * its definition's name, if any. The one place `$ref` is read.
 */
export function resolveRef(schema: JsonSchema, schemas: Schemas, file: string): Resolved {
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
export function resolveSchema(schema: JsonSchema, schemas: Schemas, file: string): Omit<Resolved, "definition"> {
  if (!schema.$ref) return { schema, file };
  const resolved = resolveRef(schema, schemas, file);
  const own: JsonSchema = { ...schema };
  delete own.$ref;
  return { schema: { ...resolved.schema, ...own }, file: resolved.file };
}

/** One value a field may take, and its name for people. */
export type Choice = { value: string | number; title: string };

/** The values a field may take: `enum`, or `oneOf` of `{ const, title }` (CA, California); null for any value. */
export function choicesOf(schema: JsonSchema): Choice[] | null {
  if (schema.enum) return schema.enum.map((value) => ({ value, title: String(value) }));
  const options = schema.oneOf ?? [];
  const named = options.flatMap(({ const: value, title }) =>
    value === undefined ? [] : [{ value, title: title ?? String(value) }],
  );
  return options.length > 0 && named.length === options.length ? named : null;
}

/** A content file, wherever it is kept: its name in the content directory (services/tax.yaml) and its text. */
export type SourceFile = { name: string; text: string };

/** A content file's key in the content's `files`: firm.yaml → firm. */
export const fileKey = (file: string) => file.replace(/\.ya?ml$/, "");

export const pascalCase = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join("");

/** The GraphQL type of a YAML file's nodes: `ServiceYaml` in data/services/, else after the file (`HomeYaml`). */
export function yamlTypeName({ node }: { node: { relativeDirectory?: string; name: string } }): string {
  if (node.relativeDirectory === SERVICES_DIRECTORY) return "ServiceYaml";
  return `${pascalCase(node.name)}Yaml`;
}

/** "line 20, column 4", "line 20" or "": where a content mistake is, as every message says it. */
export const lineAndColumn = ({ line, column }: { line?: number; column?: number }) =>
  line ? `line ${line}${column ? `, column ${column}` : ""}` : "";
