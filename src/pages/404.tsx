import React from "react";
import { graphql, type PageProps } from "gatsby";
import { NotFoundView } from "../components/not-found-view";
import { Seo } from "../components/seo";

export default function NotFoundPage({ data, location }: PageProps<Queries.NotFoundPageQuery>) {
  const content = data.notFoundYaml;
  if (!content) throw new Error("data/not-found.yaml is required");
  return (
    <>
      <Seo title={content.title} description={content.description} pathname={location.pathname} noindex />
      <NotFoundView content={content} />
    </>
  );
}

export const query = graphql`
  query NotFoundPage {
    notFoundYaml {
      title
      description
      heading
      text
      homeLink
      servicesLink
    }
  }
`;
