import React from "react";
import { graphql, type PageProps } from "gatsby";
import { ServicesView } from "../components/services-view";
import { Seo } from "../components/seo";

export default function ServicesPage({ data, location }: PageProps<Queries.ServicesPageQuery>) {
  const content = data.servicesPageYaml;
  if (!content) throw new Error("data/services-page.yaml is required");
  return (
    <>
      <Seo title={content.title} description={content.description} pathname={location.pathname} />
      <ServicesView content={content} services={data.allServiceYaml.nodes} />
    </>
  );
}

export const query = graphql`
  query ServicesPage {
    servicesPageYaml {
      title
      description
      heading
      lead
      detailsLink
    }
    allServiceYaml(sort: { order: ASC }) {
      nodes {
        slug
        title
        navLabel
        overview
        path
      }
    }
  }
`;
