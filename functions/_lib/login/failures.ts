/** Everything that can go wrong in a login, each with its status and the words the editor reads. */
import { SCOPES, STATE_MAX_AGE } from "./settings";

/** Everything that can go wrong, each with the page and the message the editor gets. */
export type FailureKind =
  | "not-configured"
  | "bad-oauth-url"
  | "bad-site-origin"
  | "cross-site"
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

export const RETRY = "Close this window and press Login with GitHub in the editor again.";
const ASK_OWNER = "Ask whoever looks after the website; the site's docs/deploy.md says what to set.";

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
    case "bad-site-origin":
      return {
        kind,
        status: 503,
        title: "GitHub login is not set up correctly on this site",
        detail: `SITE_ORIGIN must be the site's own https:// address with no path, such as https://www.example.com. ${ASK_OWNER}`,
      };
    case "cross-site":
      return {
        kind,
        status: 403,
        title: "This login was started by another website",
        detail: `Another website tried to start a login to this site's editor, so it was refused and nothing was changed. To edit the site, open its editor at /admin/ and press Login with GitHub there.`,
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
