/**
 * @jest-environment node
 */
/**
 * /api/auth (functions/_lib/github-login.ts) without a runtime: the trip to GitHub's consent page with a state and a
 * PKCE challenge in a cookie, the pages that say why not, and a start from another site refused. The browser tests
 * (e2e/github-login.spec.ts) run the same code on Cloudflare's runtime.
 */
import crypto from "crypto";
import { handleAuth } from "../../functions/_lib/github-login";
import { failure, type FailureKind } from "../../functions/_lib/login/failures";
import { errorMessage } from "../../functions/_lib/login/page";
import type { LoginEnv } from "../../functions/_lib/login/settings";
import { readStateCookie } from "../../functions/_lib/login/state";
import { ENV, NOW, SITE, read, runtime } from "../helpers/login";

describe("/api/auth", () => {
  test("sends the editor to GitHub's consent page with the callback on the site's origin, a state and a PKCE challenge", async () => {
    const response = await handleAuth(
      new Request(`${SITE}/api/auth?provider=github&site_id=x&scope=repo`, {
        headers: { "Sec-Fetch-Site": "same-origin" },
      }),
      ENV,
      runtime(),
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe("https://github.com/login/oauth/authorize");
    expect(location.searchParams.get("client_id")).toBe("client-123");
    expect(location.searchParams.get("redirect_uri")).toBe(`${SITE}/api/callback`);
    expect(location.searchParams.get("scope")).toBe("repo");
    const state = location.searchParams.get("state")!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = response.headers.get("Set-Cookie")!;
    const [, kept] = /^[^=]+=([^;]+); Path=\/; Max-Age=600; HttpOnly; Secure; SameSite=Lax$/.exec(cookie)!;
    const [keptState, issuedAt, verifier] = kept.split(".");
    expect([keptState, Number(issuedAt)]).toEqual([state, NOW]);
    // PKCE: the challenge is the verifier's SHA-256; the verifier itself is only in the HttpOnly cookie.
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    const digest = crypto.createHash("sha256").update(verifier).digest("base64url");
    expect(location.searchParams.get("code_challenge")).toBe(digest);
    expect(response.headers.get("Location")).not.toContain(verifier);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Location")).not.toContain("secret-456");
  });

  test("a fresh state and code_verifier for every login", async () => {
    const random = (array: Uint8Array) => crypto.getRandomValues(array);
    const start = () => handleAuth(new Request(`${SITE}/api/auth?provider=github`), ENV, { ...runtime(), random });
    const cookies = await Promise.all([start(), start()]).then((rs) =>
      rs.map((r) => readStateCookie(r.headers.get("Set-Cookie"))),
    );
    const [a, b] = cookies as { state: string; verifier: string }[];
    expect(a.state).not.toBe(b.state);
    expect(a.verifier).not.toBe(b.verifier);
    expect(a.verifier).not.toBe(a.state);
  });

  test("asks for public_repo when the editor does, and uses GITHUB_OAUTH_URL (GitHub Enterprise, a stand-in)", async () => {
    const env = { ...ENV, GITHUB_OAUTH_URL: "https://github.example.org/" };
    const response = await handleAuth(
      new Request(`${SITE}/api/auth?provider=github&scope=public_repo`),
      env,
      runtime(),
    );
    const location = new URL(response.headers.get("Location")!);
    expect(location.href).toMatch(/^https:\/\/github\.example\.org\/login\/oauth\/authorize\?/);
    expect(location.searchParams.get("scope")).toBe("public_repo");
  });

  test.each<[string, LoginEnv, string, FailureKind, string]>([
    ["no client ID", { GITHUB_CLIENT_SECRET: "x" }, "provider=github", "not-configured", "github"],
    ["no client secret", { GITHUB_CLIENT_ID: "x" }, "provider=github", "not-configured", "github"],
    [
      "an http:// GitHub",
      { ...ENV, GITHUB_OAUTH_URL: "http://github.com" },
      "provider=github",
      "bad-oauth-url",
      "github",
    ],
    [
      "a SITE_ORIGIN with a path",
      { ...ENV, SITE_ORIGIN: "https://www.example.com/admin/" },
      "provider=github",
      "bad-site-origin",
      "github",
    ],
    [
      "an http:// SITE_ORIGIN",
      { ...ENV, SITE_ORIGIN: "http://www.example.com" },
      "provider=github",
      "bad-site-origin",
      "github",
    ],
    [
      "a SITE_ORIGIN that is no URL",
      { ...ENV, SITE_ORIGIN: "www.example.com" },
      "provider=github",
      "bad-site-origin",
      "github",
    ],
    ["another provider", ENV, "provider=gitlab", "wrong-provider", "gitlab"],
    ["a wider scope", ENV, "provider=github&scope=repo,admin:org", "bad-scope", "github"],
  ])("%s: a page that says so, the error for the editor, no cookie", async (_name, env, query, kind, provider) => {
    const response = await handleAuth(new Request(`${SITE}/api/auth?${query}`), env, runtime());
    const expected = failure(kind, kind === "wrong-provider" ? "gitlab" : "repo,admin:org");
    expect(response.status).toBe(expected.status);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { data, heading } = await read(response);
    expect(heading).toBe(expected.title);
    expect(data.handshake).toBe(`authorizing:${provider}`);
    expect(data.message).toBe(errorMessage(provider, expected));
    expect(data.origin).toBe(SITE);
  });
});

describe("/api/auth from another site", () => {
  const start = (site: string | null) =>
    handleAuth(
      new Request(`${SITE}/api/auth?provider=github&scope=repo`, { headers: site ? { "Sec-Fetch-Site": site } : {} }),
      ENV,
      runtime(),
    );

  test("a page on another site that sends the browser here is refused: no cookie, no trip to GitHub", async () => {
    const response = await start("cross-site");
    const expected = failure("cross-site");
    expect(response.status).toBe(expected.status);
    expect(response.headers.get("Location")).toBeNull();
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const { heading, data } = await read(response);
    expect(heading).toBe(expected.title);
    expect(data.message).toBe(errorMessage("github", expected));
  });

  test.each(["same-origin", "same-site", "none", null])("Sec-Fetch-Site %s: the login starts", async (site) => {
    expect((await start(site)).status).toBe(302);
  });
});
