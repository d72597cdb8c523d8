// Static first: every built page shows and works before any script runs, and starts Gatsby's runtime on the visitor's
// first interaction (deferred-runtime.ts). The production scripts open with V8's compile hint (compile-hints.ts).
import path from "path";
import type { GatsbyNode } from "gatsby";
import { CompileHintsPlugin } from "./compile-hints";
import { deferRuntimeInDir } from "./deferred-runtime";

/** `gatsby develop` is left as it is. */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions }) => {
  if (stage === "build-javascript") actions.setWebpackConfig({ plugins: [new CompileHintsPlugin()] });
};

/**
 * Rewrites the built pages in place. It runs after the editor plugin has written /admin/ and before the hosting plugin
 * hashes each page's inline scripts, the loader included, into its policy (plugins run in gatsby-config's order).
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = ({ reporter }) => {
  try {
    const deferred = deferRuntimeInDir(path.join(process.cwd(), "public"));
    reporter.info(
      `Runtime deferred to the first interaction on ${deferred.pages} pages: ${deferred.scripts.join(" ")}`,
    );
  } catch (error) {
    reporter.panic((error as Error).message);
  }
};
