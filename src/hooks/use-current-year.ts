/**
 * The visitor's current year. The first render uses the year the page was built, so the browser's first render matches
 * the prebuilt HTML (no hydration warning); right after, it switches to the visitor's clock.
 */
import { useEffect, useState } from "react";

export function useCurrentYear(buildYear: number): number {
  const [year, setYear] = useState(buildYear);
  useEffect(() => {
    setYear(new Date().getFullYear());
  }, []);
  return year;
}
