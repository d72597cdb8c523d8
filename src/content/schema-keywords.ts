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
