// The fixture build: `npm run test:fixture-site` (scripts/fixture-site.mjs) builds a site from data/ with the edits an
// editor might make, markup-like text among them, with the editor's GitHub backend and the site's own login
// (CMS_BACKEND=github, CMS_REPO, no CMS_AUTH_URL), and keeps a copy of it here. The login tests
// (github-login.spec.ts) and the text-is-text tests (text-is-text.spec.ts) serve it, so the suite needs no build of
// its own for them.
import path from "node:path";
import { fixtureService } from "../__tests__/helpers/fixture-service";

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
/** The same build served as a plain static host serves it (scripts/serve.mjs), for the text-is-text tests. */
export const FIXTURE_SITE_URL = `http://127.0.0.1:${E2E_PORT + 5}`;

/** The service the fixture build adds (its slug is one no service in data/ has). */
export const FIXTURE_SERVICE = fixtureService(path.resolve(__dirname, ".."));

/**
 * Text an editor might type that looks like markup: it must appear on the page exactly as typed, and never run. It
 * sets a global and the title, so a test can tell if it ever ran.
 */
export const MARKUP_TEXT = `</script><script>document.title='pwned';window.pwned=1</script><!-- "quoted" & <b>bold</b>`;

/**
 * The fields the fixture build appends MARKUP_TEXT to (after a space): one of each kind of text, in the firm's file,
 * a service's and the pages' — in headings, paragraphs, list items, link text, attributes (alt, placeholder,
 * aria-label), the head (title, description) and the JSON-LD. Paths are in data/, keys as in the YAML.
 */
export const MARKUP_FIELDS: { file: string; keys: (string | number)[] }[] = [
  { file: "firm.yaml", keys: ["name"] },
  { file: "firm.yaml", keys: ["description"] },
  { file: "firm.yaml", keys: ["areaServed"] },
  { file: "firm.yaml", keys: ["founder", "title"] },
  { file: "firm.yaml", keys: ["founder", "portraitAlt"] },
  { file: "firm.yaml", keys: ["credential", "name"] },
  { file: FIXTURE_SERVICE.file, keys: ["title"] },
  { file: FIXTURE_SERVICE.file, keys: ["description"] },
  { file: FIXTURE_SERVICE.file, keys: ["lead"] },
  { file: FIXTURE_SERVICE.file, keys: ["audience", "items", 0] },
  { file: "home.yaml", keys: ["hero", "headline"] },
  { file: "home.yaml", keys: ["process", "steps", 0, "text"] },
  { file: "layout.yaml", keys: ["footer", "rights"] },
  { file: "contact.yaml", keys: ["form", "fields", "message", "placeholder"] },
  { file: "contact.yaml", keys: ["details", "hours"] },
  { file: "not-found.yaml", keys: ["heading"] },
];
