/**
 * Decap CMS's GitHub login, served by the site itself (Cloudflare Pages Functions: functions/api/auth.ts and
 * functions/api/callback.ts; the same code runs as a Worker for other hosts, deploy/login-worker.ts).
 *
 * Decap's editor opens a popup at `<base_url>/api/auth?provider=github&scope=repo`. /api/auth, asked from the site's
 * own pages (never from another site's: `Sec-Fetch-Site`), sends it to GitHub's consent page with a random `state` and
 * a PKCE challenge (S256), the state and the challenge's code_verifier kept in a short-lived cookie (login/state.ts).
 * GitHub sends it back to /api/callback, which checks the state before anything else, exchanges the code for a token
 * with the OAuth app's secret and the code_verifier (server-side: neither reaches a page), and answers with a small
 * page that speaks Decap's popup protocol (decap-cms-lib-auth, login/page.ts): it announces
 * `authorizing:github` to the editor that opened it, and once the editor answers from the site's own origin, hands it
 * `authorization:github:success:{"token":…,"provider":"github"}` (or `…:error:{"message":…}`) and nothing to anyone
 * else. Every failure answers with a page that says, in an editor's words, what went wrong and what to do.
 *
 * Nothing here logs, or writes into a page or a message, the client secret; the token goes only into the success
 * page's message. Every response is `no-store`. This file holds the two routes; login/ holds the settings, the
 * failures and their words, the state and PKCE, the code exchange and the popup page.
 */

import { callbackError, exchangeCode } from "./login/exchange";
import { failure, quoted, type Failure } from "./login/failures";
import { baseHeaders, pageHeaders, popupPage, type PopupPage } from "./login/page";
import { CALLBACK_PATH, PROVIDER, SCOPES, oauthBase, siteOrigin, type LoginEnv } from "./login/settings";
import {
  checkState,
  clearedStateCookie,
  pkceChallenge,
  randomToken,
  readStateCookie,
  stateCookie,
} from "./login/state";

export type { LoginEnv };

/** The settings from the environment, or the failure that says what is missing or wrong. */
function loginSettings(
  env: LoginEnv,
  requestUrl: string,
): { clientId: string; clientSecret: string; oauthUrl: string; origin: string } | { failure: Failure } {
  const clientId = env.GITHUB_CLIENT_ID?.trim();
  const clientSecret = env.GITHUB_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return { failure: failure("not-configured") };
  const oauthUrl = oauthBase(env.GITHUB_OAUTH_URL);
  if (oauthUrl === null) return { failure: failure("bad-oauth-url") };
  const origin = siteOrigin(env, requestUrl);
  if (origin === null) return { failure: failure("bad-site-origin") };
  return { clientId, clientSecret, oauthUrl, origin };
}

/**
 * The origin a page of the login speaks to: the site's (siteOrigin), or, while SITE_ORIGIN is wrong, the request's, so
 * that the page can at least say what is wrong.
 */
const pageOrigin = (env: LoginEnv, requestUrl: string) => siteOrigin(env, requestUrl) ?? new URL(requestUrl).origin;

export interface Runtime {
  fetch: typeof fetch;
  /** Seconds since the epoch. */
  now: () => number;
  random: (array: Uint8Array) => Uint8Array;
}

const defaultRuntime = (): Runtime => ({
  fetch: (input, init) => fetch(input, init),
  now: () => Math.floor(Date.now() / 1000),
  random: (array) => crypto.getRandomValues(array),
});

function pageResponse(
  runtime: Runtime,
  page: Omit<PopupPage, "nonce">,
  { status, clearCookie }: { status: number; clearCookie: boolean },
): Response {
  const nonce = randomToken(16, runtime.random);
  const headers = pageHeaders(nonce);
  if (clearCookie) headers.append("Set-Cookie", clearedStateCookie());
  return new Response(popupPage({ ...page, nonce }), { status, headers });
}

/** The provider named in Decap's request, if it is a plain name (it names the messages the editor listens for). */
function requestedProvider(url: URL): string {
  const provider = url.searchParams.get("provider") ?? PROVIDER;
  return /^[a-z][a-z0-9-]{0,30}$/.test(provider) ? provider : PROVIDER;
}

/**
 * GET /api/auth: to GitHub's consent page, with a fresh state and PKCE challenge, their cookie set; or a page saying
 * why not. A request another site's page sent the browser here with (`Sec-Fetch-Site: cross-site`) is refused: a login
 * starts from the site's own editor (same-origin), or from an address typed or bookmarked (none).
 */
export async function handleAuth(
  request: Request,
  env: LoginEnv,
  runtime: Runtime = defaultRuntime(),
): Promise<Response> {
  const url = new URL(request.url);
  const provider = requestedProvider(url);
  const origin = pageOrigin(env, request.url);
  const fail = (f: Failure) =>
    pageResponse(runtime, { origin, provider, outcome: { failure: f } }, { status: f.status, clearCookie: false });
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") return fail(failure("cross-site"));
  const asked = url.searchParams.get("provider") ?? PROVIDER;
  if (asked !== PROVIDER) return fail(failure("wrong-provider", quoted(asked, 40)));
  const scope = url.searchParams.get("scope") || "repo";
  if (!(SCOPES as readonly string[]).includes(scope)) return fail(failure("bad-scope", quoted(scope, 60)));
  const settings = loginSettings(env, request.url);
  if ("failure" in settings) return fail(settings.failure);

  const state = randomToken(32, runtime.random);
  const verifier = randomToken(32, runtime.random);
  const authorize = new URL(`${settings.oauthUrl}/login/oauth/authorize`);
  authorize.searchParams.set("client_id", settings.clientId);
  authorize.searchParams.set("redirect_uri", `${settings.origin}${CALLBACK_PATH}`);
  authorize.searchParams.set("scope", scope);
  authorize.searchParams.set("state", state);
  authorize.searchParams.set("code_challenge", await pkceChallenge(verifier));
  authorize.searchParams.set("code_challenge_method", "S256");
  const headers = baseHeaders();
  headers.set("Location", authorize.href);
  headers.append("Set-Cookie", stateCookie({ state, issuedAt: runtime.now(), verifier }));
  return new Response(null, { status: 302, headers });
}

/**
 * GET /api/callback: GitHub's answer checked, state first, the code exchanged for a token with the login's
 * code_verifier, and the page that hands it over.
 */
export async function handleCallback(
  request: Request,
  env: LoginEnv,
  runtime: Runtime = defaultRuntime(),
): Promise<Response> {
  const url = new URL(request.url);
  const origin = pageOrigin(env, request.url);
  const callbackUrl = `${origin}${CALLBACK_PATH}`;
  const answer = (outcome: PopupPage["outcome"]) =>
    pageResponse(
      runtime,
      { origin, provider: PROVIDER, outcome },
      { status: "failure" in outcome ? outcome.failure.status : 200, clearCookie: true },
    );

  // The state first: an answer that is not this browser's login is refused on that alone, whatever else it carries,
  // and nothing it carries is shown.
  const cookie = readStateCookie(request.headers.get("Cookie"));
  const stateProblem = checkState(cookie, url.searchParams.get("state"), runtime.now());
  if (stateProblem) return answer({ failure: stateProblem });
  if (typeof cookie === "string") return answer({ failure: failure("no-cookie") });
  const error = url.searchParams.get("error");
  if (error) return answer({ failure: callbackError(error, url.searchParams.get("error_description"), callbackUrl) });
  const code = url.searchParams.get("code");
  if (!code) return answer({ failure: failure("code-missing") });
  const settings = loginSettings(env, request.url);
  if ("failure" in settings) return answer({ failure: settings.failure });
  return answer(await exchangeCode(runtime.fetch, { ...settings, code, verifier: cookie.verifier, callbackUrl }));
}
