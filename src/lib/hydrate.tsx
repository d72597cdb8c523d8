import React, { startTransition, useEffect } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";

/**
 * The events for which React 18.3 hydrates a still-dehydrated root synchronously, inside the event's own task
 * (react-dom's `discreteReplayableEvents`): when one reaches React's root listener while hydration is under way, React
 * stops yielding and finishes the whole page's hydration before the browser may paint the input's result — on a slow
 * phone, a tap just after the first interaction would wait 100–200 ms for the rest of the hydration.
 */
export const DISCRETE_EVENTS = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
] as const;

const LISTENER = { capture: true, passive: true } as const;

/**
 * Until release() is called, discrete events stop at the window (capture phase), before they reach React's listener on
 * the root container, or any other script's. The browser's own behaviour is untouched (stopPropagation is not
 * preventDefault): a link loads its page, the menu's popover toggle opens it, a field takes focus and text, a form
 * posts. That is the page as it works before the runtime, so nothing the visitor does is lost, and the components adopt
 * what is open when they take over (desktop-nav.tsx, mobile-nav.tsx). Form fields are uncontrolled: their values live
 * in the DOM, so typing during hydration needs no React state.
 */
export function holdDiscreteEvents(target: Window): () => void {
  const stop = (event: Event) => event.stopPropagation();
  for (const type of DISCRETE_EVENTS) target.addEventListener(type, stop, LISTENER);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    for (const type of DISCRETE_EVENTS) target.removeEventListener(type, stop, LISTENER);
  };
}

/**
 * Calls onHydrated from the outermost passive effect: after the hydration commit and after every component's own
 * effects (children's effects run first), so the menus have adopted what the visitor opened and the header is marked
 * enhanced before React sees its first input.
 */
function AfterHydration({ onHydrated, children }: { onHydrated: () => void; children: React.ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return <>{children}</>;
}

/**
 * Gatsby's hydrate function (gatsby-browser.tsx replaceHydrateFunction); returns what unmounts the root. Hydration is a
 * transition: hydrateRoot called inside startTransition takes a transition lane (requestUpdateLane), so React renders
 * in slices of about 5 ms and yields to the browser between them, instead of one long task. Discrete input is held
 * back from React until the hydration has committed (holdDiscreteEvents), so no input makes React finish the hydration
 * synchronously inside it. A container with nothing prebuilt in it (`gatsby develop` sends an empty root, and mounts
 * its loading indicator in a new element) is rendered into, as Gatsby's own function does.
 */
export function hydrateInSlices(element: React.ReactNode, container: Element | null): (() => void) | undefined {
  if (!container) return undefined;
  if (container.children.length === 0) {
    const created = createRoot(container);
    created.render(element);
    return () => created.unmount();
  }
  const release = holdDiscreteEvents(window);
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, <AfterHydration onHydrated={release}>{element}</AfterHydration>);
  });
  return () => root?.unmount();
}
