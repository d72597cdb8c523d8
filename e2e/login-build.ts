// The fixture build: `npm run test:fixture-site` (e2e/tools/fixture-site.mjs) builds a site from data/ with the edits an
// editor might make, markup-like text among them (e2e/tools/fixture-content.ts), with the editor's GitHub backend and
// the site's own login (CMS_BACKEND=github, CMS_REPO, no CMS_AUTH_URL), and keeps a copy of it. The login tests
// (github-login.spec.ts) and the text-is-text tests (text-is-text.spec.ts) serve it, so the suite needs no build of
// its own for them. Here: the addresses they serve it at.
export { FIXTURE_SERVICE, LOGIN_BUILD_DIR, LOGIN_REPO, MARKUP_FIELDS, MARKUP_TEXT } from "./tools/fixture-content";

const E2E_PORT = Number(process.env.E2E_PORT || 9323);
/** `wrangler pages dev` on that build with the site's functions and the stand-in's OAuth app (the "login" project). */
export const LOGIN_SITE_URL = `http://127.0.0.1:${E2E_PORT + 3}`;
/** The same, without the OAuth app's variables: a site whose owner has not set them yet. */
export const UNCONFIGURED_SITE_URL = `http://127.0.0.1:${E2E_PORT + 4}`;
/** The same build served as a plain static host serves it (scripts/serve.ts), for the text-is-text tests. */
export const FIXTURE_SITE_URL = `http://127.0.0.1:${E2E_PORT + 5}`;
