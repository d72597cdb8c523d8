/**
 * @jest-environment node
 */
/**
 * The editor's GitHub login (functions/_lib/github-login.ts) without a runtime: the redirect and its state cookie, the
 * checks of GitHub's answer, the code exchange, and the popup page each outcome gets — its words, its message for the
 * editor, its headers. The browser tests (e2e/github-login.spec.ts) run the same code on Cloudflare's runtime.
 */
import crypto from "crypto";
import { handleAuth, handleCallback, type Runtime } from "../../functions/_lib/github-login";
import { failure, type FailureKind } from "../../functions/_lib/login/failures";
import { errorMessage, popupPage, successMessage } from "../../functions/_lib/login/page";
import {
  CALLBACK_PATH,
  STATE_MAX_AGE,
  oauthBase,
  siteOrigin,
  type LoginEnv,
} from "../../functions/_lib/login/settings";
import {
  STATE_COOKIE,
  checkState,
  clearedStateCookie,
  readStateCookie,
  sameText,
  stateCookie,
} from "../../functions/_lib/login/state";

const SITE = "https://www.example.com";
const ENV: LoginEnv = { GITHUB_CLIENT_ID: "client-123", GITHUB_CLIENT_SECRET: "secret-456" };
const NOW = 1_800_000_000;
const STATE = "s".repeat(43);

/** A runtime whose clock and randomness are fixed, and whose fetch answers as `exchange` says. */
function runtime(exchange: (url: string, init: RequestInit) => Promise<Response> = () => Promise.reject()): Runtime & {
  calls: { url: string; init: RequestInit }[];
} {
  const calls: { url: string; init: RequestInit }[] = [];
  let fills = 0;
  return {
    calls,
    now: () => NOW,
    // A different fill for each token, so a test can tell the state, the verifier and the nonce apart.
    random: (array) => array.fill(++fills),
    fetch: ((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return exchange(url, init);
    }) as typeof fetch,
  };
}

/** What the popup page tells the editor that opened it, and the words it shows. */
async function read(response: Response) {
  const html = await response.text();
  const data = JSON.parse(/<script type="application\/json" id="login-data">(.*?)<\/script>/s.exec(html)![1]) as {
    origin: string;
    handshake: string;
    message: string;
  };
  return { html, data, heading: /<h1>(.*?)<\/h1>/.exec(html)![1] };
}

const VERIFIER = "v".repeat(43);
const OK_COOKIE = `${STATE_COOKIE}=${STATE}.${NOW - 30}.${VERIFIER}`;
const callback = (query: string, cookie: string | null = OK_COOKIE) =>
  new Request(`${SITE}${CALLBACK_PATH}?${query}`, { headers: cookie ? { Cookie: cookie } : {} });

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));

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

describe("the state and its cookie", () => {
  test("the cookie holds the state, when the login started and the code_verifier; anything else is malformed", () => {
    const set = stateCookie({ state: STATE, issuedAt: NOW, verifier: VERIFIER });
    const sent = set.split(";")[0];
    expect(readStateCookie(`a=b; ${sent}; c=d`)).toEqual({ state: STATE, issuedAt: NOW, verifier: VERIFIER });
    expect(readStateCookie(null)).toBe("missing");
    expect(readStateCookie("a=b")).toBe("missing");
    expect(readStateCookie(`${STATE_COOKIE}=${STATE}`)).toBe("malformed");
    expect(readStateCookie(`${STATE_COOKIE}=short.${NOW}.${VERIFIER}`)).toBe("malformed");
    expect(readStateCookie(`${STATE_COOKIE}=${STATE}.${NOW}.short`)).toBe("malformed");
  });

  test("the state must be there, equal, and at most ten minutes old", () => {
    const cookie = { state: STATE, issuedAt: NOW, verifier: VERIFIER };
    expect(checkState(cookie, STATE, NOW + STATE_MAX_AGE)).toBeNull();
    expect(checkState(cookie, STATE, NOW + STATE_MAX_AGE + 1)?.kind).toBe("expired");
    expect(checkState({ ...cookie, issuedAt: NOW + 3600 }, STATE, NOW)?.kind).toBe("expired");
    expect(checkState(cookie, null, NOW)?.kind).toBe("state-missing");
    expect(checkState(cookie, `${STATE}x`, NOW)?.kind).toBe("state-mismatch");
    expect(checkState("missing", STATE, NOW)?.kind).toBe("no-cookie");
    expect(checkState("malformed", STATE, NOW)?.kind).toBe("state-mismatch");
    expect(sameText("abc", "abc")).toBe(true);
    expect(sameText("abc", "abd")).toBe(false);
    expect(sameText("abc", "abcd")).toBe(false);
  });
});

describe("settings", () => {
  test("GitHub's address: https://, or http:// on this machine only (a test stand-in)", () => {
    expect(oauthBase(undefined)).toBe("https://github.com");
    expect(oauthBase(" https://git.example.org/ ")).toBe("https://git.example.org");
    expect(oauthBase("http://127.0.0.1:9433")).toBe("http://127.0.0.1:9433");
    expect(oauthBase("http://github.com")).toBeNull();
    expect(oauthBase("github.com")).toBeNull();
    expect(oauthBase("https://github.com/?x=1")).toBeNull();
  });

  test("SITE_ORIGIN must be an https:// origin with no path: anything else is refused (null)", () => {
    for (const value of [
      "http://www.example.com",
      "https://www.example.com/admin",
      "https://www.example.com?x=1",
      "https://user:pw@www.example.com",
      "https://www.example.com/#top",
      "www.example.com",
      "not a url",
    ]) {
      expect(siteOrigin({ SITE_ORIGIN: value }, "https://login.workers.dev/api/auth")).toBeNull();
    }
    expect(siteOrigin({ SITE_ORIGIN: "https://www.example.com:8443" }, "https://w.dev/")).toBe(
      "https://www.example.com:8443",
    );
  });

  test("the site's origin is the request's, unless SITE_ORIGIN names it (a Worker behind nginx)", () => {
    expect(siteOrigin({}, "https://www.example.com/api/auth?x")).toBe("https://www.example.com");
    expect(siteOrigin({ SITE_ORIGIN: "https://www.example.com/" }, "https://login.workers.dev/api/auth")).toBe(
      "https://www.example.com",
    );
  });
});

describe("the popup page", () => {
  test("its messages are Decap's; its data cannot close its script element", () => {
    expect(successMessage("t")).toBe('authorization:github:success:{"token":"t","provider":"github"}');
    expect(errorMessage("github", { title: "A", detail: "B." })).toBe('authorization:github:error:{"message":"A. B."}');
    const html = popupPage({
      origin: SITE,
      provider: "github",
      nonce: "n",
      outcome: { failure: { ...failure("denied"), detail: "</script><script>alert(1)</script>\u2028" } },
    });
    const data = /<script type="application\/json" id="login-data">([^<]*)<\/script>/.exec(html)?.[1] ?? "";
    expect(JSON.parse(data).message).toContain("</script><script>alert(1)</script>\u2028");
  });

  test("a failure's words are escaped in the page", () => {
    const html = popupPage({
      origin: SITE,
      provider: "github",
      nonce: "n",
      outcome: { failure: { ...failure("denied"), title: "<b>bold</b> & more" } },
    });
    expect(html).toContain("<h1>&lt;b&gt;bold&lt;/b&gt; &amp; more</h1>");
    expect(html).toContain('<main class="failed">');
  });
});
