/** Everything that can go wrong in a login, each with its status and the words the editor reads. */
import { SCOPES, STATE_MAX_AGE } from "./settings";

export const RETRY = "Close this window and press Login with GitHub in the editor again.";
const ASK_OWNER = "Ask whoever looks after the website; the site's docs/deploy.md says what to set.";
const RETRY_LATER = `Try again in a few minutes: ${RETRY.charAt(0).toLowerCase()}${RETRY.slice(1)}`;

/**
 * Everything that can go wrong, by kind: its status, one sentence of what happened, and what it means and what to do
 * (%s: what the message names, a provider, a scope, a status…).
 */
const FAILURES = {
  "not-configured": [
    503,
    "GitHub login is not set up on this site yet",
    `The site needs its GitHub OAuth app's client ID and secret (GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET) in its hosting settings. ${ASK_OWNER}`,
  ],
  "bad-oauth-url": [
    503,
    "GitHub login is not set up correctly on this site",
    `GITHUB_OAUTH_URL must be GitHub's https:// address, such as https://github.com. ${ASK_OWNER}`,
  ],
  "bad-site-origin": [
    503,
    "GitHub login is not set up correctly on this site",
    `SITE_ORIGIN must be the site's own https:// address with no path, such as https://www.example.com. ${ASK_OWNER}`,
  ],
  "cross-site": [
    403,
    "This login was started by another website",
    `Another website tried to start a login to this site's editor, so it was refused and nothing was changed. To edit the site, open its editor at /admin/ and press Login with GitHub there.`,
  ],
  "wrong-provider": [
    400,
    "This site logs in with GitHub only",
    `The editor asked to log in with "%s". Its backend must be GitHub (CMS_BACKEND=github) to use this login. ${ASK_OWNER}`,
  ],
  "bad-scope": [
    400,
    "This login cannot give the access the editor asked for",
    `The editor asked for the GitHub permission "%s"; this site's login gives ${SCOPES.join(" or ")} only. ${ASK_OWNER}`,
  ],
  denied: [
    403,
    "You did not allow access on GitHub",
    `So you are not logged in, and nothing was changed. To edit the site, press Login with GitHub again and choose Authorize on GitHub's page.`,
  ],
  "provider-refused": [502, "GitHub could not log you in", `GitHub said: %s. Nothing was changed. ${RETRY}`],
  "callback-url-mismatch": [
    502,
    "GitHub refused this site's address",
    `The GitHub OAuth app's callback URL must be %s. ${ASK_OWNER}`,
  ],
  "no-cookie": [
    400,
    "This login was not started in this browser, or it took too long",
    `A login must finish within ${STATE_MAX_AGE / 60} minutes, in the browser where you pressed Login with GitHub, with cookies allowed for this site. You are not logged in. ${RETRY}`,
  ],
  expired: [
    400,
    "This login took too long",
    `A login must finish within ${STATE_MAX_AGE / 60} minutes. You are not logged in. ${RETRY}`,
  ],
  "state-missing": [
    400,
    "This answer from GitHub is incomplete",
    `It carries no login check (state), so it was refused and you are not logged in. ${RETRY}`,
  ],
  "state-mismatch": [
    400,
    "This answer does not belong to your login",
    "Its login check (state) does not match the login this browser started, so it was refused and you are not logged in. If you did not just press Login with GitHub on this site, someone may have sent you this link: close this window.",
  ],
  "code-missing": [
    400,
    "This answer from GitHub is incomplete",
    `It carries no login code, so you are not logged in. ${RETRY}`,
  ],
  unreachable: [
    502,
    "GitHub could not be reached",
    `The site could not finish your login because GitHub did not answer. Nothing was changed. ${RETRY_LATER}`,
  ],
  "provider-status": [
    502,
    "GitHub could not finish the login",
    `GitHub answered with an error (HTTP %s). Nothing was changed. ${RETRY_LATER}`,
  ],
  "code-refused": [
    400,
    "GitHub did not accept this login",
    `The login code had expired or was already used. You are not logged in. ${RETRY}`,
  ],
  "bad-credentials": [
    502,
    "GitHub login is not set up correctly on this site",
    `GitHub refused the site's client ID or secret (GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET). ${ASK_OWNER}`,
  ],
  "no-token": [
    502,
    "GitHub could not finish the login",
    `GitHub's answer carried no access token. Nothing was changed. ${RETRY}`,
  ],
} satisfies Record<string, [status: number, title: string, detail: string]>;

export type FailureKind = keyof typeof FAILURES;

export interface Failure {
  kind: FailureKind;
  status: number;
  /** One sentence: what happened. */
  title: string;
  /** What it means and what to do, in an editor's words. */
  detail: string;
}

/** The failure of the given kind; `about` fills in what the message names (a provider, a scope, a status…). */
export function failure(kind: FailureKind, about = ""): Failure {
  const [status, title, detail] = FAILURES[kind];
  return { kind, status, title, detail: detail.replace("%s", () => about) };
}

/** Text from a request or from GitHub, shortened and reduced to what can be shown safely in a sentence. */
export function quoted(text: string, max = 200): string {
  const plain = Array.from(text, (c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? " " : c))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}
