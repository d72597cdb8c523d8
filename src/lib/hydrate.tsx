import React, { startTransition, useEffect } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";

/**
 * The events for which React 18.3 hydrates a still-dehydrated root synchronously, in the event's own task
 * (react-dom's `discreteReplayableEvents`): on a slow phone a tap during hydration would wait 100–200 ms for all of it.
 */
export const DISCRETE_EVENTS = (
  "mousedown mouseup touchcancel touchend touchstart auxclick dblclick pointercancel pointerdown pointerup dragend " +
  "dragstart drop compositionend compositionstart keydown keypress keyup input textInput copy cut paste click change " +
  "contextmenu reset submit"
).split(" ");

const LISTENER = { capture: true, passive: true } as const;

/**
 * Until release() is called, discrete events stop at the window, before any script's listener. The browser's own
 * behaviour is untouched (a link loads, a popover opens, a field takes text, a form posts): the page works as it does
 * before the runtime, and the components adopt what is open when they take over.
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

/** Calls onHydrated from the outermost effect: after every component's own, before React sees its first input. */
function AfterHydration({ onHydrated, children }: { onHydrated: () => void; children: React.ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return <>{children}</>;
}

/**
 * Gatsby's hydrate function (replaceHydrateFunction); returns what unmounts the root. Hydration inside startTransition
 * renders in slices of about 5 ms, yielding between them, and discrete input is held back until it commits. An empty
 * container (`gatsby develop`) is rendered into, as Gatsby's own function does.
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
