// Browser hooks: global styles, the shared layout around every page, hydration in small slices that input never
// forces to finish at once (src/lib/hydrate.tsx), and smooth scroll to the top on navigation.
import React from "react";
import type { GatsbyBrowser } from "gatsby";
import { SiteLayout } from "./src/components/site-layout";
import { hydrateInSlices } from "./src/lib/hydrate";
import { handleRouteScroll, takeOverScrollRestoration, trackNavigationAction } from "./src/lib/scroll";
import "./src/styles/global.css";

let takeNavigationAction: (() => "POP" | "PUSH") | undefined;

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  takeNavigationAction = trackNavigationAction(window);
  takeOverScrollRestoration(window);
};

type HydrateFunction = ReturnType<NonNullable<GatsbyBrowser["replaceHydrateFunction"]>>;

// Gatsby types this with the legacy ReactDOM.render signature; its runtime calls it as (element, container).
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] = () =>
  hydrateInSlices as unknown as HydrateFunction;

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) => (
  <SiteLayout pathname={props.location.pathname}>{element}</SiteLayout>
);

/**
 * Gatsby asks this after each route change, before it moves the scroll position itself. A new page: scroll to the top
 * here (smoothly, or instantly for reduced motion) and tell Gatsby not to jump. Back/forward and #hash links: leave it
 * to Gatsby, which restores the position the visitor left or scrolls to the target.
 */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps, prevRouterProps }) => {
  const action = takeNavigationAction?.() ?? "PUSH";
  // The first render of the first page: nothing to do, the browser handles the initial position.
  if (!prevRouterProps) return true;
  return handleRouteScroll(window, action, routerProps.location.hash);
};
