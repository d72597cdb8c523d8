// The site's own build step: one page per service, from one template, at the path the content model derives from its
// slug. The other build steps are local plugins in plugins/ (gatsby-config.ts lists them).
import type { GatsbyNode } from "gatsby";
import path from "path";

const SERVICE_TEMPLATE = path.resolve(__dirname, "src/templates/service.tsx");

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<Queries.ServicePagesQuery>(`
    query ServicePages {
      allServiceYaml(sort: { order: ASC }) {
        nodes {
          id
          path
        }
      }
    }
  `);

  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not load the services from data/services/ to create their pages.", result.errors);
    return;
  }

  for (const service of result.data.allServiceYaml.nodes) {
    actions.createPage({ path: service.path, component: SERVICE_TEMPLATE, context: { id: service.id } });
  }
};
