/** The shared layout's content (labels, firm, services for the menus), from one static query. */
import { graphql, useStaticQuery } from "gatsby";

export function useLayoutData(): Queries.LayoutDataQuery {
  return useStaticQuery<Queries.LayoutDataQuery>(graphql`
    query LayoutData {
      site {
        buildTime(formatString: "YYYY")
      }
      layoutYaml {
        nav {
          about
          services
          contact
          servicesToggle
          menuOpen
          menuClose
          mainLabel
        }
        skipLink
        footer {
          rights
          linksLabel
          newTab
        }
        errorScreen {
          title
          body
          homeLink
        }
      }
      firmYaml {
        name
        tagline
        links {
          label
          url
        }
      }
      allServiceYaml(sort: { order: ASC }) {
        nodes {
          navLabel
          path
        }
      }
    }
  `);
}
