import React from "react";
import { graphql, type PageProps } from "gatsby";
import { HomeView } from "../components/home-view";
import { Seo } from "../components/seo";

export default function HomePage({ data, location }: PageProps<Queries.HomePageQuery>) {
  const { homeYaml: home, firmYaml: firm, allServiceYaml } = data;
  if (!home || !firm) throw new Error("data/home.yaml and data/firm.yaml are required");
  return (
    <>
      <Seo title={home.title} description={home.description} pathname={location.pathname} />
      <HomeView home={home} firm={firm} services={allServiceYaml.nodes} />
    </>
  );
}

export const query = graphql`
  query HomePage {
    homeYaml {
      title
      description
      hero {
        eyebrow
        headline
        lead
        cta
        highlights
      }
      process {
        heading
        intro
        steps {
          title
          text
        }
      }
      services {
        heading
        intro
        cardLink
      }
      trust {
        heading
        text
      }
      cta {
        heading
        text
        button
      }
    }
    firmYaml {
      membershipNote
    }
    allServiceYaml(sort: { order: ASC }) {
      nodes {
        navLabel
        summary
        path
      }
    }
  }
`;
