/**
 * `npm start` (gatsby develop): every route renders and React takes the page over (the header's enhanced state) with
 * no error overlay; and the editor at /admin/ beside it, as `npm run cms` serves it. The shared guard fails a test on
 * any console error or request to another host.
 */
import { test, expect, services, sitePaths } from "./fixtures";
import { openEditor, startLocalProxy } from "./local-proxy";
import { LOCAL_PROXY_PORT } from "../src/content/editor-backend";

for (const route of sitePaths()) {
  test(`${route} under gatsby develop`, async ({ page }) => {
    await page.goto(route);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("header[data-enhanced]")).toBeAttached({ timeout: 20_000 });
    await expect(page.getByText(/Unhandled Runtime Error|error while hydrating/i)).toHaveCount(0);
  });
}

test("/admin/ under gatsby develop with the local backend, as npm run cms opens it: the editor lists the services", async ({
  page,
  guard,
}) => {
  // A local backend of its own, on a copy of data/, on a free port the editor's requests are routed to.
  const proxy = await startLocalProxy("simple");
  guard.intercepted.push(new RegExp(`^http://(127\\.0\\.0\\.1|localhost):${LOCAL_PROXY_PORT}/`));
  try {
    await proxy.route(page, LOCAL_PROXY_PORT);
    await openEditor(page, "collections/services");
    await expect(page.getByRole("link", { name: /^\d+\. / })).toHaveCount(services().length);
  } finally {
    await page.close();
    await proxy.stop();
  }
});
