/**
 * How many columns a grid of `count` cards uses on wide screens so that its rows are as even as possible: never more
 * than `maxColumns`, and never a lone card on the last row when an even split exists (5 → 3 + 2, 6 → 3 + 3).
 */
export function balancedColumns(count: number, maxColumns: number): number {
  if (count <= 0) return 1;
  const rows = Math.ceil(count / maxColumns);
  return Math.ceil(count / rows);
}
