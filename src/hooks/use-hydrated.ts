/**
 * False in the prebuilt HTML and the browser's first (hydrating) render, true once React runs: for the fallbacks that
 * work before the runtime starts. It flips in the same batch of effects in which the menus adopt what the visitor has
 * open (desktop-nav.tsx, mobile-nav.tsx), so the switch from the CSS fallbacks to script is one commit: nothing closes.
 */
import { useEffect, useState } from "react";

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
