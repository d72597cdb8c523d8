// The hosting files, written last: public/_headers' per-page rules (each page's Content-Security-Policy allows exactly
// the inline scripts the build wrote), the same rules for nginx in public/_nginx/, and robots.txt (hosting.ts).
import path from "path";
import type { GatsbyNode } from "gatsby";
import { backendOrPanic } from "../editor/admin";
import { deferRuntimeInDir } from "../static-first/deferred-runtime";
import { writeHostingFiles } from "./hosting";

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
