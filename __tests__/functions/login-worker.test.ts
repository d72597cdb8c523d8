/**
 * @jest-environment node
 */
/** The login as a Worker for nginx sites (deploy/login-worker.ts): the same two routes, on the site's origin. */
import { failure } from "../../functions/_lib/login/failures";
import worker from "../../deploy/login-worker";

const ENV = { GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "secret", SITE_ORIGIN: "https://www.example.com" };
const WORKER = "https://site-login.example.workers.dev";

test("/api/auth sends the editor to GitHub with the site's callback URL, not the Worker's", async () => {
  const response = await worker.fetch(new Request(`${WORKER}/api/auth?provider=github&scope=repo`), ENV);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!);
  expect(location.searchParams.get("redirect_uri")).toBe("https://www.example.com/api/callback");
});

test("/api/callback answers with the popup page, which speaks to the site's origin", async () => {
  // No login cookie: refused on its state before anything else.
  const response = await worker.fetch(new Request(`${WORKER}/api/callback?error=access_denied`), ENV);
  expect(response.status).toBe(failure("no-cookie").status);
  expect(await response.text()).toContain('"origin":"https://www.example.com"');
});

test("anything else is not found; without SITE_ORIGIN it says what to set", async () => {
  expect((await worker.fetch(new Request(`${WORKER}/`), ENV)).status).toBe(404);
  expect((await worker.fetch(new Request(`${WORKER}/api/auth`, { method: "POST" }), ENV)).status).toBe(404);
  const unset = await worker.fetch(new Request(`${WORKER}/api/auth`), { ...ENV, SITE_ORIGIN: "" });
  expect(unset.status).toBe(503);
  expect(await unset.text()).toMatch(/SITE_ORIGIN/);
});
