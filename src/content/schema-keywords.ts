/**
 * What GraphQL needs that JSON Schema can't say: the only keywords data/schema/ adds to JSON Schema. validate.ts
 * registers them with ajv (strict mode rejects any other unknown keyword); editors' tools ignore them.
 */
export const SCHEMA_KEYWORDS = [
  /**
   * `"graphqlType": "CallToAction"` on an object: the name of its GraphQL type. Without it the generator derives
   * one: a definition's name (titledText → TitledText), or the owner type plus the field (HomeYaml.hero → HomeHero).
   */
  { keyword: "graphqlType", schemaType: "string" },
  /**
   * `"localFile": true` on a string: a path relative to the YAML file. GraphQL resolves it to a `File` node
   * (`@fileByRelativePath`, so images get `childImageSharp`); the content check reports a path to a missing file.
   */
  { keyword: "localFile", schemaType: "boolean" },
  /** `"patternErrorMessage"`: what the content check (and yaml-language-server) says when `pattern` fails. */
  { keyword: "patternErrorMessage", schemaType: "string" },
  /** `"multiline": true` on a text field (or a list of them): the editor at /admin/ offers a text area, not a line. */
  { keyword: "multiline", schemaType: "boolean" },
  /**
   * `"imageSize": { "width": 320, "height": 400 }` on an image: the size its page shows it at, in CSS pixels (the page
   * query's gatsbyImageData). The content check and the editor refuse an image smaller than that (images.ts).
   */
  { keyword: "imageSize", schemaType: "object" },
] as const;

/**
 * Fields the build computes rather than reads from YAML, by GraphQL type: declared here with the rest of the
 * schema, resolved in plugins/content-model/gatsby-node.ts (createResolvers).
 */
export const COMPUTED_FIELDS: Record<string, Record<string, { type: string; description: string }>> = {
  ServiceYaml: {
    path: { type: "String!", description: "The service page's path, built from its slug (src/lib/paths.ts)." },
  },
  FirmAddress: {
    regionName: {
      type: "String!",
      description:
        "The state's full name, e.g. California: the name data/schema/defs.schema.json gives region's code (src/content/address.ts).",
    },
  },
  FirmPhone: {
    dial: {
      type: "String!",
      description: "The number to dial (E.164), for tel: links: worked out from display (src/content/phone.ts).",
    },
  },
};
