/** The login's settings: the host's variables, its paths and the constants its messages name. */
import { AUTH_SCOPES } from "../../../src/cms/backend";

/** The Pages project's variables (Settings → Variables and secrets), or the Worker's. */
export interface LoginEnv {
  /** The client ID of the GitHub OAuth app, or of the GitHub App, that logs editors in. */
  GITHUB_CLIENT_ID?: string;
  /** Its client secret (set it as a secret). */
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
const DEFAULT_OAUTH_URL = "https://github.com";
/** How long a login may take from pressing Login to coming back from GitHub, in seconds. */
export const STATE_MAX_AGE = 600;
/** The scopes Decap may ask for: `repo`, or `public_repo` for a public repository (the build's CMS_AUTH_SCOPE). */
export const SCOPES = AUTH_SCOPES;
export const PROVIDER = "github";

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

/**
 * The site's own origin: SITE_ORIGIN when set (a Worker behind a proxy), else the origin the request came to; null when
 * SITE_ORIGIN is set but is not an https:// origin with no path (a trailing slash is allowed), so the login says the
 * setting is wrong instead of sending editors, or their token, to another address.
 */
export function siteOrigin(env: LoginEnv, requestUrl: string): string | null {
  const configured = env.SITE_ORIGIN?.trim();
  if (!configured) return new URL(requestUrl).origin;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    return null;
  }
  const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
  const written = configured.replace(/\/$/, "") === url.origin;
  return url.protocol === "https:" && bare && written ? url.origin : null;
}
