// The editor's GitHub login on Cloudflare's runtime: `wrangler pages dev` serves a build made with CMS_BACKEND=github
// and no CMS_AUTH_URL (e2e/login-build.ts) together with the site's Pages Functions (functions/api/auth.ts,
// functions/api/callback.ts), whose GITHUB_OAUTH_URL points at a stand-in for GitHub's OAuth endpoints on 127.0.0.1
// (github-stand-in.ts). The editor presses Login with GitHub at /admin/, follows the popup and is logged in; GitHub's
// API is answered in the browser (page.route), so nothing leaves the machine. Then every way the login can fail, each
// as the editor sees it; and a page on another site that opens the login gets nothing.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { closing, test, expect, services } from "./fixtures";
import { LOGIN_BUILD_DIR, LOGIN_REPO, LOGIN_SITE_URL, UNCONFIGURED_SITE_URL } from "./login-build";
import { CLIENT_ID, CLIENT_SECRET } from "./github-stand-in";
import {
  authorizeAt,
  authorizeLink,
  editLoginCookie,
  expectLoginError,
  loginCookies,
  logIn,
  openEditor,
  standIn,
  startLogin,
  startLoginServers,
  stopLoginServers,
} from "./login-session";
import { failure } from "../functions/_lib/login/failures";
import { STATE_MAX_AGE } from "../functions/_lib/login/settings";
import fs from "node:fs";
import path from "node:path";
import { ADMIN_DIR, ADMIN_OPENER_POLICY, ADMIN_URL } from "../plugins/publish/editor/admin";
import { LIVE_COMMIT_FILE } from "../src/cms/live-status";
import { LOCAL_PROXY_ORIGINS } from "../src/cms/backend";
import { EXPIRES_KEY } from "../src/cms/login-expiry";
import { parse } from "yaml";
import { startContentStandIn } from "./content-api-stand-in";
import { publish, SAVED, serviceField } from "./local-proxy";

// One worker runs them all, against one stand-in and one pair of servers. Each drives two windows through three
// servers: more time than a page test on a busy two-core machine.
test.describe.configure({ mode: "serial", timeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await startLoginServers();
});
test.afterAll(stopLoginServers);
// The login's popup goes to GitHub's stand-in (GitHub, as far as the browser can tell), which also plays "another site".
test.beforeEach(({ guard }) => {
  guard.intercepted.push(new RegExp(`^http://(127\\.0\\.0\\.1|localhost):${new URL(standIn.url).port}/`));
});

test("/admin/ lets its own popup report back; visitor pages keep same-origin and get no cookie", async ({
  request,
}) => {
  const admin = await request.get(`${LOGIN_SITE_URL}${ADMIN_URL}`);
  expect(admin.headers()["cross-origin-opener-policy"]).toBe(ADMIN_OPENER_POLICY);
  // Its policy reaches GitHub's API, and no local decap-server: that is for a build for local editing only.
  const connect = /connect-src ([^;]*)/.exec(admin.headers()["content-security-policy"])![1];
  expect(connect).toContain("https://api.github.com");
  for (const origin of LOCAL_PROXY_ORIGINS) expect(connect).not.toContain(origin);
  for (const route of ["/", "/about/", "/no-such-page/"]) {
    const response = await request.get(`${LOGIN_SITE_URL}${route}`);
    expect(response.headers()["cross-origin-opener-policy"], route).toBe("same-origin");
    expect(response.headers()["set-cookie"], route).toBeUndefined();
  }
});

test("/admin/ has its own policy, is revalidated, kept out of search results, and its files are cached by hash", async ({
  request,
}) => {
  const response = await request.get(`${LOGIN_SITE_URL}${ADMIN_URL}`, { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'unsafe-eval'/);
  expect(headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
  expect(headers["x-robots-tag"]).toBe("noindex");
  expect(headers["cache-control"]).toMatch(/max-age=0/);
  const html = await response.text();
  expect(html).toMatch(/<meta name="robots" content="(none|noindex[^"]*)">/);
  // Every file it loads has a content hash in its name (Decap's own bundle: in its folder's name, as the chunks it
  // loads by name sit beside it), so the year-long cache rule is safe.
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts.length).toBe(2);
  expect(scripts[0]).toMatch(/^decap-cms-\d+\.\d+\.\d+\.[0-9a-f]{12}\/decap-cms\.js$/);
  expect(styles.length).toBe(1);
  for (const src of [...scripts, ...styles]) {
    expect(src).toMatch(/(\.[0-9a-f]{12}\.(js|css)|\.[0-9a-f]{12}\/decap-cms\.js)$/);
    // HEAD: the answer's status and headers, without 5 MB of Decap's bundle through `wrangler pages dev`, whose
    // development asset server now and then stalls a response that large on a busy machine.
    const asset = await request.head(`${LOGIN_SITE_URL}${ADMIN_URL}${src}`);
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  }
});

test("the login's pages are accessible (WCAG 2.2 AA), at 1280 and 375 px", async ({ page, guard }) => {
  // The browser's line for the page's own status (400: no login cookie).
  guard.allowed.push(/status of 400/);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 740 });
    // An answer with no login cookie: refused on its state, before its error is read.
    await page.goto(`${LOGIN_SITE_URL}/api/callback?error=access_denied&state=x`);
    await expect(page.getByRole("heading", { level: 1, name: failure("no-cookie").title })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    expect(results.violations, `${width} px`).toEqual([]);
    // Nothing wider than the window: no sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test("Login with GitHub through the site's own /api/auth: the editor is logged in and uses the token", async ({
  page,
  guard,
  context,
}) => {
  const calls = await openEditor(page, guard, LOGIN_SITE_URL);
  const popup = await startLogin(page);
  // The popup went through the site's own login, with the site's own callback and a state in a cookie.
  const authorize = await authorizeLink(popup);
  expect(authorize.origin + authorize.pathname).toBe(`${LOGIN_SITE_URL}/api/callback`);
  const [cookie] = await loginCookies(context);
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
  const [state, , verifier] = cookie.value.split(".");
  expect(state).toBe(authorize.searchParams.get("state"));
  // PKCE: GitHub got the challenge; the code_verifier is only in the HttpOnly cookie, in no URL and no page.
  expect((popup.url().match(/code_challenge_method=S256/g) ?? []).length).toBe(1);
  expect(popup.url()).toMatch(/[?&]code_challenge=[A-Za-z0-9_-]{43}(&|$)/);
  expect(popup.url()).not.toContain(verifier);
  expect(await popup.content()).not.toContain(verifier);

  const tokensBefore = standIn.tokens.length;
  const verifiedBefore = standIn.verified;
  // Listening before the click: the editor may close the popup before the click's promise settles.
  const closed = popup.waitForEvent("close");
  await popup.getByRole("link", { name: "Authorize" }).click();
  await closed;
  expect(standIn.tokens).toHaveLength(tokensBefore + 1);
  // The stand-in checked the code_verifier against the challenge, as GitHub does.
  expect(standIn.verified).toBe(verifiedBefore + 1);
  const token = standIn.tokens.at(-1);

  // Logged in: the editor shows its collections and the user, and asks GitHub's API with the token.
  await expect(page.getByRole("link", { name: "Pages and settings" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Login with GitHub" })).toHaveCount(0);
  expect(calls.length).toBeGreaterThan(0);
  for (const call of calls) expect(call.authorization, `${call.method} ${call.path}`).toBe(`token ${token}`);
  expect(calls.map((call) => call.path)).toEqual(expect.arrayContaining(["/user", `/repos/${LOGIN_REPO}`]));
  // The login is over: its cookie is gone.
  expect(await loginCookies(context)).toEqual([]);
});

test("logged in with GitHub, an editor saves a service: one commit on the branch, of that file's one line", async ({
  page,
  guard,
}) => {
  // GitHub's API for the editor's GitHub backend: a repository holding data/, which takes the OAuth stand-in's tokens.
  const github = await startContentStandIn(LOGIN_REPO, path.resolve(__dirname, "..", "data"));
  github.trust((token) => standIn.tokens.includes(token));
  try {
    const calls = await openEditor(page, guard, LOGIN_SITE_URL, github.api);
    await logIn(page);
    const service = services()[0];
    const file = `data/services/${service.slug}.yaml`;
    const before = github.file(file)!;
    await page.goto(`${LOGIN_SITE_URL}${ADMIN_URL}#/collections/services/entries/${service.slug}`);
    const title = serviceField(page, "title");
    await expect(title).toHaveValue(service.title);
    await title.fill(`${service.title} (saved on GitHub)`);
    await publish(page);
    await expect(page.getByText(SAVED).first()).toBeVisible();
    // One commit, through Git's own objects (blob, tree, commit, the branch moved on), changing that file's title.
    expect(github.writes).toEqual([expect.objectContaining({ branch: "main", paths: [file] })]);
    expect(parse(github.file(file)!)).toEqual({ ...parse(before), title: `${service.title} (saved on GitHub)` });
    const after = github.file(file)!.split("\n");
    expect(after.filter((line) => !before.split("\n").includes(line))).toHaveLength(1);
    // Every call went to GitHub with the editor's own token.
    const token = standIn.tokens.at(-1);
    for (const call of calls) expect(call.authorization, `${call.method} ${call.path}`).toBe(`token ${token}`);
    expect(calls.map((call) => `${call.method} ${call.path.replace(/^\/repos\/[^/]+\/[^/]+/, "")}`)).toEqual(
      expect.arrayContaining(["POST /git/blobs", "POST /git/trees", "POST /git/commits", "PATCH /git/refs/heads/main"]),
    );
  } finally {
    // The editor keeps asking GitHub (is it live?): its calls under way are let go, new ones refused, and its page
    // closes before the stand-in does. A page the test's timeout closed is left as it is: the step that failed is
    // the error to read.
    closing.add(page.context());
    if (!page.isClosed()) {
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await page.route(/^https:\/\/api\.github\.com\//, (route) => route.abort());
    }
    await page.close();
    await github.close();
  }
});

test.describe("a GitHub App's login: a ghu_ token that expires, and a refresh token", () => {
  test.afterEach(() => {
    standIn.app = null;
  });

  test("logs in; the refresh token reaches no page, no message and no storage", async ({ page, guard, context }) => {
    standIn.app = { expiresIn: 28_800 };
    const calls = await openEditor(page, guard, LOGIN_SITE_URL);
    const bodies: Promise<string>[] = [];
    context.on("response", (response) => bodies.push(response.text().catch(() => "")));
    const messages: unknown[] = [];
    await page.exposeFunction("recordMessage", (data: unknown) => messages.push(data));
    await page.evaluate(() =>
      window.addEventListener("message", (event) =>
        (window as unknown as { recordMessage(d: unknown): void }).recordMessage(event.data),
      ),
    );
    await logIn(page);
    const token = standIn.tokens.at(-1)!;
    const refresh = standIn.refreshTokens.at(-1)!;
    expect(token).toMatch(/^ghu_/);
    for (const call of calls) expect(call.authorization, `${call.method} ${call.path}`).toBe(`token ${token}`);
    expect(messages.join("\n")).toContain(token);
    const seen = [...(await Promise.all(bodies)), ...messages.map(String)].join("\n");
    expect(seen).not.toContain(refresh);
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(storage).toContain(token);
    expect(storage).not.toContain(refresh);
    expect(await context.cookies()).toEqual([]);
  });

  test("when its token expires, the editor is asked to log in again, and can", async ({ page, guard }) => {
    standIn.app = { expiresIn: 3 };
    await openEditor(page, guard, LOGIN_SITE_URL);
    await logIn(page);
    const alert = page.getByRole("alert").filter({ hasText: "Your GitHub login has expired" });
    await expect(alert).toBeVisible({ timeout: 10_000 });
    standIn.app = { expiresIn: 28_800 };
    // Log in again reloads /admin/: its login page comes once the page has loaded again (Decap's 5 MB and the editor).
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Log in again" }).click();
    await reloaded;
    await expect(page.getByRole("button", { name: "Login with GitHub" })).toBeVisible();
    await logIn(page);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("opened again after its token expired: the login page, saying why, not a broken screen", async ({
    page,
    guard,
  }) => {
    standIn.app = { expiresIn: 28_800 };
    await openEditor(page, guard, LOGIN_SITE_URL);
    await logIn(page);
    // The editor left open past the token's lifetime, as a laptop closed overnight would.
    await page.evaluate((key) => localStorage.setItem(key, String(Date.now() - 1000)), EXPIRES_KEY);
    await page.reload();
    await expect(page.getByRole("button", { name: "Login with GitHub" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(/Your GitHub login had expired/);
    await expect(page.getByRole("link", { name: "Pages and settings" })).toHaveCount(0);
  });
});

test("consent denied on GitHub: the editor says so and stays logged out", async ({ page, guard }) => {
  await openEditor(page, guard, LOGIN_SITE_URL);
  const popup = await startLogin(page);
  await popup.getByRole("link", { name: "Cancel" }).click();
  await expectLoginError(guard, page, popup, "denied");
});

test("the state cookie lost on the way (another browser, cookies blocked): refused", async ({
  page,
  guard,
  context,
}) => {
  await openEditor(page, guard, LOGIN_SITE_URL);
  const popup = await startLogin(page);
  await context.clearCookies();
  await popup.getByRole("link", { name: "Authorize" }).click();
  await expectLoginError(guard, page, popup, "no-cookie");
});

test("an expired state cookie (the login took more than ten minutes): refused", async ({ page, guard, context }) => {
  await openEditor(page, guard, LOGIN_SITE_URL);
  const popup = await startLogin(page);
  await editLoginCookie(
    context,
    ({ state, issuedAt, verifier }) => `${state}.${issuedAt - STATE_MAX_AGE - 1}.${verifier}`,
  );
  await popup.getByRole("link", { name: "Authorize" }).click();
  await expectLoginError(guard, page, popup, "expired");
});

test("a forged state (an answer that belongs to another login): refused, no code exchanged", async ({
  page,
  guard,
}) => {
  await openEditor(page, guard, LOGIN_SITE_URL);
  const popup = await startLogin(page);
  const forged = await authorizeLink(popup);
  forged.searchParams.set("state", "forged0forged0forged0forged0forged0forged0f");
  const exchanges = standIn.exchanges;
  await authorizeAt(popup, forged.href);
  await expectLoginError(guard, page, popup, "state-mismatch");
  expect(standIn.exchanges).toBe(exchanges);
});

test("an answer without its state: refused", async ({ page, guard }) => {
  await openEditor(page, guard, LOGIN_SITE_URL);
  const popup = await startLogin(page);
  const stripped = await authorizeLink(popup);
  stripped.searchParams.delete("state");
  await authorizeAt(popup, stripped.href);
  await expectLoginError(guard, page, popup, "state-missing");
});

test("a code_verifier that does not match the challenge (a stolen code): GitHub refuses it, no token", async ({
  page,
  guard,
  context,
}) => {
  await openEditor(page, guard, LOGIN_SITE_URL);
  const popup = await startLogin(page);
  await editLoginCookie(context, ({ state, issuedAt }) => `${state}.${issuedAt}.${"x".repeat(43)}`);
  const tokensBefore = standIn.tokens.length;
  await popup.getByRole("link", { name: "Authorize" }).click();
  await expectLoginError(guard, page, popup, "code-refused");
  expect(standIn.tokens).toHaveLength(tokensBefore);
});

test("GitHub down (the connection drops during the code exchange): the editor says GitHub could not be reached", async ({
  page,
  guard,
}) => {
  await openEditor(page, guard, LOGIN_SITE_URL);
  const popup = await startLogin(page);
  standIn.failNext = "drop";
  await popup.getByRole("link", { name: "Authorize" }).click();
  await expectLoginError(guard, page, popup, "unreachable");
});

test("GitHub answering an error (HTTP 500): the editor says so", async ({ page, guard }) => {
  await openEditor(page, guard, LOGIN_SITE_URL);
  const popup = await startLogin(page);
  standIn.failNext = "http-500";
  await popup.getByRole("link", { name: "Authorize" }).click();
  await expectLoginError(guard, page, popup, "provider-status", "500");
});

test("GitHub refusing the code (already used): the editor says so", async ({ page, guard, context }) => {
  await openEditor(page, guard, LOGIN_SITE_URL);
  const popup = await startLogin(page);
  const code = (await authorizeLink(popup)).searchParams.get("code")!;
  // Someone else exchanges the code first: with the app's secret and this login's code_verifier (from its cookie).
  const [cookie] = await loginCookies(context);
  const stolen = await fetch(`${standIn.url}/login/oauth/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      code,
      code_verifier: cookie.value.split(".")[2],
      redirect_uri: `${LOGIN_SITE_URL}/api/callback`,
    }),
  });
  expect(((await stolen.json()) as { access_token?: string }).access_token).toBeTruthy();
  await popup.getByRole("link", { name: "Authorize" }).click();
  await expectLoginError(guard, page, popup, "code-refused");
});

test("the site's OAuth app not configured (no GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET): the editor says who must act", async ({
  page,
  guard,
}) => {
  // The second local server is this test's own site.
  guard.intercepted.push(new RegExp(`^${UNCONFIGURED_SITE_URL.replace(/[.]/g, "\\.")}/`));
  await openEditor(page, guard, UNCONFIGURED_SITE_URL);
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Login with GitHub" }).click();
  await expectLoginError(guard, page, await popup, "not-configured");
});

/**
 * Opens the login from `opener` the way Decap does and answers its handshake from wherever `opener` is; returns every
 * message `opener` received from the popup.
 */
async function collectMessages(opener: Page, url: string, provider: string): Promise<void> {
  await opener.evaluate(
    ({ url, provider }) => {
      const w = window as unknown as { received: string[]; popup: Window | null };
      w.received = [];
      window.addEventListener("message", (event) => {
        w.received.push(String(event.data));
        if (event.data === `authorizing:${provider}`) w.popup?.postMessage(event.data, event.origin);
      });
      w.popup = window.open(url, "login", "width=600,height=600");
    },
    { url, provider },
  );
}

const received = (opener: Page) => opener.evaluate(() => (window as unknown as { received: string[] }).received);

test("a login asked for another provider: refused with that provider's error message", async ({
  page,
  guard,
  context,
}) => {
  // From the editor's page, whose opener policy lets the popup report back (a visitor page's would not).
  await openEditor(page, guard, LOGIN_SITE_URL);
  // The popup's page says what went wrong with the failure's own status, which the popup logs.
  guard.allowed.push(new RegExp(`status of ${failure("wrong-provider").status} `));
  const popup = context.waitForEvent("page");
  await collectMessages(page, `${LOGIN_SITE_URL}/api/auth?provider=gitlab&site_id=x&scope=api`, "gitlab");
  const opened = await popup;
  await expect(opened.getByRole("heading", { name: failure("wrong-provider").title })).toBeVisible();
  await expect.poll(() => received(page)).toHaveLength(2);
  const [handshake, message] = await received(page);
  expect(handshake).toBe("authorizing:gitlab");
  expect(message).toMatch(/^authorization:gitlab:error:/);
  expect(JSON.parse(message.replace(/^authorization:gitlab:error:/, ""))).toEqual({
    message: `${failure("wrong-provider", "gitlab").title}. ${failure("wrong-provider", "gitlab").detail}`,
  });
});

test("a page on another site that opens the login gets nothing, though the login itself succeeds", async ({
  context,
}) => {
  const foreign = await context.newPage();
  await foreign.goto(`${standIn.url}/elsewhere/`);
  const popupEvent = context.waitForEvent("page");
  await collectMessages(foreign, `${LOGIN_SITE_URL}/api/auth?provider=github&scope=repo`, "github");
  const popup = await popupEvent;
  await popup.waitForURL(`${standIn.url}/login/oauth/authorize?**`);
  // It also answers the handshake it never got, to any origin, again and again.
  await foreign.evaluate(() => {
    const w = window as unknown as { popup: Window | null };
    setInterval(() => w.popup?.postMessage("authorizing:github", "*"), 50);
  });
  const tokensBefore = standIn.tokens.length;
  await popup.getByRole("link", { name: "Authorize" }).click();
  await expect(popup.getByRole("heading", { name: "You are logged in with GitHub" })).toBeVisible();
  expect(standIn.tokens).toHaveLength(tokensBefore + 1);
  await expect(popup.getByRole("status")).toContainText("did not answer", { timeout: 10_000 });
  expect(await received(foreign)).toEqual([]);
  await foreign.close();
});

test("a page on another site cannot start a login: refused before GitHub, and it hears nothing", async ({
  context,
  guard,
}) => {
  // "Another site" is the stand-in under another name, with no page of its own (404); the refusal answers 403.
  guard.allowed.push(/status of 404 /, /status of 403 /);
  // localhost is another site than 127.0.0.1, where the editor is: the browser says so (Sec-Fetch-Site: cross-site).
  const foreign = await context.newPage();
  await foreign.goto(`${standIn.url.replace("127.0.0.1", "localhost")}/elsewhere/`);
  const popupEvent = context.waitForEvent("page");
  await collectMessages(foreign, `${LOGIN_SITE_URL}/api/auth?provider=github&scope=repo`, "github");
  const popup = await popupEvent;
  await expect(popup.getByRole("heading", { name: failure("cross-site").title })).toBeVisible();
  expect(new URL(popup.url()).origin).toBe(LOGIN_SITE_URL);
  expect(await loginCookies(context)).toEqual([]);
  await expect(popup.getByRole("status")).toContainText("did not answer", { timeout: 10_000 });
  expect(await received(foreign)).toEqual([]);
  await foreign.close();
});

test.describe("is it live? The editor compares the build's commit with the branch's head and reads its checks", () => {
  const liveCommit = (
    JSON.parse(fs.readFileSync(path.join(LOGIN_BUILD_DIR, ADMIN_DIR, LIVE_COMMIT_FILE), "utf8")) as {
      commit: string;
    }
  ).commit;
  const newer = "f".repeat(40);
  const answers = (head: string, runs: unknown[] = [], statuses: unknown[] = []) => ({
    [`/repos/${LOGIN_REPO}/commits/main`]: { sha: head },
    [`/repos/${LOGIN_REPO}/commits/${head}/check-runs`]: { total_count: runs.length, check_runs: runs },
    [`/repos/${LOGIN_REPO}/commits/${head}/status`]: { state: "pending", statuses },
  });
  const line = (page: Page) => page.getByRole("region", { name: "Live site" });

  test("the build's commit is the branch's head: live", async ({ page, guard, request }) => {
    expect(liveCommit).toMatch(/^[0-9a-f]{40}$/);
    const file = await request.get(`${LOGIN_SITE_URL}${ADMIN_URL}${LIVE_COMMIT_FILE}`);
    expect(file.headers()["cache-control"]).toBe("no-store");
    await openEditor(page, guard, LOGIN_SITE_URL, answers(liveCommit));
    await logIn(page);
    await expect(line(page).getByRole("status")).toHaveText(
      `The live site is up to date: it shows the latest saved change (commit ${liveCommit.slice(0, 7)}).`,
    );
  });

  test("a newer head the host is building: publishing, with the build's link", async ({ page, guard }) => {
    const run = {
      name: "Cloudflare Pages",
      status: "in_progress",
      conclusion: null,
      details_url: "https://dash.example/b/1",
    };
    await openEditor(page, guard, LOGIN_SITE_URL, answers(newer, [run]));
    await logIn(page);
    await expect(line(page).getByRole("status")).toHaveText(
      /^The host is publishing the latest saved change \(commit fffffff\)/,
    );
    await expect(line(page).getByRole("link", { name: "Build details" })).toHaveAttribute("href", run.details_url);
  });

  test("a newer head whose build failed: the editor is told, with the host's link, on a phone too", async ({
    page,
    guard,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const status = { state: "failure", context: "Cloudflare Pages", target_url: "https://dash.example/b/2" };
    await openEditor(page, guard, LOGIN_SITE_URL, answers(newer, [], [status]));
    await logIn(page);
    await expect(line(page).getByRole("status")).toHaveText(/^The host could not build the latest saved change/);
    const link = line(page).getByRole("link", { name: "Build details" });
    await expect(link).toHaveAttribute("href", status.target_url);
    const box = (await line(page).boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= 375).toBe(true);
    // Out of the way until the next change.
    await line(page).getByRole("button", { name: "Hide" }).click();
    await expect(line(page)).toBeHidden();
  });
});
