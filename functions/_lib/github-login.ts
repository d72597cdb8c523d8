/**
 * Decap CMS's GitHub login, served by the site itself (Cloudflare Pages Functions: functions/api/auth.ts and
 * functions/api/callback.ts; the same code runs as a Worker for other hosts, deploy/login-worker.ts).
 *
 * Decap's editor opens a popup at `<base_url>/api/auth?provider=github&scope=repo`. /api/auth sends it to GitHub's
 * consent page with a random `state`, kept in a short-lived cookie. GitHub sends it back to /api/callback, which
 * checks the state, exchanges the code for a token with the OAuth app's secret (server-side: the secret never reaches
 * the browser), and answers with a small page that speaks Decap's popup protocol (decap-cms-lib-auth): it announces
 * `authorizing:github` to the editor that opened it, and once the editor answers from the site's own origin, hands it
 * `authorization:github:success:{"token":…,"provider":"github"}` (or `…:error:{"message":…}`) and nothing to anyone
 * else. Every failure answers with a page that says, in an editor's words, what went wrong and what to do.
 *
 * Nothing here logs, or writes into a page or a message, the client secret; the token goes only into the success
 * page's message. Every response is `no-store`.
 */
import { scriptJson } from "../../src/lib/script-json";

/** The Pages project's variables (Settings → Variables and secrets), or the Worker's. */
export interface LoginEnv {
  /** The GitHub OAuth app's client ID. */
  GITHUB_CLIENT_ID?: string;
  /** The GitHub OAuth app's client secret (set it as a secret). */
  GITHUB_CLIENT_SECRET?: string;
  /** GitHub's web address, for GitHub Enterprise Server or a test stand-in. Default https://github.com */
  GITHUB_OAUTH_URL?: string;
  /**
   * The site's own origin, when the code runs as a Worker behind another server (nginx proxying /api/ to it), so
   * that the Worker's own address is not the site's. Unset on Cloudflare Pages: the request's origin is the site's.
   */
  SITE_ORIGIN?: string;
}

export const AUTH_PATH = "/api/auth";
export const CALLBACK_PATH = "/api/callback";
export const DEFAULT_OAUTH_URL = "https://github.com";
/** The cookie that binds GitHub's answer to the login this browser started. `__Host-`: only this host can set it. */
export const STATE_COOKIE = "__Host-github-login-state";
/** How long a login may take from pressing Login to coming back from GitHub, in seconds. */
export const STATE_MAX_AGE = 600;
/** The scopes Decap asks for: `repo`, or `public_repo` for a public repository (its open_authoring setting). */
export const SCOPES = ["repo", "public_repo"] as const;
const PROVIDER = "github";

/** Everything that can go wrong, each with the page and the message the editor gets. */
export type FailureKind =
  | "not-configured"
  | "bad-oauth-url"
  | "wrong-provider"
  | "bad-scope"
  | "denied"
  | "provider-refused"
  | "callback-url-mismatch"
  | "no-cookie"
  | "expired"
  | "state-missing"
  | "state-mismatch"
  | "code-missing"
  | "unreachable"
  | "provider-status"
  | "code-refused"
  | "bad-credentials"
  | "no-token";

export interface Failure {
  kind: FailureKind;
  status: number;
  /** One sentence: what happened. */
  title: string;
  /** What it means and what to do, in an editor's words. */
  detail: string;
}

const RETRY = "Close this window and press Login with GitHub in the editor again.";
const ASK_OWNER = "Ask whoever looks after the website; the site's docs/editing-content.md says what to set.";

/** The failure of the given kind; `about` fills in what the message names (a provider, a scope, a status…). */
export function failure(kind: FailureKind, about = ""): Failure {
  switch (kind) {
    case "not-configured":
      return {
        kind,
        status: 503,
        title: "GitHub login is not set up on this site yet",
        detail: `The site needs its GitHub OAuth app's client ID and secret (GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET) in its hosting settings. ${ASK_OWNER}`,
      };
    case "bad-oauth-url":
      return {
        kind,
        status: 503,
        title: "GitHub login is not set up correctly on this site",
        detail: `GITHUB_OAUTH_URL must be GitHub's https:// address, such as https://github.com. ${ASK_OWNER}`,
      };
    case "wrong-provider":
      return {
        kind,
        status: 400,
        title: "This site logs in with GitHub only",
        detail: `The editor asked to log in with "${about}". Its backend must be GitHub (CMS_BACKEND=github) to use this login. ${ASK_OWNER}`,
      };
    case "bad-scope":
      return {
        kind,
        status: 400,
        title: "This login cannot give the access the editor asked for",
        detail: `The editor asked for the GitHub permission "${about}"; this site's login gives ${SCOPES.join(" or ")} only. ${ASK_OWNER}`,
      };
    case "denied":
      return {
        kind,
        status: 403,
        title: "You did not allow access on GitHub",
        detail: `So you are not logged in, and nothing was changed. To edit the site, press Login with GitHub again and choose Authorize on GitHub's page.`,
      };
    case "provider-refused":
      return {
        kind,
        status: 502,
        title: "GitHub could not log you in",
        detail: `GitHub said: ${about}. Nothing was changed. ${RETRY}`,
      };
    case "callback-url-mismatch":
      return {
        kind,
        status: 502,
        title: "GitHub refused this site's address",
        detail: `The GitHub OAuth app's callback URL must be ${about}. ${ASK_OWNER}`,
      };
    case "no-cookie":
      return {
        kind,
        status: 400,
        title: "This login was not started in this browser, or it took too long",
        detail: `A login must finish within ${STATE_MAX_AGE / 60} minutes, in the browser where you pressed Login with GitHub, with cookies allowed for this site. You are not logged in. ${RETRY}`,
      };
    case "expired":
      return {
        kind,
        status: 400,
        title: "This login took too long",
        detail: `A login must finish within ${STATE_MAX_AGE / 60} minutes. You are not logged in. ${RETRY}`,
      };
    case "state-missing":
      return {
        kind,
        status: 400,
        title: "This answer from GitHub is incomplete",
        detail: `It carries no login check (state), so it was refused and you are not logged in. ${RETRY}`,
      };
    case "state-mismatch":
      return {
        kind,
        status: 400,
        title: "This answer does not belong to your login",
        detail:
          "Its login check (state) does not match the login this browser started, so it was refused and you are not logged in. If you did not just press Login with GitHub on this site, someone may have sent you this link: close this window.",
      };
    case "code-missing":
      return {
        kind,
        status: 400,
        title: "This answer from GitHub is incomplete",
        detail: `It carries no login code, so you are not logged in. ${RETRY}`,
      };
    case "unreachable":
      return {
        kind,
        status: 502,
        title: "GitHub could not be reached",
        detail: `The site could not finish your login because GitHub did not answer. Nothing was changed. Try again in a few minutes: ${RETRY.charAt(0).toLowerCase()}${RETRY.slice(1)}`,
      };
    case "provider-status":
      return {
        kind,
        status: 502,
        title: "GitHub could not finish the login",
        detail: `GitHub answered with an error (HTTP ${about}). Nothing was changed. Try again in a few minutes: ${RETRY.charAt(0).toLowerCase()}${RETRY.slice(1)}`,
      };
    case "code-refused":
      return {
        kind,
        status: 400,
        title: "GitHub did not accept this login",
        detail: `The login code had expired or was already used. You are not logged in. ${RETRY}`,
      };
    case "bad-credentials":
      return {
        kind,
        status: 502,
        title: "GitHub login is not set up correctly on this site",
        detail: `GitHub refused the site's client ID or secret (GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET). ${ASK_OWNER}`,
      };
    case "no-token":
      return {
        kind,
        status: 502,
        title: "GitHub could not finish the login",
        detail: `GitHub's answer carried no access token. Nothing was changed. ${RETRY}`,
      };
  }
}

/** Text from a request or from GitHub, shortened and reduced to what can be shown safely in a sentence. */
export function quoted(text: string, max = 200): string {
  const plain = Array.from(text, (c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? " " : c))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/** The settings from the environment, or the failure that says what is missing. */
export function loginSettings(
  env: LoginEnv,
  requestUrl: string,
): { clientId: string; clientSecret: string; oauthUrl: string; origin: string } | { failure: Failure } {
  const clientId = env.GITHUB_CLIENT_ID?.trim();
  const clientSecret = env.GITHUB_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return { failure: failure("not-configured") };
  const oauthUrl = oauthBase(env.GITHUB_OAUTH_URL);
  if (oauthUrl === null) return { failure: failure("bad-oauth-url") };
  return { clientId, clientSecret, oauthUrl, origin: siteOrigin(env, requestUrl) };
}

/**
 * GitHub's address without a trailing slash, or null if it is not one: https://, or http:// on this machine only (a
 * test stand-in on 127.0.0.1).
 */
export function oauthBase(value: string | undefined): string | null {
  const text = value?.trim() || DEFAULT_OAUTH_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) return null;
  if (url.search || url.hash || url.username || url.password) return null;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/** The site's own origin: SITE_ORIGIN when set (a Worker behind a proxy), else the origin the request came to. */
export function siteOrigin(env: LoginEnv, requestUrl: string): string {
  const configured = env.SITE_ORIGIN?.trim();
  return configured ? new URL(configured).origin : new URL(requestUrl).origin;
}

/** URL-safe base64 of random bytes: the login's state and the page's script nonce. */
export function randomToken(bytes: number, random: (array: Uint8Array) => Uint8Array): string {
  const values = random(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...values))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The Set-Cookie value that remembers the login's state and when it started (seconds since the epoch). */
export function stateCookie(state: string, issuedAt: number): string {
  return `${STATE_COOKIE}=${state}.${issuedAt}; Path=/; Max-Age=${STATE_MAX_AGE}; HttpOnly; Secure; SameSite=Lax`;
}

/** The Set-Cookie value that removes it: every answer of /api/callback sends it, the login is over either way. */
export function clearedStateCookie(): string {
  return `${STATE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`;
}

/** The state cookie of a request's Cookie header: its state and start time, "missing", or "malformed". */
export function readStateCookie(header: string | null): { state: string; issuedAt: number } | "missing" | "malformed" {
  const pair = (header ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${STATE_COOKIE}=`));
  if (pair === undefined) return "missing";
  const match = /^([A-Za-z0-9_-]{20,100})\.(\d{1,12})$/.exec(pair.slice(STATE_COOKIE.length + 1));
  return match ? { state: match[1], issuedAt: Number(match[2]) } : "malformed";
}

/** Equal strings, compared in time that does not depend on where they differ. */
export function sameText(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return difference === 0;
}

/** Whether GitHub's answer belongs to the login this browser started, within its time; the failure if not. */
export function checkState(
  cookie: ReturnType<typeof readStateCookie>,
  state: string | null,
  now: number,
): Failure | null {
  if (cookie === "missing") return failure("no-cookie");
  if (cookie === "malformed") return failure("state-mismatch");
  if (now - cookie.issuedAt > STATE_MAX_AGE || cookie.issuedAt > now + 60) return failure("expired");
  if (!state) return failure("state-missing");
  if (!sameText(state, cookie.state)) return failure("state-mismatch");
  return null;
}

/** The failure for an `error` GitHub sent back to the callback instead of a code (the user's choice, or the app's). */
export function callbackError(error: string, description: string | null, callbackUrl: string): Failure {
  if (error === "access_denied") return failure("denied");
  if (error === "redirect_uri_mismatch") return failure("callback-url-mismatch", callbackUrl);
  return failure("provider-refused", quoted(description || error));
}

/** GitHub's answer to the code exchange, read into a token or the failure that says why there is none. */
export function exchangeResult(
  status: number,
  body: unknown,
  callbackUrl: string,
): { token: string } | { failure: Failure } {
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const text = (key: string) => (typeof fields[key] === "string" ? (fields[key] as string) : "");
  if (text("error") === "bad_verification_code") return { failure: failure("code-refused") };
  if (text("error") === "incorrect_client_credentials") return { failure: failure("bad-credentials") };
  if (text("error") === "redirect_uri_mismatch") return { failure: failure("callback-url-mismatch", callbackUrl) };
  if (text("error"))
    return { failure: failure("provider-refused", quoted(text("error_description") || text("error"))) };
  if (status < 200 || status > 299) return { failure: failure("provider-status", String(status)) };
  const token = text("access_token");
  if (!/^[\x21-\x7e]{1,512}$/.test(token)) return { failure: failure("no-token") };
  return { token };
}

/** The messages of Decap's popup protocol (decap-cms-lib-auth's NetlifyAuthenticator). */
export const handshakeMessage = (provider: string) => `authorizing:${provider}`;
export const successMessage = (token: string) =>
  `authorization:${PROVIDER}:success:${JSON.stringify({ token, provider: PROVIDER })}`;
export const errorMessage = (provider: string, { title, detail }: Pick<Failure, "title" | "detail">) =>
  `authorization:${provider}:error:${JSON.stringify({ message: `${title}. ${detail}` })}`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The popup's page script: without an opener it says so; otherwise it announces itself to the site's own origin, and
 * answers only a reply that comes from the window that opened it, from that origin, with Decap's handshake, by posting
 * the outcome to that origin. An editor elsewhere (another site that opened the popup) hears nothing.
 */
const POPUP_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById("login-data").textContent);
  var status = document.getElementById("status");
  var opener = window.opener;
  if (!opener) {
    status.textContent = data.text.noOpener;
    return;
  }
  var handed = false;
  window.addEventListener("message", function (event) {
    if (handed || event.source !== opener || event.origin !== data.origin || event.data !== data.handshake) return;
    handed = true;
    opener.postMessage(data.message, event.origin);
    status.textContent = data.text.handed;
  });
  opener.postMessage(data.handshake, data.origin);
  status.textContent = data.text.waiting;
  setTimeout(function () {
    if (!handed) status.textContent = data.text.noAnswer;
  }, 5000);
})();`;

const STYLE = `body{margin:0;padding:0 1rem;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b2a3a;background:#f6f7f9}
main{max-width:34rem;margin:2.5rem auto;padding:1.5rem 1.75rem;background:#fff;border:1px solid #d5dbe3;border-radius:.5rem}
h1{font-size:1.35rem;line-height:1.3;margin:0 0 .75rem}
main.failed h1{color:#9b1c1c}
p{margin:.5rem 0}
#status{margin-top:1rem;padding-top:.75rem;border-top:1px solid #e3e7ec;color:#3d4b5c}`;

export interface PopupPage {
  origin: string;
  provider: string;
  nonce: string;
  outcome: { token: string } | { failure: Failure };
}

/** The popup's page: what happened, in words, and the message for the editor that opened it. */
export function popupPage({ origin, provider, nonce, outcome }: PopupPage): string {
  const failed = "failure" in outcome ? outcome.failure : null;
  const title = failed ? failed.title : "You are logged in with GitHub";
  const detail = failed ? failed.detail : "This window hands your login to the editor and closes.";
  const admin = `${origin}/admin/`;
  const data = {
    origin,
    handshake: handshakeMessage(provider),
    message: failed ? errorMessage(provider, failed) : successMessage((outcome as { token: string }).token),
    text: {
      noOpener: failed
        ? "This window was not opened by the site's editor. You can close it."
        : `This window was not opened by the site's editor, so the login goes nowhere. Open ${admin} and press Login with GitHub there.`,
      waiting: "Telling the editor…",
      handed: failed ? "The editor has been told. You can close this window." : "Done: the editor has your login.",
      noAnswer: failed
        ? "The editor did not answer. You can close this window."
        : `The editor that opened this window did not answer (it was closed, or it is not this site's editor at ${admin}), so it did not get your login. ${RETRY}`,
    },
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Content editor</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main${failed ? ' class="failed"' : ""}>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(detail)}</p>
<p id="status" role="status">${escapeHtml(failed ? "You can close this window." : `If this window stays open, close it and press Login with GitHub in the editor at ${admin} again.`)}</p>
</main>
<script type="application/json" id="login-data">${scriptJson(data)}</script>
<script nonce="${nonce}">${POPUP_SCRIPT}</script>
</body>
</html>
`;
}

/** The headers of every response: never stored, never framed, never leaking the callback's URL as a referrer. */
export function baseHeaders(): Headers {
  return new Headers({
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "X-Robots-Tag": "noindex",
  });
}

/**
 * The popup page's headers: its own policy (its one inline script and style, by nonce; nothing else loads), and an
 * opener policy that keeps the link to the editor that opened it (`unsafe-none`: the site's `same-origin` would cut
 * it; Pages does not apply _headers to a function's answers, other hosts might).
 */
export function pageHeaders(nonce: string): Headers {
  const headers = baseHeaders();
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set(
    "Content-Security-Policy",
    `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  headers.set("Cross-Origin-Opener-Policy", "unsafe-none");
  return headers;
}

export interface Runtime {
  fetch: typeof fetch;
  /** Seconds since the epoch. */
  now: () => number;
  random: (array: Uint8Array) => Uint8Array;
}

export const defaultRuntime = (): Runtime => ({
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

/** GET /api/auth: to GitHub's consent page, with a fresh state in a cookie; or a page saying why not. */
export function handleAuth(request: Request, env: LoginEnv, runtime: Runtime = defaultRuntime()): Response {
  const url = new URL(request.url);
  const provider = requestedProvider(url);
  const origin = siteOrigin(env, request.url);
  const fail = (f: Failure) =>
    pageResponse(runtime, { origin, provider, outcome: { failure: f } }, { status: f.status, clearCookie: false });
  const asked = url.searchParams.get("provider") ?? PROVIDER;
  if (asked !== PROVIDER) return fail(failure("wrong-provider", quoted(asked, 40)));
  const scope = url.searchParams.get("scope") || "repo";
  if (!(SCOPES as readonly string[]).includes(scope)) return fail(failure("bad-scope", quoted(scope, 60)));
  const settings = loginSettings(env, request.url);
  if ("failure" in settings) return fail(settings.failure);

  const state = randomToken(32, runtime.random);
  const authorize = new URL(`${settings.oauthUrl}/login/oauth/authorize`);
  authorize.searchParams.set("client_id", settings.clientId);
  authorize.searchParams.set("redirect_uri", `${settings.origin}${CALLBACK_PATH}`);
  authorize.searchParams.set("scope", scope);
  authorize.searchParams.set("state", state);
  const headers = baseHeaders();
  headers.set("Location", authorize.href);
  headers.append("Set-Cookie", stateCookie(state, runtime.now()));
  return new Response(null, { status: 302, headers });
}

/** How long the site waits for GitHub's answer to the code exchange, in milliseconds. */
export const EXCHANGE_TIMEOUT_MS = 10_000;

/** GET /api/callback: GitHub's answer checked, the code exchanged for a token, and the page that hands it over. */
export async function handleCallback(
  request: Request,
  env: LoginEnv,
  runtime: Runtime = defaultRuntime(),
): Promise<Response> {
  const url = new URL(request.url);
  const origin = siteOrigin(env, request.url);
  const callbackUrl = `${origin}${CALLBACK_PATH}`;
  const answer = (outcome: PopupPage["outcome"]) =>
    pageResponse(
      runtime,
      { origin, provider: PROVIDER, outcome },
      { status: "failure" in outcome ? outcome.failure.status : 200, clearCookie: true },
    );

  const error = url.searchParams.get("error");
  if (error) return answer({ failure: callbackError(error, url.searchParams.get("error_description"), callbackUrl) });
  const stateProblem = checkState(
    readStateCookie(request.headers.get("Cookie")),
    url.searchParams.get("state"),
    runtime.now(),
  );
  if (stateProblem) return answer({ failure: stateProblem });
  const code = url.searchParams.get("code");
  if (!code) return answer({ failure: failure("code-missing") });
  const settings = loginSettings(env, request.url);
  if ("failure" in settings) return answer({ failure: settings.failure });

  let response: Response;
  try {
    response = await runtime.fetch(`${settings.oauthUrl}/login/oauth/access_token`, {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        "User-Agent": "site-github-login",
      },
      body: JSON.stringify({
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        code,
        redirect_uri: callbackUrl,
      }),
      signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
    });
  } catch {
    return answer({ failure: failure("unreachable") });
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  return answer(exchangeResult(response.status, body, callbackUrl));
}
