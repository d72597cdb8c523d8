// What is published, settled last: public/_headers' per-page rules (each page's Content-Security-Policy allows exactly
// the inline scripts the build wrote), the same rules for nginx in public/_nginx/, and robots.txt (hosting.ts); and
// none of the build's own notes about itself — source maps, webpack's stats — in public/.
import fs from "fs";
import path from "path";
import type { GatsbyNode } from "gatsby";
import { backendOrPanic } from "../editor/admin";
import { deferRuntimeInDir } from "../static-first/deferred-runtime";
import { writeHostingFiles } from "./hosting";

/** The scripts ship without source maps: they would publish the site's source, comments and all. */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions }) => {
  if (stage === "build-javascript") actions.setWebpackConfig({ devtool: false });
};

/** Gatsby's stats of the JavaScript build, which it reads while rendering the pages and has no use for after. */
const BUILD_STATS = "webpack.stats.json";

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
  // Gatsby writes the site to public/ in the current directory (gatsby-cli resolves the site as path.resolve(".")).
  const publicDir = path.join(process.cwd(), "public");
  // And no source map an earlier build of this checkout left behind.
  for (const file of fs.readdirSync(publicDir)) {
    if (file === BUILD_STATS || file.endsWith(".map")) fs.rmSync(path.join(publicDir, file));
  }
  try {
    writeHostingFiles({
      publicDir,
      formEndpoint,
      siteUrl,
      adminConnect: backendOrPanic(reporter).connectOrigins,
      // The static-first plugin has rewritten the pages: asked again, it changes none and names their loaders.
      loaders: deferRuntimeInDir(publicDir).loaders,
    });
  } catch (error) {
    reporter.panic((error as Error).message);
  }
};
