import React from "react";
import { LayoutView } from "./layout";
import { useLayoutData } from "../hooks/use-layout-data";
import { buildNav } from "../lib/nav";

/** The shared layout fed by its static query; wraps every page (see gatsby-browser.tsx and gatsby-ssr.tsx). */
export function SiteLayout({ pathname, children }: { pathname: string; children: React.ReactNode }) {
  const data = useLayoutData();
  const layout = data.layoutYaml;
  const firm = data.firmYaml;
  if (!layout || !firm) throw new Error("data/layout.yaml and data/firm.yaml must exist");
  const nav = buildNav(layout.nav, data.allServiceYaml.nodes);
  return (
    <LayoutView
      pathname={pathname}
      firmName={firm.name}
      skipLink={layout.skipLink}
      nav={nav}
      headerLabels={layout.nav}
      footer={{
        tagline: firm.tagline,
        buildYear: Number(data.site?.buildTime ?? new Date().getFullYear()),
        rights: layout.footer.rights,
        linksLabel: layout.footer.linksLabel,
        newTabNote: layout.footer.newTab,
        links: firm.links,
      }}
      errorScreen={layout.errorScreen}
    >
      {children}
    </LayoutView>
  );
}
