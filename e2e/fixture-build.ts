// The fixture build: `npm run test:fixture-site` (e2e/tools/fixture-site.mjs) builds a site from data/ with the edits an
// editor might make, markup-like text among them (e2e/tools/fixture-content.ts), with the email login's editor
// (CMS_BACKEND=access), and keeps a copy of it. The content API's tests (content-api.spec.ts) and the text-is-text
// tests (text-is-text.spec.ts) serve it, so the suite needs no build of its own for them. Here: where they serve it.
export { FIXTURE_BUILD_DIR, FIXTURE_REPO, FIXTURE_SERVICE, MARKUP_FIELDS, MARKUP_TEXT } from "./tools/fixture-content";

const E2E_PORT = Number(process.env.E2E_PORT || 9323);
/** The build as a plain static host serves it (scripts/serve.ts), for the text-is-text tests. */
export const FIXTURE_SITE_URL = `http://127.0.0.1:${E2E_PORT + 5}`;
/**
 * The build on Cloudflare's runtime (`wrangler pages dev`) with the site's functions, against stand-ins for GitHub and
 * Access (content-api-session.ts): saves published at once, and with drafts and review.
 */
export const ACCESS_SITE_URL = `http://127.0.0.1:${E2E_PORT + 8}`;
export const WORKFLOW_SITE_URL = `http://127.0.0.1:${E2E_PORT + 9}`;
/** The site on its own server (FIXTURE_SITE_URL) behind the content API's Worker route (deploy/content-worker.ts). */
export const WORKER_URL = `http://127.0.0.1:${E2E_PORT + 10}`;
/** Where the tests' local editor looks for the local backend: not `npm run cms`'s port, so the suite runs beside it. */
export const EDITOR_PROXY_PORT = E2E_PORT + 11;
