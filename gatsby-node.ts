// Build-time wiring: validates data/, declares the content schema, creates one page per service from one template,
// gives the production scripts V8's compile hint, writes the editor at /admin/ beside the build (not through its
// webpack) and the hosting files after the build.
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
import { dialNumber } from "./src/content/phone";
import { writeHostingFiles } from "./src/build/hosting";
import { deferRuntimeInDir } from "./src/build/deferred-runtime";
import { CompileHintsPlugin } from "./src/build/compile-hints";
import { STYLES_FINGERPRINT, stylesFingerprint } from "./src/build/styles-fingerprint";
import { contentDirectory } from "./src/build/content-dir";
import { readSchemas } from "./src/content/graphql-types";
import { SCHEMA_DIRECTORY } from "./src/content/model";
import { cmsBackend } from "./src/cms/backend";
import { cmsConfig } from "./src/cms/config";
import { ADMIN_URL, writeAdmin, type AdminFiles } from "./src/build/admin";
import { siteUrl } from "./gatsby-config";

const CONTENT_DIR = contentDirectory(__dirname);
const SERVICE_TEMPLATE = path.resolve(__dirname, "src/templates/service.tsx");

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
  startAdmin(reporter);
};

/**
 * The editor at /admin/ (src/build/admin.ts): Decap's prebuilt bundle copied as it ships, and the project's editor
 * code bundled by esbuild, written into public/admin/ while Gatsby bootstraps and builds; the build waits for it only
 * in onPostBuild, `gatsby develop` before its server answers.
 */
let admin: Promise<AdminFiles> | null = null;

function startAdmin(reporter: Parameters<NonNullable<GatsbyNode["onPreBootstrap"]>>[0]["reporter"]): void {
  const backend = backendOrPanic(reporter);
  const schemas = readSchemas(path.join(CONTENT_DIR, SCHEMA_DIRECTORY));
  const config = cmsConfig({ schemas, backend, siteUrl });
  const started = Date.now();
  admin = writeAdmin({ publicDir: path.join(process.cwd(), "public"), root: __dirname, config, schemas });
  admin.then(
    () => reporter.info(`The editor at ${ADMIN_URL} written in ${((Date.now() - started) / 1000).toFixed(2)}s`),
    () => undefined,
  );
}

async function adminOrPanic(reporter: { panic(message: string, error?: Error): never }): Promise<void> {
  try {
    await admin;
  } catch (error) {
    reporter.panic(`The editor at ${ADMIN_URL} could not be written`, error as Error);
  }
}

/** Under `gatsby develop`, /admin/ answers from the moment the site does (its files are in public/admin/). */
export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = async ({ app, reporter }) => {
  await adminOrPanic(reporter);
  if (admin === null) return;
  const page = path.join(process.cwd(), "public", ADMIN_URL, "index.html");
  app.get(ADMIN_URL, (_request: unknown, response: { sendFile(file: string): void }) => response.sendFile(page));
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

/**
 * The production scripts open with V8's compile hint (src/build/compile-hints.ts): their functions compile on the
 * streaming thread, not in the tasks that start the runtime. `gatsby develop` is left as it is.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions, plugins }) => {
  if (stage === "build-javascript") actions.setWebpackConfig({ plugins: [new CompileHintsPlugin()] });
  // The renderer depends on the built CSS, which every page inlines (src/build/styles-fingerprint.ts).
  if (stage === "build-html") {
    const fingerprint = stylesFingerprint(path.join(process.cwd(), "public"));
    actions.setWebpackConfig({ plugins: [plugins.define({ [STYLES_FINGERPRINT]: JSON.stringify(fingerprint) })] });
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

  // Static first: the pages' scripts start on the first interaction. This rewrites the built HTML, so it
  // runs before writeHostingFiles hashes each page's inline scripts (the loader included) into its CSP.
  // The editor at /admin/, written beside the build (startAdmin), gets its policy there too.
  await adminOrPanic(reporter);
  try {
    const deferred = deferRuntimeInDir(publicDir);
    reporter.info(
      `Runtime deferred to the first interaction on ${deferred.pages} pages: ${deferred.scripts.join(" ")}`,
    );
    writeHostingFiles({
      publicDir,
      formEndpoint,
      siteUrl,
      adminConnect: backendOrPanic(reporter).connectOrigins,
      loaders: deferred.loaders,
    });
  } catch (error) {
    reporter.panic((error as Error).message);
  }
};
