/**
 * The GraphQL types of the content, generated from the JSON Schemas: `required` is non-null, every `description` the
 * GraphQL description word for word, and top-level types @dontInfer, so a typo in a YAML file can't change the schema.
 */
import path from "path";
import { loadSchemas } from "./read-content";
import { DERIVED_FIELDS } from "./site-content";
import {
  PAGE_FILES,
  SERVICE_SCHEMA,
  SERVICES_DIRECTORY,
  pascalCase,
  resolveRef,
  yamlTypeName,
  type JsonSchema,
} from "./model";

interface GraphqlField {
  name: string;
  /** GraphQL type reference, e.g. String!, [TitledText!]!, File! */
  type: string;
  description?: string;
  /** Field directives, e.g. @fileByRelativePath. */
  directives: string[];
}

export interface GraphqlType {
  name: string;
  description?: string;
  /** A top-level content type: implements Node, @dontInfer. */
  node: boolean;
  fields: GraphqlField[];
}

/** A content file's type: the schema file that describes it and the GraphQL type name of its nodes. */
export type RootType = { schema: string; typeName: string };

const SCALARS: Record<string, string> = { string: "String", integer: "Int", number: "Float", boolean: "Boolean" };

/** Builds the GraphQL types of the given content files from their schemas. Throws on what it can't map. */
export function contentTypes(schemas: Record<string, JsonSchema>, roots: RootType[]): GraphqlType[] {
  const types = new Map<string, { type: GraphqlType; schema: JsonSchema }>();

  const deref = (schema: JsonSchema, file: string) => resolveRef(schema, schemas, file);

  function objectType(schema: JsonSchema, file: string, name: string, node = false): string {
    const existing = types.get(name);
    if (existing && existing.schema !== schema) {
      throw new Error(
        `${file}: two different objects would both be the GraphQL type ${name}; name one with graphqlType`,
      );
    }
    if (existing) return name;
    const type: GraphqlType = { name, description: schema.description ?? schema.title, node, fields: [] };
    types.set(name, { type, schema });
    const owner = name.replace(/Yaml$/, "");
    const required = new Set(schema.required ?? []);
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      const { type: ref, directives } = fieldType(property, file, `${owner}${pascalCase(key)}`);
      const description = property.description ?? deref(property, file).schema.description;
      type.fields.push({ name: key, type: required.has(key) ? `${ref}!` : ref, description, directives });
    }
    for (const [key, { type: ref, description }] of Object.entries(DERIVED_FIELDS[name] ?? {})) {
      type.fields.push({ name: key, type: ref, description, directives: [] });
    }
    return name;
  }

  /** The GraphQL type of a property (without its own `!`); `derivedName` names an inline object. */
  function fieldType(property: JsonSchema, file: string, derivedName: string): { type: string; directives: string[] } {
    const target = deref(property, file);
    const schema = target.schema;
    if (schema.localFile) return { type: "File", directives: ["@fileByRelativePath"] };
    if (schema.type && SCALARS[schema.type]) return { type: SCALARS[schema.type], directives: [] };
    if (schema.type === "array" && schema.items) {
      const item = fieldType(schema.items, target.file, `${derivedName}Item`);
      return { type: `[${item.type}!]`, directives: item.directives };
    }
    if (schema.type === "object" && schema.properties) {
      const name =
        schema.graphqlType ?? property.graphqlType ?? (target.definition ? pascalCase(target.definition) : derivedName);
      return { type: objectType(schema, target.file, name), directives: [] };
    }
    throw new Error(`${file}: can't map ${JSON.stringify(property)} to a GraphQL type`);
  }

  for (const root of roots) {
    const schema = schemas[root.schema];
    if (!schema) throw new Error(`Schema ${root.schema} is missing`);
    objectType(schema, root.schema, root.typeName, true);
  }
  return [...types.values()].map(({ type }) => type);
}

/** A GraphQL string literal: JSON's escapes are all valid GraphQL escapes. */
const graphqlString = (text: string) => JSON.stringify(text);

/** The types as GraphQL SDL for createTypes. */
export function toTypeDefs(types: GraphqlType[]): string {
  return types
    .map((type) => {
      const head = `type ${type.name}${type.node ? " implements Node @dontInfer" : ""}`;
      const fields = type.fields.map((field) => {
        const description = field.description ? `  ${graphqlString(field.description)}\n` : "";
        return `${description}  ${[`${field.name}: ${field.type}`, ...field.directives].join(" ")}`;
      });
      const description = type.description ? `${graphqlString(type.description)}\n` : "";
      return `${description}${head} {\n${fields.join("\n")}\n}`;
    })
    .join("\n\n");
}

/** The content files' types: one per page file in data/, and ServiceYaml for data/services/. */
export const CONTENT_ROOTS: RootType[] = [
  ...Object.entries(PAGE_FILES).map(([file, schema]) => ({
    schema,
    typeName: yamlTypeName({ node: { name: path.basename(file, path.extname(file)) } }),
  })),
  { schema: SERVICE_SCHEMA, typeName: yamlTypeName({ node: { relativeDirectory: SERVICES_DIRECTORY, name: "" } }) },
];

/** The type definitions of a content directory (data/ or a fixture laid out the same way), for createTypes. */
export function contentTypeDefs(contentDir: string): string {
  return toTypeDefs(contentTypes(loadSchemas(contentDir), CONTENT_ROOTS));
}
