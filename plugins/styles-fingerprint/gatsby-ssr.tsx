// The built stylesheets' fingerprint, put in by the build (styles-fingerprint.ts): it makes the renderer change whenever
// the CSS that every page inlines changes, so that a build after a CSS edit re-renders every page. It changes nothing
// in a page.
import type { GatsbySSR } from "gatsby";

declare const __SITE_STYLES_FINGERPRINT__: string;
const stylesRendered = () =>
  typeof __SITE_STYLES_FINGERPRINT__ === "string" ? __SITE_STYLES_FINGERPRINT__ : "(not built with the site's CSS)";

export const onRenderBody: GatsbySSR["onRenderBody"] = () => {
  if (stylesRendered() === "") throw new Error("The build gave the renderer no stylesheet fingerprint");
};
