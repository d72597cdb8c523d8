/**
 * What the site's views import from `gatsby` and `gatsby-plugin-image`, for the editor's preview bundle only
 * (plugins/publish/editor/admin.ts aliases those two modules here): the preview has no Gatsby runtime, so a Link is the
 * plain link the built page also has before its runtime starts, image data is read as gatsby-plugin-image reads it,
 * and the layout's static query (use-layout-data.ts) answers with what the preview provides (StaticQueryData).
 */
import React from "react";
import type { IGatsbyImageData } from "gatsby-plugin-image";

/** The answer to the site's static query in a preview: the content around the page being edited (previews.tsx). */
export const StaticQueryData = React.createContext<unknown>(null);
export const useStaticQuery = () => React.useContext(StaticQueryData);
export const graphql = () => undefined;

export type LinkProps = React.AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

export const Link = React.forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, children, ...rest }, ref) {
  return (
    <a ref={ref} href={to} {...rest}>
      {children}
    </a>
  );
});

type ImageHolder = {
  gatsbyImageData?: IGatsbyImageData;
  childImageSharp?: { gatsbyImageData?: IGatsbyImageData } | null;
};

/** gatsby-plugin-image's getImage: the image data of a node, its childImageSharp, or the data itself. */
export function getImage(node: IGatsbyImageData | ImageHolder | null | undefined): IGatsbyImageData | undefined {
  if (!node) return undefined;
  if ("images" in node && "layout" in node) return node as IGatsbyImageData;
  const holder = node as ImageHolder;
  return holder.gatsbyImageData ?? holder.childImageSharp?.gatsbyImageData ?? undefined;
}
