// Build-time wiring: validates data/, declares the content schema, creates one page per service from one template,
// bundles the editor at /admin/ and writes the hosting files (per-page headers, robots.txt) after the build.
import type { GatsbyNode, Node } from "gatsby";
import path from "path";
import { contentTypeDefs } from "./src/content/graphql-types";
import {
  checkFormEndpoint,
  exampleEndpointWarning,
  isExampleEndpoint,
  resolveFormEndpoint,
} from "./src/content/form-endpoint";
import { validateContentDirectory, formatContentErrors } from "./src/content/validate";
import { servicePath } from "./src/lib/paths";
import { writeHostingFiles } from "./src/build/hosting";
import { deferRuntimeInDir } from "./src/build/deferred-runtime";
import { contentDirectory } from "./src/build/content-dir";
import { readSchemas } from "./src/content/graphql-types";
import { SCHEMA_DIRECTORY } from "./src/content/model";
import { cmsBackend } from "./src/cms/backend";
import { cmsConfig } from "./src/cms/config";
import { ADMIN_DIR, finishAdmin } from "./src/build/admin";
import { siteUrl } from "./gatsby-config";
// gatsby-plugin-decap-cms's build steps, called from here rather than listed as a plugin: listed, it would also add
// its gatsby-browser.js (a Netlify Identity hook) to every visitor page.
import * as decapCms from "gatsby-plugin-decap-cms/gatsby-node";

const CONTENT_DIR = contentDirectory(__dirname);
const SERVICE_TEMPLATE = path.resolve(__dirname, "src/templates/service.tsx");
const CMS_MODULE = path.resolve(__dirname, "src/cms/cms.tsx");

/** The editor's backend from CMS_* environment variables; a wrong value stops the build naming the variable. */
function backendOrPanic(reporter: { panic(message: string): never }) {
  const result = cmsBackend(process.env);
  if (result.error !== undefined) return reporter.panic(`The editor at /admin/: ${result.error}`);
  return result.backend;
}

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
  backendOrPanic(reporter);
};

/** The editor at /admin/: Decap CMS with cms.tsx, its configuration generated from data/schema/ (src/cms/config.ts). */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = (args) => {
  const backend = backendOrPanic(args.reporter);
  const schemas = readSchemas(path.join(CONTENT_DIR, SCHEMA_DIRECTORY));
  const config = cmsConfig({ schemas, backend, siteUrl });
  return decapCms.onCreateWebpackConfig(args, {
    modulePath: CMS_MODULE,
    publicPath: ADMIN_DIR,
    manualInit: true,
    enableIdentityWidget: backend.identityWidget,
    htmlTitle: "Content editor",
    htmlFavicon: path.resolve(__dirname, "static/favicon-32.png"),
    includeRobots: false,
    customizeWebpackConfig: (webpackConfig, { plugins }) => {
      // Chunks named by content, like the bundles finishAdmin() renames after the build.
      webpackConfig.output = { ...webpackConfig.output, chunkFilename: "[id].[contenthash:12].js" };
      webpackConfig.plugins.push(
        plugins.define({ __CMS_CONFIG__: JSON.stringify(config), __CONTENT_SCHEMAS__: JSON.stringify(schemas) }),
      );
    },
  });
};

export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = (args) =>
  decapCms.onCreateDevServer(args, { publicPath: ADMIN_DIR });

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

export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
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
  });
};

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<Queries.ServicePagesQuery>(`
    query ServicePages {
      allServiceYaml(sort: { order: ASC }) {
        nodes {
          id
          slug
        }
      }
    }
  `);

  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not load the services from data/services/ to create their pages.", result.errors);
    return;
  }

  for (const service of result.data.allServiceYaml.nodes) {
    actions.createPage({
      path: servicePath(service.slug),
      component: SERVICE_TEMPLATE,
      context: { id: service.id },
    });
  }
};

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql, reporter }) => {
  const result = await graphql<Queries.HostingDataQuery>(`
    query HostingData {
      site {
        siteMetadata {
          siteUrl
        }
      }
      contactYaml {
        form {
          endpoint
        }
      }
    }
  `);
  const siteUrl = result.data?.site?.siteMetadata?.siteUrl;
  const formEndpoint = result.data?.contactYaml?.form.endpoint;
  if (result.errors || !siteUrl || !formEndpoint) {
    reporter.panicOnBuild("Could not read siteUrl and the form endpoint to write public/_headers.", result.errors);
    return;
  }
  // Gatsby builds the site in the current directory and writes it to public/ there (gatsby-cli resolves the site as
  // path.resolve("."); gatsby-plugin-sitemap writes to "public/" the same way).
  const publicDir = path.join(process.cwd(), "public");

  // Static first (issue 9): the pages' scripts start on the first interaction. This rewrites the built HTML, so it
  // runs before writeHostingFiles hashes each page's inline scripts (the loader included) into its CSP.
  const deferred = deferRuntimeInDir(publicDir);
  reporter.info(`Runtime deferred to the first interaction on ${deferred.pages} pages: ${deferred.scripts.join(" ")}`);

  // The editor's files get content hashes (the /*.js and /*.css header rules cache them for a year).
  finishAdmin(publicDir);
  writeHostingFiles({ publicDir, formEndpoint, siteUrl, adminConnect: backendOrPanic(reporter).connectOrigins });
};
