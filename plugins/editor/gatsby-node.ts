// The editor at /admin/ (admin.ts): Decap's prebuilt bundle copied as it ships, and the project's editor code bundled
// by esbuild, written into public/admin/ while Gatsby bootstraps and builds — by `gatsby build` only for a hosted
// backend (CMS_BACKEND), by `gatsby develop` for local editing too (npm run cms). The build waits for it only in
// onPostBuild, `gatsby develop` before its server answers.
import fs from "fs";
import path from "path";
import type { GatsbyNode } from "gatsby";
import { cmsConfig } from "../../src/cms/config";
import { contentDirectory, loadSchemas } from "../../src/content/load";
import { ADMIN_DIR, ADMIN_URL, backendOrPanic, publishesEditor, writeAdmin, type AdminFiles } from "./admin";
import { buildCommit, writeBuildCommit } from "./build-commit";

let admin: Promise<AdminFiles> | null = null;
let hostedBackend = false;

/** gatsby-config gives the site's canonical origin, which the editor's preview links and site_url use. */
export const pluginOptionsSchema: GatsbyNode["pluginOptionsSchema"] = ({ Joi }) =>
  Joi.object({ siteUrl: Joi.string().uri().required() });

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }, options) => {
  const backend = backendOrPanic(reporter);
  hostedBackend = backend.config.name === "github";
  const root = process.cwd();
  if (!publishesEditor(backend, process.env.gatsby_executing_command)) {
    // An earlier `gatsby develop` may have left its local editor in public/.
    fs.rmSync(path.join(root, "public", ADMIN_DIR), { recursive: true, force: true });
    reporter.info(`No editor at ${ADMIN_URL}: CMS_BACKEND is not set (docs/deploy.md, "The editor").`);
    return;
  }
  const schemas = loadSchemas(contentDirectory(root));
  const config = cmsConfig({ schemas, backend, siteUrl: String(options.siteUrl) });
  const started = Date.now();
  admin = writeAdmin({ publicDir: path.join(root, "public"), root, config, schemas });
  admin.then(
    () => reporter.info(`The editor at ${ADMIN_URL} written in ${((Date.now() - started) / 1000).toFixed(2)}s`),
    () => undefined,
  );
};

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

/**
 * The hosting plugin, after this one, writes the editor's own policy from its files. An editor that saves to GitHub
 * gets the commit this build is made from, to tell its editors whether the live site has their change.
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  await adminOrPanic(reporter);
  if (hostedBackend) {
    const root = process.cwd();
    writeBuildCommit(path.join(root, "public", ADMIN_DIR), buildCommit(process.env, root));
  }
};
