/**
 * @jest-environment node
 */
/**
 * /api/callback (functions/_lib/github-login.ts) without a runtime: GitHub's answer checked, state first, the code
 * exchanged with the login's code_verifier, and the popup page each outcome gets — its words, its message for the
 * editor, its headers.
 */
import { handleCallback } from "../../functions/_lib/github-login";
import { failure, type FailureKind } from "../../functions/_lib/login/failures";
import { errorMessage } from "../../functions/_lib/login/page";
import { STATE_COOKIE, clearedStateCookie } from "../../functions/_lib/login/state";
import { ENV, NOW, OK_COOKIE, SITE, STATE, VERIFIER, callback, json, read, runtime } from "../helpers/login";

describe("/api/callback", () => {
  const exchanged = (token = "gho_token789") => runtime(() => json({ access_token: token, token_type: "bearer" }));

  test("exchanges the code server-side and hands the token to the editor on the site's origin only", async () => {
    const rt = exchanged();
    const response = await handleCallback(callback(`code=abc&state=${STATE}`), ENV, rt);
    expect(response.status).toBe(200);
    expect(rt.calls).toHaveLength(1);
    expect(rt.calls[0].url).toBe("https://github.com/login/oauth/access_token");
    expect(rt.calls[0].init.method).toBe("POST");
    expect((rt.calls[0].init.headers as Record<string, string>).Accept).toBe("application/json");
    expect(JSON.parse(String(rt.calls[0].init.body))).toEqual({
      client_id: "client-123",
      client_secret: "secret-456",
      code: "abc",
      code_verifier: VERIFIER,
      redirect_uri: `${SITE}/api/callback`,
    });
    const { html, data, heading } = await read(response);
    expect(heading).toBe("You are logged in with GitHub");
    expect(data).toMatchObject({ origin: SITE, handshake: "authorizing:github" });
    expect(data.message).toBe('authorization:github:success:{"token":"gho_token789","provider":"github"}');
    expect(html).not.toContain("secret-456");
    expect(html.split("gho_token789")).toHaveLength(2);
    expect(response.headers.get("Set-Cookie")).toBe(clearedStateCookie());
  });

  test("a GitHub App's token: the editor gets it with its lifetime, and the refresh token stays here", async () => {
    const refresh = "ghr_refresh0123456789abcdef";
    const rt = runtime(() =>
      json({
        access_token: "ghu_apptoken42",
        expires_in: 28800,
        refresh_token: refresh,
        refresh_token_expires_in: 15811200,
        token_type: "bearer",
        scope: "",
      }),
    );
    const response = await handleCallback(callback(`code=abc&state=${STATE}`), ENV, rt);
    expect(response.status).toBe(200);
    const { html, data } = await read(response);
    expect(data.message).toBe(
      'authorization:github:success:{"token":"ghu_apptoken42","provider":"github","expires_in":28800}',
    );
    expect(html).not.toContain(refresh);
    expect(html).not.toContain("refresh");
    expect(response.headers.get("Set-Cookie")).not.toContain(refresh);
  });

  test.each([0, -5, 1.5, "28800", null])(
    "a lifetime GitHub did not give as whole seconds (%p) is left out",
    async (value) => {
      const rt = runtime(() => json({ access_token: "ghu_x", expires_in: value }));
      const { data } = await read(await handleCallback(callback(`code=abc&state=${STATE}`), ENV, rt));
      expect(data.message).toBe('authorization:github:success:{"token":"ghu_x","provider":"github"}');
    },
  );

  test("its page runs only its own script and style, is never stored, framed or a referrer, keeps its opener", async () => {
    const response = await handleCallback(callback(`code=abc&state=${STATE}`), ENV, exchanged());
    const csp = response.headers.get("Content-Security-Policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).toBe(
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    const { html } = await read(response);
    expect(html.match(/<script nonce="([^"]+)">/)![1]).toBe(nonce);
    expect(html.match(/<style nonce="([^"]+)">/)![1]).toBe(nonce);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("unsafe-none");
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  });

  const cases: [string, string, string | null, (url: string, init: RequestInit) => Promise<Response>, FailureKind][] = [
    ["consent denied", `error=access_denied&state=${STATE}`, OK_COOKIE, () => json({}), "denied"],
    ["no state cookie", `code=abc&state=${STATE}`, null, () => json({}), "no-cookie"],
    [
      "an expired cookie",
      `code=abc&state=${STATE}`,
      `${STATE_COOKIE}=${STATE}.${NOW - 601}.${VERIFIER}`,
      () => json({}),
      "expired",
    ],
    ["a broken cookie", `code=abc&state=${STATE}`, `${STATE_COOKIE}=nonsense`, () => json({}), "state-mismatch"],
    [
      "a cookie from before PKCE (no code_verifier)",
      `code=abc&state=${STATE}`,
      `${STATE_COOKIE}=${STATE}.${NOW - 30}`,
      () => json({}),
      "state-mismatch",
    ],
    ["no state", "code=abc", OK_COOKIE, () => json({}), "state-missing"],
    ["a forged state", `code=abc&state=${"f".repeat(43)}`, OK_COOKIE, () => json({}), "state-mismatch"],
    ["no code", `state=${STATE}`, OK_COOKIE, () => json({}), "code-missing"],
    ["GitHub unreachable", `code=abc&state=${STATE}`, OK_COOKIE, () => Promise.reject(new TypeError()), "unreachable"],
    ["GitHub answering 500", `code=abc&state=${STATE}`, OK_COOKIE, () => json("oops", 500), "provider-status"],
    [
      "a used code",
      `code=abc&state=${STATE}`,
      OK_COOKIE,
      () => json({ error: "bad_verification_code" }),
      "code-refused",
    ],
    [
      "a wrong secret",
      `code=abc&state=${STATE}`,
      OK_COOKIE,
      () => json({ error: "incorrect_client_credentials" }),
      "bad-credentials",
    ],
    ["no token", `code=abc&state=${STATE}`, OK_COOKIE, () => json({ token_type: "bearer" }), "no-token"],
  ];
  test.each(cases)("%s: a page that says so, the error for the editor, the cookie cleared", async (...args) => {
    const [, query, cookie, exchange, kind] = args;
    const response = await handleCallback(callback(query, cookie), ENV, runtime(exchange));
    const expected = failure(kind, kind === "provider-status" ? "500" : "");
    expect(response.status).toBe(expected.status);
    const { data, heading, html } = await read(response);
    expect(heading).toBe(expected.title);
    expect(data.message).toBe(errorMessage("github", expected));
    expect(data.message).not.toContain("success");
    expect(html).not.toContain("secret-456");
    expect(response.headers.get("Set-Cookie")).toBe(clearedStateCookie());
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  test.each([
    ["no state cookie", `error=app_suspended&error_description=Call%20evil.example&state=${STATE}`, null, "no-cookie"],
    [
      "a forged state",
      `error=access_denied&error_description=Call%20evil.example&state=forged`,
      OK_COOKIE,
      "state-mismatch",
    ],
    ["no state", `error=redirect_uri_mismatch&error_description=Call%20evil.example`, OK_COOKIE, "state-missing"],
  ] as const)(
    "%s: refused on its state first, whatever else it carries, echoing none of it",
    async (_, query, cookie, kind) => {
      const rt = exchanged();
      const response = await handleCallback(callback(query, cookie), ENV, rt);
      const { heading, html } = await read(response);
      expect(heading).toBe(failure(kind).title);
      expect(html).not.toContain("evil.example");
      expect(rt.calls).toHaveLength(0);
    },
  );

  test("a replayed answer (its cookie cleared by the first): refused, no second exchange", async () => {
    const rt = exchanged();
    const first = await handleCallback(callback(`code=abc&state=${STATE}`), ENV, rt);
    expect(first.headers.get("Set-Cookie")).toBe(clearedStateCookie());
    const replay = await handleCallback(callback(`code=abc&state=${STATE}`, null), ENV, rt);
    expect((await read(replay)).heading).toBe(failure("no-cookie").title);
    expect(rt.calls).toHaveLength(1);
  });

  test("the secret not configured: no exchange is tried", async () => {
    const rt = exchanged();
    const response = await handleCallback(callback(`code=abc&state=${STATE}`), { GITHUB_CLIENT_ID: "x" }, rt);
    expect((await read(response)).heading).toBe(failure("not-configured").title);
    expect(rt.calls).toHaveLength(0);
  });

  test("GitHub's other refusals are named in its words, shortened; a wrong callback URL names the right one", async () => {
    const says = async (description: string) =>
      read(
        await handleCallback(
          callback(`error=app_suspended&state=${STATE}&error_description=${encodeURIComponent(description)}`),
          ENV,
          runtime(),
        ),
      );
    const { heading, html } = await says("Suspended <script>alert(1)</script>");
    expect(heading).toBe("GitHub could not log you in");
    expect(html).toContain("GitHub said: Suspended &lt;script&gt;alert(1)&lt;/script&gt;.");
    expect((await says("x".repeat(300))).html).toContain(`GitHub said: ${"x".repeat(199)}….`);
    const mismatch = await handleCallback(callback(`error=redirect_uri_mismatch&state=${STATE}`), ENV, runtime());
    expect(await mismatch.text()).toContain(
      "The GitHub OAuth app&#39;s callback URL must be https://www.example.com/api/callback",
    );
  });
});
