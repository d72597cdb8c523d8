/** GitHub's answer read: an error sent back to the callback, the code exchanged, and the exchange's result. */
import { failure, quoted, type Failure } from "./failures";

/** How long the site waits for GitHub's answer to the code exchange, in milliseconds. */
const EXCHANGE_TIMEOUT_MS = 10_000;

/** What the code exchange sends to GitHub, server-side: the app's secret and the login's code_verifier. */
export interface Exchange {
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  code: string;
  verifier: string;
  callbackUrl: string;
}

/** The code exchanged for a token: GitHub's answer read, or the failure that says why there is no token. */
export async function exchangeCode(
  fetchFn: typeof fetch,
  { oauthUrl, clientId, clientSecret, code, verifier, callbackUrl }: Exchange,
): Promise<Login | { failure: Failure }> {
  let response: Response;
  try {
    response = await fetchFn(`${oauthUrl}/login/oauth/access_token`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json", "User-Agent": "site-github-login" },
      body: JSON.stringify({
        client_id: clientId,
        client_secret: clientSecret,
        code,
        code_verifier: verifier,
        redirect_uri: callbackUrl,
      }),
      signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
    });
  } catch {
    return { failure: failure("unreachable") };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  return exchangeResult(response.status, body, callbackUrl);
}

/** The failure for an `error` GitHub sent back to the callback instead of a code (the user's choice, or the app's). */
export function callbackError(error: string, description: string | null, callbackUrl: string): Failure {
  if (error === "access_denied") return failure("denied");
  if (error === "redirect_uri_mismatch") return failure("callback-url-mismatch", callbackUrl);
  return failure("provider-refused", quoted(description || error));
}

/**
 * What the editor gets of a login: the token, and for a GitHub App's token, which expires, its lifetime in seconds.
 * A GitHub App's answer also carries a refresh token: it stays here, never handed to a page.
 */
export interface Login {
  token: string;
  expiresIn?: number;
}

/** GitHub's answer to the code exchange, read into a token or the failure that says why there is none. */
function exchangeResult(status: number, body: unknown, callbackUrl: string): Login | { failure: Failure } {
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
  const expiresIn = fields.expires_in;
  return Number.isInteger(expiresIn) && (expiresIn as number) > 0
    ? { token, expiresIn: expiresIn as number }
    : { token };
}
