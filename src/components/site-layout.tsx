import React from "react";
import { LayoutView, type LayoutViewProps } from "./layout";
import { useLayoutData } from "../hooks/use-layout-data";
import { buildNav, type NavService } from "../lib/nav";

type LayoutData = NonNullable<Queries.LayoutDataQuery["layoutYaml"]>;
type FirmData = NonNullable<Queries.LayoutDataQuery["firmYaml"]>;

/** The layout's props from the layout's words, the firm and the services: for the site and the editor's preview. */
export function layoutViewProps({
  layout,
  firm,
  services,
  buildYear,
}: {
  layout: LayoutData;
  firm: FirmData;
  services: readonly NavService[];
  buildYear: number;
}): Omit<LayoutViewProps, "pathname" | "children"> {
  return {
    firmName: firm.name,
    skipLink: layout.skipLink,
    nav: buildNav(layout.nav, services),
    headerLabels: layout.nav,
    footer: {
      tagline: firm.tagline,
      buildYear,
      rights: layout.footer.rights,
      linksLabel: layout.footer.linksLabel,
      newTabNote: layout.footer.newTab,
      links: firm.links,
    },
    errorScreen: layout.errorScreen,
  };
}

/** The shared layout fed by its static query; wraps every page (see gatsby-browser.tsx and gatsby-ssr.tsx). */
export function SiteLayout({ pathname, children }: { pathname: string; children: React.ReactNode }) {
  const data = useLayoutData();
  const layout = data.layoutYaml;
  const firm = data.firmYaml;
  if (!layout || !firm) throw new Error("data/layout.yaml and data/firm.yaml must exist");
  return (
    <LayoutView
      pathname={pathname}
      {...layoutViewProps({
        layout,
        firm,
        services: data.allServiceYaml.nodes,
        buildYear: Number(data.site?.buildTime ?? new Date().getFullYear()),
      })}
    >
      {children}
    </LayoutView>
  );
}
