// What the build publishes beside Gatsby's pages, each step handing the next what it needs: the editor at /admin/, the
// pages' runtime deferred (static-first: the pages and loaders), then the hosting files, whose policies allow those.
import fs from "fs";
import path from "path";
import type { GatsbyNode } from "gatsby";
import { cmsConfig } from "../../src/cms/config";
import { contentDirectory, loadSchemas } from "../../src/content/read-content";
import { ADMIN_DIR, ADMIN_URL, backendOrPanic, editorHosting, publishesEditor, writeAdmin } from "./editor/admin";
import { buildCommit, writeBuildCommit } from "./editor/build-commit";
import { CompileHintsPlugin } from "./static-first/compile-hints";
import { deferRuntimeInDir } from "./static-first/deferred-runtime";
import { removeBuildNotes, writeHostingFiles, type EditorHosting } from "./hosting/hosting";

/** The editor being written (from bootstrap on), and what hosting needs of it; null when this build has none. */
let editor: Promise<EditorHosting> | null = null;

/** gatsby-config gives the site's canonical origin, which the editor's preview links and site_url use. */
export const pluginOptionsSchema: GatsbyNode["pluginOptionsSchema"] = ({ Joi }) =>
  Joi.object({ siteUrl: Joi.string().uri().required() });

/** The editor is written beside the build, so neither `gatsby build` nor `gatsby develop` waits for it. */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }, options) => {
  const backend = backendOrPanic(reporter);
  const root = process.cwd();
  const publicDir = path.join(root, "public");
  if (!publishesEditor(backend, process.env.gatsby_executing_command)) {
    // An earlier `gatsby develop` may have left its local editor in public/.
    fs.rmSync(path.join(publicDir, ADMIN_DIR), { recursive: true, force: true });
    reporter.info(`No editor at ${ADMIN_URL}: CMS_BACKEND is not set (docs/deploy.md, "The editor's login").`);
    return;
  }
  const schemas = loadSchemas(contentDirectory(root));
  const config = cmsConfig({ schemas, backend, siteUrl: String(options.siteUrl) });
  const started = Date.now();
  editor = writeAdmin({ publicDir, root, config, schemas }).then(() => {
    reporter.info(`The editor at ${ADMIN_URL} written in ${((Date.now() - started) / 1000).toFixed(2)}s`);
    // The published editor gets the commit this build is made from, for its "Is it live?" line.
    writeBuildCommit(path.join(publicDir, ADMIN_DIR), buildCommit(process.env, root));
    return editorHosting(publicDir, backend.connectOrigins);
  });
  editor.catch(() => undefined);
};

async function editorOrPanic(reporter: { panic(message: string, error?: Error): never }) {
  try {
    return await editor;
  } catch (error) {
    return reporter.panic(`The editor at ${ADMIN_URL} could not be written`, error as Error);
  }
}

/** Under `gatsby develop`, /admin/ answers from the moment the site does (its files are in public/admin/). */
export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = async ({ app, reporter }) => {
  const written = await editorOrPanic(reporter);
  if (!written) return;
  app.get(ADMIN_URL, (_request: unknown, response: { sendFile(file: string): void }) =>
    response.sendFile(written.file),
  );
};

/** Production scripts open with V8's compile hint, and ship without source maps. `gatsby develop` is left as it is. */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions }) => {
  if (stage === "build-javascript") actions.setWebpackConfig({ devtool: false, plugins: [new CompileHintsPlugin()] });
};

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql, reporter }) => {
  const result = await graphql<Queries.PublishDataQuery>(`
    query PublishData {
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
  // Gatsby writes the site to public/ in the current directory (gatsby-cli resolves the site as path.resolve(".")).
  const publicDir = path.join(process.cwd(), "public");
  const written = await editorOrPanic(reporter);
  try {
    const deferred = deferRuntimeInDir(publicDir, written ? [path.dirname(written.file)] : []);
    reporter.info(
      `Runtime deferred to the first interaction on ${deferred.files.length} pages: ${deferred.scripts.join(" ")}`,
    );
    removeBuildNotes(publicDir);
    writeHostingFiles({
      publicDir,
      formEndpoint,
      siteUrl,
      pages: deferred.files,
      loaders: deferred.loaders,
      editor: written ?? null,
    });
  } catch (error) {
    reporter.panic((error as Error).message);
  }
};
