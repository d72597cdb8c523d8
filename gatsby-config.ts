// Site configuration: metadata, the YAML content sources, the image, head and sitemap plugins, and the site's own build
// steps as local plugins in plugins/ (each with a README line).
import type { GatsbyConfig } from "gatsby";
import { yamlTypeName } from "./src/content/model";
import { contentDirectory, ignoredByTheBuild } from "./src/content/read-content";
import { siteUrlFrom } from "./src/content/form-endpoint";

/**
 * The site's canonical origin: SITE_URL at build time, or the firm's own domain. A wrong SITE_URL stops the build in
 * the content check, which names it (src/content/form-endpoint.ts); until then the default stands in, so that Gatsby's
 * own check of siteMetadata does not stop it first with a message that names no variable.
 */
export const siteUrl = siteUrlFrom(process.env).value;

const config: GatsbyConfig = {
  siteMetadata: { siteUrl },
  graphqlTypegen: { typesOutputPath: "src/gatsby-types.d.ts", generateOnBuild: true },
  // One URL form, the one every host serves without a redirect: /about/ (see src/lib/paths.ts).
  trailingSlash: "always",
  plugins: [
    "gatsby-plugin-react-helmet",
    "gatsby-plugin-image",
    {
      resolve: "gatsby-plugin-sharp",
      options: { defaults: { formats: ["auto", "avif", "webp"], quality: 78, placeholder: "blurred" } },
    },
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      options: {
        name: "content",
        path: contentDirectory(__dirname),
        ignore: [ignoredByTheBuild(contentDirectory(__dirname))],
      },
    },
    { resolve: "gatsby-transformer-yaml", options: { typeName: yamlTypeName } },
    { resolve: "gatsby-plugin-sitemap", options: { excludes: ["/404/", "/404.html", "/dev-404-page/"] } },
    // Content is checked before anything is built or bundled; what the build publishes beside the pages, and does to
    // them after Gatsby writes them, is one sequence in plugins/publish.
    "content-model",
    "styles-fingerprint",
    { resolve: "publish", options: { siteUrl } },
  ],
};

export default config;
