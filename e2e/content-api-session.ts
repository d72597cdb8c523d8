// The email login and the content API under test: the stand-ins for GitHub and Access (content-api-stand-in.ts), and
// `wrangler pages dev` (scripts/cloudflare.mjs) running the site's functions on the fixture build, which a build made
// for CMS_BACKEND=access as a deploy makes it: once as built, saves published directly, and once with its /admin/
// written for drafts and review (CMS_EDITORIAL_WORKFLOW=true; the pages are the same). An editor is a browser context
// that sends what Access sends with every request it lets through: the signed assertion of the editor's login. And, for
// its test, the content API's Worker route (deploy/content-worker.ts, `wrangler dev`) before the fixture's own server.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";
import {
  ACCESS_SITE_URL,
  FIXTURE_BUILD_DIR,
  FIXTURE_REPO,
  FIXTURE_SITE_URL,
  WORKER_URL,
  WORKFLOW_SITE_URL,
} from "./fixture-build";
import { standInSettings, startContentStandIn, type ContentStandIn } from "./content-api-stand-in";
import { cmsBackend } from "../src/content/editor-backend";
import { ADMIN_DIR } from "../plugins/publish/editor/admin";
import { writeEditor } from "./tools/local-editor";

const root = path.resolve(__dirname, "..");
const servers: ChildProcess[] = [];

/** `wrangler pages dev` on the build in `dir` with the site's functions and their `variables`, once it answers. */
export async function serveFunctions(url: string, variables: Record<string, string>, dir: string, upstream = "") {
  const child = spawn(process.execPath, [path.join(root, "scripts", "cloudflare.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: new URL(url).port, SERVE_DIR: dir, UPSTREAM: upstream, ...variables },
    stdio: ["ignore", "inherit", "inherit"],
  });
  servers.push(child);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`scripts/cloudflare.mjs for ${url} exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`wrangler pages dev did not answer at ${url} within 90 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Writes the fixture build into `dir` with its /admin/ written for drafts and review, as such a build writes it. */
async function writeWorkflowBuild(dir: string): Promise<void> {
  // The firm's time zone is not UTC here: the editor shows and takes times in it.
  const env = { CMS_BACKEND: "access", CMS_REPO: FIXTURE_REPO, CMS_EDITORIAL_WORKFLOW: "true" };
  const result = cmsBackend({ ...env, SITE_TIMEZONE: WORKFLOW_TIMEZONE });
  if (result.error !== undefined) throw new Error(result.error);
  const editor = `${dir}.editor`;
  fs.rmSync(dir, { recursive: true, force: true });
  await writeEditor(editor, result.backend);
  fs.cpSync(FIXTURE_BUILD_DIR, dir, { recursive: true });
  // The build's own commit file stays: the same build, with another editor configuration.
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

export const WORKFLOW_TIMEZONE = "America/New_York";
export let standIn: ContentStandIn;

/**
 * The stand-ins, the two builds and their servers; `variables` changes the functions' settings for both, `workflow`
 * for the one with drafts and review.
 */
export async function startContentApiServers(
  variables: Record<string, string> = {},
  workflow: Record<string, string> = {},
): Promise<void> {
  if (!fs.existsSync(path.join(FIXTURE_BUILD_DIR, ADMIN_DIR, "index.html"))) {
    throw new Error(`No fixture build in ${FIXTURE_BUILD_DIR}: run npm run test:fixture-site first (npm test does).`);
  }
  standIn = await startContentStandIn(FIXTURE_REPO, path.join(root, "data"));
  const env = { ...standInSettings(standIn), CMS_BRANCH: "main", ...variables };
  // One after the other: wrangler picks its inspector's port when it starts, and two starting at once pick the same.
  await serveFunctions(ACCESS_SITE_URL, env, FIXTURE_BUILD_DIR);
  const workflowBuild = path.join(root, ".e2e-builds", "access-workflow");
  await writeWorkflowBuild(workflowBuild);
  await serveFunctions(WORKFLOW_SITE_URL, { ...env, CMS_EDITORIAL_WORKFLOW: "true", ...workflow }, workflowBuild);
  let worker: Promise<void> | undefined;
  serveWorkerRoute = () => (worker ??= serveFunctions(WORKER_URL, env, FIXTURE_BUILD_DIR, FIXTURE_SITE_URL));
}

/** Starts the content API's Worker route in front of the fixture build's own server, once, for the tests that ask. */
export let serveWorkerRoute: () => Promise<void>;

export async function stopContentApiServers(): Promise<void> {
  await Promise.all(
    servers.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
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
