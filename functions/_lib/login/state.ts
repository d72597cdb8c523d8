/**
 * The login's state and its PKCE proof (RFC 7636, S256), both fresh for every login and kept in one short-lived
 * cookie that only this host's server reads (HttpOnly, Secure, SameSite=Lax, `__Host-`): the state binds GitHub's
 * answer to the browser that started the login; the code_verifier, sent with the code exchange, proves to GitHub that
 * whoever exchanges the code started the login. The verifier never goes into a page or a URL: only its challenge goes
 * to GitHub's consent page.
 */
import { failure, type Failure } from "./failures";
import { STATE_MAX_AGE } from "./settings";

/** The cookie that binds GitHub's answer to the login this browser started. `__Host-`: only this host can set it. */
export const STATE_COOKIE = "__Host-github-login-state";

/** URL-safe base64 without padding. */
function base64url(values: Uint8Array): string {
  return btoa(String.fromCharCode(...values))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * URL-safe base64 of random bytes: the login's state, its code_verifier (32 bytes: 43 characters, within RFC 7636's
 * 43 to 128) and the page's script nonce.
 */
export function randomToken(bytes: number, random: (array: Uint8Array) => Uint8Array): string {
  return base64url(random(new Uint8Array(bytes)));
}

/** The S256 code_challenge of a code_verifier: URL-safe base64 of its SHA-256. */
export async function pkceChallenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

/** One login, as its cookie keeps it: the state, when it started (seconds since the epoch), the code_verifier. */
export interface LoginCookie {
  state: string;
  issuedAt: number;
  verifier: string;
}

/** The Set-Cookie value that remembers the login. */
export function stateCookie({ state, issuedAt, verifier }: LoginCookie): string {
  return `${STATE_COOKIE}=${state}.${issuedAt}.${verifier}; Path=/; Max-Age=${STATE_MAX_AGE}; HttpOnly; Secure; SameSite=Lax`;
}

/** The Set-Cookie value that removes it: every answer of /api/callback sends it, the login is over either way. */
export function clearedStateCookie(): string {
  return `${STATE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`;
}

/** The login cookie of a request's Cookie header, "missing", or "malformed". */
export function readStateCookie(header: string | null): LoginCookie | "missing" | "malformed" {
  const pair = (header ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${STATE_COOKIE}=`));
  if (pair === undefined) return "missing";
  const match = /^([A-Za-z0-9_-]{20,100})\.(\d{1,12})\.([A-Za-z0-9_-]{43,128})$/.exec(
    pair.slice(STATE_COOKIE.length + 1),
  );
  return match ? { state: match[1], issuedAt: Number(match[2]), verifier: match[3] } : "malformed";
}

/**
 * Whether GitHub's answer belongs to the login this browser started, within its time; the failure if not. The callback
 * asks this before it reads anything else of the answer.
 */
export function checkState(
  cookie: ReturnType<typeof readStateCookie>,
  state: string | null,
  now: number,
): Failure | null {
  if (cookie === "missing") return failure("no-cookie");
  if (cookie === "malformed") return failure("state-mismatch");
  if (now - cookie.issuedAt > STATE_MAX_AGE || cookie.issuedAt > now + 60) return failure("expired");
  if (!state) return failure("state-missing");
  if (state !== cookie.state) return failure("state-mismatch");
  return null;
}
