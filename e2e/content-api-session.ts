// The email login and the content API under test: the stand-ins for GitHub and Access (content-api-stand-in.ts), and
// `wrangler pages dev` (scripts/cloudflare.mjs) running the site's functions on the fixture build with its /admin/
// written for CMS_BACKEND=access, as such a build writes it (the pages are the same): once with saves published
// directly, once with drafts and review (CMS_EDITORIAL_WORKFLOW=true). An editor is a browser context that sends
// what Access sends with every request it lets through: the signed assertion of the editor's login.
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";
import { LOGIN_BUILD_DIR, LOGIN_REPO } from "./login-build";
import { serveFunctions, stopServers } from "./login-session";
import { APP_ID, AUDIENCE, startContentStandIn, type ContentStandIn } from "./content-api-stand-in";
import { cmsBackend } from "../src/cms/backend";
import { ADMIN_DIR } from "../plugins/publish/editor/admin";
import { writeEditor } from "./tools/local-editor";

const root = path.resolve(__dirname, "..");
const E2E_PORT = Number(process.env.E2E_PORT || 9323);
/** The site with the email login: saves published at once, and with drafts and review. */
export const ACCESS_SITE_URL = `http://127.0.0.1:${E2E_PORT + 8}`;
export const WORKFLOW_SITE_URL = `http://127.0.0.1:${E2E_PORT + 9}`;

/** Writes the fixture build into `dir` with its editor for the content API. */
async function writeAccessBuild(dir: string, workflow: boolean): Promise<void> {
  const result = cmsBackend({ CMS_BACKEND: "access", CMS_REPO: LOGIN_REPO, CMS_EDITORIAL_WORKFLOW: String(workflow) });
  if (result.error !== undefined) throw new Error(result.error);
  const editor = `${dir}.editor`;
  fs.rmSync(dir, { recursive: true, force: true });
  await writeEditor(editor, result.backend);
  fs.cpSync(LOGIN_BUILD_DIR, dir, { recursive: true });
  fs.copyFileSync(path.join(dir, ADMIN_DIR, "build.json"), path.join(editor, ADMIN_DIR, "build.json"));
  fs.rmSync(path.join(dir, ADMIN_DIR), { recursive: true });
  fs.cpSync(path.join(editor, ADMIN_DIR), path.join(dir, ADMIN_DIR), { recursive: true });
  // The build's rule for /admin/ replaced by the editor's own, as the build writes it for this backend.
  const rule = /\n\/admin\/\n( {2}.*\n)+/;
  const own = rule.exec(fs.readFileSync(path.join(editor, "_headers"), "utf8"))![0];
  const headers = fs.readFileSync(path.join(dir, "_headers"), "utf8");
  if (!rule.test(headers)) throw new Error(`No /admin/ rule in ${dir}/_headers`);
  fs.writeFileSync(path.join(dir, "_headers"), headers.replace(rule, own));
  fs.rmSync(editor, { recursive: true });
}

export let standIn: ContentStandIn;

/** The stand-ins, the two builds and their servers; `variables` changes the functions' settings for both. */
export async function startContentApiServers(variables: Record<string, string> = {}): Promise<void> {
  if (!fs.existsSync(path.join(LOGIN_BUILD_DIR, "admin", "index.html"))) {
    throw new Error(`No fixture build in ${LOGIN_BUILD_DIR}: run npm run test:fixture-site first (npm test does).`);
  }
  standIn = await startContentStandIn(LOGIN_REPO, path.join(root, "data"));
  const env = {
    CMS_REPO: LOGIN_REPO,
    CMS_BRANCH: "main",
    ACCESS_TEAM_DOMAIN: standIn.url,
    ACCESS_AUD: AUDIENCE,
    GITHUB_APP_ID: APP_ID,
    GITHUB_APP_PRIVATE_KEY: standIn.appPrivateKey,
    GITHUB_API_URL: standIn.api,
    ...variables,
  };
  // One after the other: wrangler picks its inspector's port when it starts, and two starting at once pick the same.
  for (const [url, workflow] of [
    [ACCESS_SITE_URL, false],
    [WORKFLOW_SITE_URL, true],
  ] as const) {
    const dir = path.join(root, ".e2e-builds", workflow ? "access-workflow" : "access");
    await writeAccessBuild(dir, workflow);
    await serveFunctions(url, env, dir);
  }
}

export async function stopContentApiServers(): Promise<void> {
  await stopServers();
  await standIn?.close();
}

/** A browser of an editor Access has logged in as `email`: every request carries their assertion. */
export async function editorContext(browser: Browser, email: string, width: number): Promise<BrowserContext> {
  const mobile = width < 768;
  return browser.newContext({
    viewport: { width, height: 800 },
    isMobile: mobile,
    hasTouch: mobile,
    extraHTTPHeaders: { "Cf-Access-Jwt-Assertion": await standIn.assertion(email) },
  });
}
