/**
 * The content files and their schemas: which YAML file each schema in data/schema/ describes. Free of the file
 * system, so the build (validate.ts, graphql-types.ts) and the editor at /admin/ (src/cms/) share it.
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
  patternErrorMessage?: string;
  multiline?: boolean;
}
