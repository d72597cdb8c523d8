/**
 * Every page inlines the site's CSS, but Gatsby 5 re-renders a page only when its data or the HTML renderer changed:
 * after a CSS-only edit pages would keep the old styles. The built stylesheets' hashed names go into the renderer as a
 * constant (gatsby-ssr.tsx), so a CSS change re-renders every page, as a cold build would; a content edit does not.
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
