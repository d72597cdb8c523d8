// The build the login tests (github-login.spec.ts) serve: `npm run test:fixture-site` builds the fixture site with the
// editor's GitHub backend and the site's own login (CMS_BACKEND=github, CMS_REPO, no CMS_AUTH_URL) and keeps a copy of
// it here, so the suite needs no build of its own for them.
import path from "node:path";

export const LOGIN_BUILD_DIR = path.resolve(__dirname, "..", ".e2e-builds", "github-login");
/** The repository the editor of that build saves to (the tests answer GitHub's API for it in the browser). */
export const LOGIN_REPO = "harborline-test/site-content";
/** The build variables of that build. */
export const LOGIN_BUILD_ENV = { CMS_BACKEND: "github", CMS_REPO: LOGIN_REPO, CMS_BRANCH: "main" };

const E2E_PORT = Number(process.env.E2E_PORT || 9323);
/** `wrangler pages dev` on that build with the site's functions and the stand-in's OAuth app (the "login" project). */
export const LOGIN_SITE_URL = `http://127.0.0.1:${E2E_PORT + 3}`;
/** The same, without the OAuth app's variables: a site whose owner has not set them yet. */
export const UNCONFIGURED_SITE_URL = `http://127.0.0.1:${E2E_PORT + 4}`;
