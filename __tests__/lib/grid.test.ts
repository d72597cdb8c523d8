import { balancedColumns } from "../../src/lib/grid";

describe("balancedColumns", () => {
  test("one row when the cards fit", () => {
    expect([1, 2, 3, 4].map((n) => balancedColumns(n, 4))).toEqual([1, 2, 3, 4]);
  });

  test("rows as even as possible beyond that, never wider than the maximum", () => {
    expect([5, 6, 7, 8, 9].map((n) => balancedColumns(n, 4))).toEqual([3, 3, 4, 4, 3]);
    expect([6, 7, 8].map((n) => balancedColumns(n, 5))).toEqual([3, 4, 4]);
  });

  test("no row is ever more than one card shorter than the first", () => {
    for (let max = 1; max <= 6; max++) {
      for (let count = 1; count <= 12; count++) {
        const columns = balancedColumns(count, max);
        expect(columns).toBeLessThanOrEqual(max);
        const lastRow = count % columns || columns;
        expect(columns - lastRow).toBeLessThan(Math.ceil(count / columns));
      }
    }
  });

  test("an empty list still has one column", () => {
    expect(balancedColumns(0, 4)).toBe(1);
  });
});
