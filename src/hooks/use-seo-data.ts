/** Site-wide facts for the head of every page: the site's URL and the firm, for titles, canonical links and JSON-LD. */
import { graphql, useStaticQuery } from "gatsby";

export function useSeoData(): Queries.SeoDataQuery {
  return useStaticQuery<Queries.SeoDataQuery>(graphql`
    query SeoData {
      site {
        siteMetadata {
          siteUrl
        }
      }
      firmYaml {
        name
        description
        founded
        areaServed
        founder {
          name
          title
        }
        credential {
          name
          abbreviation
          awardedBy
        }
        phone {
          dial
        }
        address {
          street
          city
          region
          postalCode
          country
        }
        links {
          url
        }
      }
    }
  `);
}
