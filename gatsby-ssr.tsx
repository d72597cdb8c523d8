// Server-side rendering hooks: the same shared layout around every prebuilt page, the document's language and icons,
// and no head tags for image components the site does not use.
import React from "react";
import type { GatsbySSR } from "gatsby";
import { SiteLayout } from "./src/components/site-layout";

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) => (
  <SiteLayout pathname={props.location.pathname}>{element}</SiteLayout>
);

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en" });
  setHeadComponents([
    <link key="icon-svg" rel="icon" href="/favicon.svg" type="image/svg+xml" />,
    <link key="icon-png" rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png" />,
    <link key="apple-touch-icon" rel="apple-touch-icon" href="/apple-touch-icon.png" />,
    <meta key="theme-color" name="theme-color" content="#0f2540" />,
  ]);
};

/**
 * gatsby-plugin-image adds a style, a noscript style and an inline module script for its <GatsbyImage> wrappers to every
 * page. The site renders its images as plain <picture> markup (src/components/picture.tsx), so they would only cost the
 * visitor a script evaluation at load: they are left out.
 */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ getHeadComponents, replaceHeadComponents }) => {
  const unused = (component: React.ReactNode) =>
    React.isValidElement(component) && String(component.key ?? "").startsWith("gatsby-image-style");
  replaceHeadComponents(getHeadComponents().filter((component) => !unused(component)));
};
