/**
 * GitHub as the content API reaches it: a GitHub App's installation token for the one repository, minted with the
 * app's private key, limited to what editing needs and kept for its lifetime (less five minutes). The token stays in
 * this function. GitHub's refusals become the editor's words (a Refusal).
 */
import { importPKCS8, SignJWT } from "jose";
import type { ContentSettings } from "./settings";
import { Refusal } from "./store";

const PERMISSIONS = { contents: "write", pull_requests: "write", checks: "read", statuses: "read", metadata: "read" };
type Installation = { token: string; login: string };
let cached: { key: string; token: Promise<Installation>; expires: number } | undefined;

async function call<T>(settings: ContentSettings, auth: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${settings.api}${path}`, {
    method,
    headers: {
      Accept: "application/vnd.github+json",
      Authorization: auth,
      "Content-Type": "application/json",
      "User-Agent": "site-content-api",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.ok) return (response.status === 204 ? null : await response.json()) as T;
  if (response.status === 404) throw new Refusal(404, "Not Found");
  const text = await response.text();
  if ([403, 429].includes(response.status) && /rate limit/i.test(text)) {
    throw new Refusal(503, "GitHub is busy with this site's requests: wait a minute and try again.");
  }
  if (response.status === 409 || response.status === 422) {
    throw new Refusal(409, `GitHub refused the change: ${/"message":\s*"([^"]*)"/.exec(text)?.[1] ?? text}.`);
  }
  if (response.status >= 500) throw new Refusal(502, "GitHub did not answer properly: try again in a moment.");
  throw new Refusal(
    502,
    `GitHub answered ${response.status}: ask whoever looks after the site to check its GitHub App.`,
  );
}

async function mintToken(settings: ContentSettings) {
  const now = Math.floor(Date.now() / 1000);
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: "RS256" })
    .setIssuer(settings.appId)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + 540)
    .sign(await importPKCS8(settings.privateKey, "RS256"));
  const app = <T>(method: string, path: string, body?: unknown) =>
    call<T>(settings, `Bearer ${jwt}`, method, path, body);
  const installation = await app<{ id: number }>("GET", `/repos/${settings.repo}/installation`);
  const repositories = [settings.repo.split("/")[1]];
  // The app's own account, which opens the drafts' pull requests: <slug>[bot].
  const { slug } = await app<{ slug: string }>("GET", "/app");
  const minted = await app<{ token: string; expires_at: string }>(
    "POST",
    `/app/installations/${installation.id}/access_tokens`,
    { repositories, permissions: PERMISSIONS },
  );
  return { ...minted, login: `${slug}[bot]` };
}

/**
 * The installation's token and the app's login, minted once however many of a request's calls ask for it at the same
 * moment.
 */
function installation(settings: ContentSettings): Promise<Installation> {
  const key = `${settings.api} ${settings.appId} ${settings.repo}`;
  if (cached?.key === key && cached.expires - 300_000 > Date.now()) return cached.token;
  const minting = { key, expires: Infinity, token: Promise.resolve({ token: "", login: "" }) };
  minting.token = mintToken(settings).then(
    ({ token, login, expires_at }) => ((minting.expires = Date.parse(expires_at)), { token, login }),
    (error: unknown) => {
      if (cached === minting) cached = undefined;
      throw error;
    },
  );
  cached = minting;
  return minting.token;
}

export type GitHub = (<T>(method: string, path: string, body?: unknown, missing?: boolean) => Promise<T>) & {
  /** The app's login (<slug>[bot]): the author of every pull request that is a draft. */
  login(): Promise<string>;
};

/** Calls GitHub's API for the repository (`path` after /repos/<owner>/<name>); 404 is null where `missing` allows. */
export function github(settings: ContentSettings): GitHub {
  const request = async <T>(method: string, path: string, body?: unknown, missing = false) => {
    const auth = `token ${(await installation(settings)).token}`;
    return call<T>(settings, auth, method, `/repos/${settings.repo}${path}`, body).catch((error: unknown) => {
      if (missing && error instanceof Refusal && error.status === 404) return null as T;
      throw error;
    });
  };
  return Object.assign(request, { login: async () => (await installation(settings)).login });
}
