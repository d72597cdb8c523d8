// Server-side rendering hooks: the same shared layout around every prebuilt page, the document's language and icons.
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
