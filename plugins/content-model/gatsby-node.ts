// The content model in Gatsby's schema: data/ is checked before anything renders (and again on every edit under
// `gatsby develop`), the GraphQL types come from the JSON Schemas in data/schema/, and the computed fields
// (a service's path, the form's endpoint, the dialable phone number, the state's name) get their resolvers.
import type { GatsbyNode, Node } from "gatsby";
import { regionName } from "../../src/content/address";
import { contentDirectory, loadSchemas } from "../../src/content/load";
import {
  checkFormEndpoint,
  exampleEndpointWarning,
  isExampleEndpoint,
  resolveFormEndpoint,
} from "../../src/content/form-endpoint";
import { contentTypeDefs } from "../../src/content/schema-to-graphql";
import { dialNumber } from "../../src/content/phone";
import { formatContentErrors, validateContentDirectory } from "../../src/content/validate";
import { servicePath } from "../../src/lib/paths";

const CONTENT_DIR = contentDirectory(process.cwd());

/** Stops the build, before anything renders, when any content file is broken; reports every mistake at once. */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  const { errors, content } = validateContentDirectory(CONTENT_DIR);
  if (errors.length > 0) {
    reporter.panic(formatContentErrors(errors));
  }
  const endpoint = resolveFormEndpoint(content.contact?.form?.endpoint);
  const endpointError = checkFormEndpoint(endpoint);
  if (endpointError) {
    reporter.panic(endpointError);
  }
  if (isExampleEndpoint(endpoint.value)) {
    reporter.warn(exampleEndpointWarning());
  }
};

/** Under `gatsby develop`, content edits arrive after bootstrap: check them again and say what is wrong, at once. */
let bootstrapped = false;

export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = () => {
  bootstrapped = true;
};

export const shouldOnCreateNode: GatsbyNode<Node>["shouldOnCreateNode"] = ({ node }) =>
  bootstrapped && node.internal.type === "File" && /\.ya?ml$/.test(String(node.base));

export const onCreateNode: GatsbyNode["onCreateNode"] = ({ node, reporter }) => {
  const { errors } = validateContentDirectory(CONTENT_DIR);
  if (errors.length > 0) reporter.error(formatContentErrors(errors));
  else reporter.info(`Content check passed after editing ${String(node.relativePath)}.`);
};

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(contentTypeDefs(CONTENT_DIR));
};

/** What a resolver's context offers of Gatsby's node model: finding the one firm node. */
interface FirmContext {
  nodeModel: { findOne(args: { type: "FirmYaml"; query: object }): Promise<{ address: { country: string } } | null> };
}

export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  const schemas = loadSchemas(CONTENT_DIR);
  createResolvers({
    ServiceYaml: {
      path: {
        resolve: (source: { slug: string }) => servicePath(source.slug),
      },
    },
    ContactForm: {
      endpoint: {
        resolve: (source: { endpoint?: string }) => resolveFormEndpoint(source.endpoint).value,
      },
    },
    FirmAddress: {
      regionName: {
        resolve: (source: { region: string }) => regionName(schemas, source.region),
      },
    },
    FirmPhone: {
      dial: {
        // The content check has refused a number that cannot be dialled; the office's country is the firm's one.
        resolve: async (source: { display: string }, _args: unknown, context: FirmContext) => {
          const firm = await context.nodeModel.findOne({ type: "FirmYaml", query: {} });
          return dialNumber(source.display, firm?.address.country ?? "");
        },
      },
    },
  });
};
