import React from "react";
import { graphql, type PageProps } from "gatsby";
import { AboutView } from "../components/about-view";
import { Seo } from "../components/seo";

export default function AboutPage({ data, location }: PageProps<Queries.AboutPageQuery>) {
  const { aboutYaml: about, firmYaml: firm } = data;
  if (!about || !firm) throw new Error("data/about.yaml and data/firm.yaml are required");
  return (
    <>
      <Seo title={about.title} description={about.description} pathname={location.pathname} />
      <AboutView about={about} firm={firm} />
    </>
  );
}

export const query = graphql`
  query AboutPage {
    aboutYaml {
      title
      description
      heading
      lead
      facts {
        founded
        experience
        area
      }
      story {
        heading
        paragraphs
      }
      whyChooseUs {
        heading
        points {
          title
          text
        }
      }
      credential {
        heading
        paragraphs
      }
    }
    firmYaml {
      founded
      yearsOfExperience
      areaServed
      founder {
        name
        title
        portraitAlt
        portrait {
          childImageSharp {
            gatsbyImageData(width: 320, aspectRatio: 0.8, layout: CONSTRAINED, placeholder: BLURRED)
          }
        }
      }
      credential {
        badgeAlt
        badge {
          childImageSharp {
            gatsbyImageData(width: 160, layout: FIXED, placeholder: NONE)
          }
        }
      }
    }
  }
`;
