import React from "react";
import { Helmet } from "react-helmet";
import { useSeoData } from "../hooks/use-seo-data";
import {
  absoluteUrl,
  organizationJsonLd,
  pageTitle,
  serviceJsonLd,
  shareImageUrl,
  type ServiceFacts,
} from "../lib/seo";
import { scriptJson } from "../lib/script-json";

export interface SeoProps {
  title: string;
  description: string;
  pathname: string;
  /** Adds a schema.org Service for a service page. */
  service?: ServiceFacts;
  /**
   * For pages that should not be indexed (the 404 page): robots noindex, and no canonical or og:url, since such a page
   * is served at any unknown address and has no URL of its own to name (Gatsby builds it as /404/ and /404.html).
   */
  noindex?: boolean;
}

/** The head of every page through react-helmet: title, description, canonical, social cards and JSON-LD. */
export function Seo({ title, description, pathname, service, noindex = false }: SeoProps) {
  const { site, firmYaml: firm } = useSeoData();
  const siteUrl = site?.siteMetadata?.siteUrl ?? "";
  if (!firm) throw new Error("data/firm.yaml is required");
  const fullTitle = pageTitle(title, firm.name);
  const url = absoluteUrl(siteUrl, pathname);
  const image = shareImageUrl(siteUrl);
  // react-helmet writes a script's text into the page as it is: scriptJson keeps an editor's "</script>" data.
  const jsonLd = [organizationJsonLd(firm, siteUrl), ...(service ? [serviceJsonLd(service, firm, siteUrl)] : [])];
  return (
    <Helmet htmlAttributes={{ lang: "en" }}>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={firm.name} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      {noindex ? null : <meta property="og:url" content={url} />}
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <script type="application/ld+json">{scriptJson(jsonLd)}</script>
    </Helmet>
  );
}
