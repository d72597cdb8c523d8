// The editor's GitHub login under test: the stand-in for GitHub and the login build on `wrangler pages dev`
// (started once for the whole spec), and the steps the login tests share.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, type Guard } from "./fixtures";
import { LOGIN_BUILD_DIR, LOGIN_REPO, LOGIN_SITE_URL, UNCONFIGURED_SITE_URL } from "./login-build";
import { CLIENT_ID, CLIENT_SECRET, startStandIn, type StandIn } from "./github-stand-in";
import { failure, type FailureKind } from "../functions/_lib/login/failures";
import { STATE_COOKIE } from "../functions/_lib/login/state";
import { ADMIN_URL } from "../plugins/publish/editor/admin";

const repo = path.resolve(__dirname, "..");
const API = /^https:\/\/api\.github\.com\//;
// The editor's scripts and styles (Decap's 5 MB bundle and the chunks beside it, the editor's own chunks, up to
// 150 KB), straight from the same build folder rather than through `wrangler pages dev`, whose development asset
// server, with both cores busy, now and then leaves a response unfinished (cloudflare/workers-sdk#3397) and /admin/
// short of its load event: seen with Decap's bundle, and again (60 s) once only the bundle came from disk. The page
// is opened up to its DOMContentLoaded, which waits for its scripts and not for the rest (the favicon, the CSS).
// What these tests check runs on wrangler: the site's login functions, /admin/ itself with its headers, and the
// editor's side of the login; a deploy serves these files from Cloudflare's CDN, not from that dev server. The
// editor's own specs (e2e/cms*.spec.ts) fetch them from the server that serves them.
const EDITOR_FILES = /\/admin\/[^?#]+\.(js|css)$/;

export let standIn: StandIn;
const servers: ChildProcess[] = [];

/**
 * `wrangler pages dev` on a build (`dir`, default the login build) with the site's functions (scripts/cloudflare.mjs)
 * and their `variables` only, once it answers; stopServers stops it.
 */
export async function serveFunctions(url: string, variables: Record<string, string>, dir = LOGIN_BUILD_DIR) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: new URL(url).port, SERVE_DIR: dir };
  for (const name of ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET", "GITHUB_OAUTH_URL", "SITE_ORIGIN"]) delete env[name];
  const child = spawn(process.execPath, [path.join(repo, "scripts", "cloudflare.mjs")], {
    cwd: repo,
    env: { ...env, ...variables },
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

/** Stops every server serveFunctions started. */
export async function stopServers(): Promise<void> {
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
}

/** The stand-in for GitHub, then the login build on `wrangler pages dev` twice: with the OAuth app's variables, and without. */
export async function startLoginServers(): Promise<void> {
  if (!fs.existsSync(path.join(LOGIN_BUILD_DIR, "admin", "index.html"))) {
    throw new Error(
      `No build for the login tests in ${LOGIN_BUILD_DIR}: run npm run test:fixture-site first (npm test does).`,
    );
  }
  standIn = await startStandIn();
  // One after the other: wrangler picks its inspector's port when it starts, and two starting at once pick the same.
  await serveFunctions(LOGIN_SITE_URL, {
    GITHUB_CLIENT_ID: CLIENT_ID,
    GITHUB_CLIENT_SECRET: CLIENT_SECRET,
    GITHUB_OAUTH_URL: standIn.url,
  });
  // The same site before its owner has set the OAuth app's variables.
  await serveFunctions(UNCONFIGURED_SITE_URL, { GITHUB_OAUTH_URL: standIn.url });
}

/** Stops what startLoginServers started. */
export async function stopLoginServers(): Promise<void> {
  await stopServers();
  await standIn?.close();
}

/** The GitHub API calls the editor made, with the Authorization header each carried. */
type ApiCall = { method: string; path: string; authorization: string | undefined };

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "Authorization, Content-Type",
  "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE",
};

/**
 * The editor at /admin/ of `site`, with GitHub's API answered in the browser: the user, and the repository with
 * write access; anything else "Not Found" (an empty repository, as far as the editor can tell).
 */
export async function openEditor(
  page: Page,
  guard: Guard,
  site: string,
  /**
   * More of GitHub's API, by path (e.g. a branch's head commit): the JSON to answer with; or a stand-in for the whole
   * API (its root) that every call goes to.
   */
  answers: Record<string, unknown> | string = {},
): Promise<ApiCall[]> {
  const calls: ApiCall[] = [];
  // A build for GitHub never asks for a local decap-server: the guard fails the test on any request to one.
  guard.intercepted.push(API);
  // The browser's own line for the API's "Not Found" answers.
  guard.allowed.push(/status of 404/);
  // Playwright sends each file with the content type of its extension.
  await page.route(EDITOR_FILES, (route) =>
    route.fulfill({ path: path.join(LOGIN_BUILD_DIR, decodeURIComponent(new URL(route.request().url()).pathname)) }),
  );
  await page.route(API, async (route) => {
    const request = route.request();
    if (request.method() === "OPTIONS") return route.fulfill({ status: 204, headers: CORS });
    const { pathname, search } = new URL(request.url());
    calls.push({ method: request.method(), path: pathname, authorization: request.headers()["authorization"] });
    if (typeof answers === "string") {
      // A fresh connection each time: one the stand-in closed while idle fails when reused (ECONNRESET).
      const headers = { ...request.headers(), connection: "close" };
      const response = await route.fetch({ url: `${answers}${pathname}${search}`, headers });
      return route.fulfill({ response, headers: { ...response.headers(), ...CORS } });
    }
    if (pathname === "/user") {
      return route.fulfill({
        headers: CORS,
        json: { login: "office-manager", name: "Office Manager", avatar_url: "" },
      });
    }
    if (pathname === `/repos/${LOGIN_REPO}`) {
      const owner = LOGIN_REPO.split("/")[0];
      return route.fulfill({
        headers: CORS,
        json: { full_name: LOGIN_REPO, owner: { login: owner }, default_branch: "main", permissions: { push: true } },
      });
    }
    if (pathname in answers) return route.fulfill({ headers: CORS, json: answers[pathname] });
    return route.fulfill({ status: 404, headers: CORS, json: { message: "Not Found" } });
  });
  await page.goto(`${site}${ADMIN_URL}`, { waitUntil: "domcontentloaded" });
  return calls;
}

/** Presses Login with GitHub and returns the popup, on the stand-in's consent page. */
export async function startLogin(page: Page): Promise<Page> {
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Login with GitHub" }).click();
  const opened = await popup;
  await opened.waitForURL(`${standIn.url}/login/oauth/authorize?**`);
  return opened;
}

/** The editor's login page shows the failure's words, and the popup has closed. */
export async function expectLoginError(guard: Guard, page: Page, popup: Page, kind: FailureKind, about = "") {
  const expected = failure(kind, about);
  // The login's page says what went wrong with the failure's own status, which the popup logs.
  guard.allowed.push(new RegExp(`status of ${expected.status} `));
  if (!popup.isClosed()) await popup.waitForEvent("close");
  await expect(page.getByText(`${expected.title}. ${expected.detail}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Login with GitHub" })).toBeVisible();
}

/** The login's cookie on the site (its state, start time and code_verifier), if the browser has it. */
export const loginCookies = async (context: BrowserContext) =>
  (await context.cookies(LOGIN_SITE_URL)).filter((c) => c.name === STATE_COOKIE);

/** Rewrites the login's cookie in the browser, as a tampered or stale one would arrive at the callback. */
export async function editLoginCookie(
  context: BrowserContext,
  edit: (parts: { state: string; issuedAt: number; verifier: string }) => string,
): Promise<void> {
  const [cookie] = await loginCookies(context);
  const [state, issuedAt, verifier] = cookie.value.split(".");
  await context.addCookies([{ ...cookie, value: edit({ state, issuedAt: Number(issuedAt), verifier }) }]);
}

export const authorizeLink = async (popup: Page) =>
  new URL((await popup.getByRole("link", { name: "Authorize" }).getAttribute("href"))!);

/**
 * Follows the consent page's Authorize link changed to `href`. A click, not page.goto: goto waits for the page's load
 * event, and the editor may close the popup before that, as soon as it has the answer.
 */
export async function authorizeAt(popup: Page, href: string) {
  const link = popup.getByRole("link", { name: "Authorize" });
  await link.evaluate((a, url) => a.setAttribute("href", url), href);
  await link.click();
}

/** Logs in through the popup's consent page (Authorize) and waits for the editor's collections. */
export async function logIn(page: Page): Promise<void> {
  const popup = await startLogin(page);
  const closed = popup.waitForEvent("close");
  await popup.getByRole("link", { name: "Authorize" }).click();
  await closed;
  await page.getByRole("link", { name: "Pages and settings" }).waitFor();
}
