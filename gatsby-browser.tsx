// Browser hooks: global styles, the shared layout around every page, hydration in small slices, and smooth scroll to
// the top on navigation.
import React, { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import type { GatsbyBrowser } from "gatsby";
import { SiteLayout } from "./src/components/site-layout";
import { handleRouteScroll, trackNavigationAction } from "./src/lib/scroll";
import "./src/styles/global.css";

let takeNavigationAction: (() => "POP" | "PUSH") | undefined;

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  takeNavigationAction = trackNavigationAction(window);
};

/**
 * Hydrate the prebuilt HTML as a transition: React then works in slices of a few milliseconds and yields to the browser
 * in between, instead of one long task that blocks input while a slow phone catches up (Total Blocking Time).
 * The page is fully visible and its links work before hydration, so nothing waits on it.
 */
function hydrateInSlices(element: React.ReactNode, container: Element | null): void {
  if (!container) return;
  startTransition(() => {
    hydrateRoot(container, element);
  });
}

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
