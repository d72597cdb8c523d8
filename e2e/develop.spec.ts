/**
 * `npm start` (gatsby develop): every route renders and React takes the page over (the header's enhanced state) with
 * no error overlay and, through the shared guard, no console error and no request to another host.
 */
import { test, expect, sitePaths } from "./fixtures";

for (const route of sitePaths()) {
  test(`${route} under gatsby develop`, async ({ page }) => {
    await page.goto(route);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("header[data-enhanced]")).toBeAttached({ timeout: 20_000 });
    await expect(page.getByText(/Unhandled Runtime Error|error while hydrating/i)).toHaveCount(0);
  });
}
