// The content model in Gatsby's schema: data/ is checked before anything renders (and again on every edit under
// `gatsby develop`), the GraphQL types come from the JSON Schemas in data/schema/, and the computed fields
// (a service's path, the form's endpoint, the dialable phone number, the state's name) get their resolvers.
import type { GatsbyNode, Node } from "gatsby";
import { DERIVED_FIELDS } from "../../src/content/site-content";
import type { Data } from "../../src/content/data";
import { contentDirectory, loadSchemas } from "../../src/content/read-content";
import { checkContent } from "../../src/content/check";
import { resolveFormEndpoint } from "../../src/content/form-endpoint";
import { contentTypeDefs } from "../../src/content/schema-to-graphql";
import { writeCompiledSchemas } from "./compiled-schemas";

const CONTENT_DIR = contentDirectory(process.cwd());

/**
 * Stops the build, before anything renders, when any content file is broken; reports every mistake at once. Then
 * writes the schemas' compiled validators for the content API.
 */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  const { failure, warning } = checkContent(CONTENT_DIR);
  if (failure) reporter.panic(failure);
  if (warning) reporter.warn(warning);
  writeCompiledSchemas(loadSchemas(CONTENT_DIR));
};

/** Under `gatsby develop`, content edits arrive after bootstrap: check them again and say what is wrong, at once. */
let bootstrapped = false;

export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = () => {
  bootstrapped = true;
};

export const shouldOnCreateNode: GatsbyNode<Node>["shouldOnCreateNode"] = ({ node }) =>
  bootstrapped && node.internal.type === "File" && /\.ya?ml$/.test(String(node.base));

export const onCreateNode: GatsbyNode["onCreateNode"] = ({ node, reporter }) => {
  const { failure } = checkContent(CONTENT_DIR);
  if (failure) reporter.error(failure);
  else reporter.info(`Content check passed after editing ${String(node.relativePath)}.`);
};

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(contentTypeDefs(CONTENT_DIR));
};

/** What a resolver's context offers of Gatsby's node model: finding the one firm node. */
interface FirmContext {
  nodeModel: { findOne(args: { type: "FirmYaml"; query: object }): Promise<Data | null> };
}

/** Each derived field's resolver computes it as every other reader does (src/content/site-content.ts). */
export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  const schemas = loadSchemas(CONTENT_DIR);
  const derived = Object.entries(DERIVED_FIELDS).map(([type, fields]) => [
    type,
    Object.fromEntries(
      Object.entries(fields).map(([name, field]) => [
        name,
        {
          resolve: async (source: Data, _args: unknown, context: FirmContext) => {
            const firm = (await context.nodeModel.findOne({ type: "FirmYaml", query: {} })) ?? {};
            return field.compute(source, firm, schemas);
          },
        },
      ]),
    ),
  ]);
  createResolvers({
    ...Object.fromEntries(derived),
    ContactForm: {
      endpoint: {
        resolve: (source: { endpoint?: string }) => resolveFormEndpoint(source.endpoint).value,
      },
    },
  });
};
