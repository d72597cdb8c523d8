import React from "react";
import { graphql, type PageProps } from "gatsby";
import { ServiceView } from "../components/service-view";
import { Seo } from "../components/seo";

/** The one template behind every /services/<slug> page (see createPages in gatsby-node.ts). */
export default function ServiceTemplate({ data, location }: PageProps<Queries.ServicePageQuery>) {
  const { serviceYaml: service, homeYaml: home, layoutYaml: layout } = data;
  if (!service || !home || !layout) throw new Error("A service page needs its service, home and layout content");
  return (
    <>
      <Seo title={service.title} description={service.description} pathname={location.pathname} service={service} />
      <ServiceView service={service} servicesLabel={layout.nav.services} cta={home.cta} />
    </>
  );
}

export const query = graphql`
  query ServicePage($id: String!) {
    serviceYaml(id: { eq: $id }) {
      title
      description
      path
      lead
      covers {
        heading
        items {
          title
          text
        }
      }
      audience {
        heading
        items
      }
      deliverables {
        heading
        items
      }
    }
    homeYaml {
      cta {
        heading
        text
        button
      }
    }
    layoutYaml {
      nav {
        services
      }
    }
  }
`;
