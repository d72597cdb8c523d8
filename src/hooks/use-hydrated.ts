/** False in the prebuilt HTML and the first browser render, true once React runs: for no-JS fallbacks. */
import { useEffect, useState } from "react";

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
