// The two build steps of gatsby-plugin-decap-cms that gatsby-node.ts calls (the package ships no types).
declare module "gatsby-plugin-decap-cms/gatsby-node" {
  import type { GatsbyNode } from "gatsby";

  type Args<K extends "onCreateWebpackConfig" | "onCreateDevServer"> = Parameters<NonNullable<GatsbyNode[K]>>[0];

  export function onCreateWebpackConfig(
    args: Args<"onCreateWebpackConfig">,
    options: {
      modulePath: string;
      publicPath: string;
      manualInit: boolean;
      enableIdentityWidget: boolean;
      htmlTitle: string;
      htmlFavicon: string;
      includeRobots: boolean;
      customizeWebpackConfig: (
        config: { plugins: unknown[]; output?: object },
        helpers: { plugins: { define(definitions: object): unknown } },
      ) => void;
    },
  ): Promise<void>;

  export function onCreateDevServer(args: Args<"onCreateDevServer">, options: { publicPath: string }): void;
}
