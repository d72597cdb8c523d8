// Server-side rendering hooks: the same shared layout around every prebuilt page, and the document's language.
import React from "react";
import type { GatsbySSR } from "gatsby";
import { SiteLayout } from "./src/components/site-layout";

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) => (
  <SiteLayout pathname={props.location.pathname}>{element}</SiteLayout>
);

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en" });
};
