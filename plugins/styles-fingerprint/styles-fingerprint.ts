/**
 * Every prebuilt page inlines the site's CSS (Gatsby writes the stylesheet's content into a `<style>` in each page's
 * head). With slices, which Gatsby 5 uses, a build re-renders a page only when its data or the HTML renderer changed:
 * after an edit to CSS alone the renderer would be the same, so every page would keep the old inlined styles and
 * point at a stylesheet the build no longer has. The fingerprint of the built stylesheets (their content-hashed names in
 * webpack.stats.json, written by the JavaScript build just before the renderer is built) goes into the renderer as a
 * constant (gatsby-ssr.tsx reads it), so any change to the CSS changes the renderer, and Gatsby re-renders every page,
 * as a cold build would. An edit to content alone leaves it as it was: only the pages whose data changed re-render.
 */
import crypto from "crypto";
import fs from "fs";
import path from "path";

/** The constant's name in the renderer's code (gatsby-ssr.tsx declares it). */
export const STYLES_FINGERPRINT = "__SITE_STYLES_FINGERPRINT__";

/** A hash of the names (so of the contents) of the stylesheets the JavaScript build wrote into publicDir. */
export function stylesFingerprint(publicDir: string): string {
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8")) as {
    assetsByChunkName: Record<string, string[]>;
  };
  const stylesheets = [...new Set(Object.values(stats.assetsByChunkName).flat())].filter((a) => a.endsWith(".css"));
  if (stylesheets.length === 0) throw new Error(`No stylesheet in ${publicDir}/webpack.stats.json`);
  return crypto.createHash("sha256").update(stylesheets.sort().join("\n")).digest("hex").slice(0, 16);
}
