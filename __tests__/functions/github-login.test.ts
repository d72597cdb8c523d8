/**
 * @jest-environment node
 */
/**
 * The editor's GitHub login (functions/_lib/github-login.ts) without a runtime: the redirect and its state cookie, the
 * checks of GitHub's answer, the code exchange, and the popup page each outcome gets — its words, its message for the
 * editor, its headers. The browser tests (e2e/github-login.spec.ts) run the same code on Cloudflare's runtime.
 */
import {
  CALLBACK_PATH,
  STATE_COOKIE,
  STATE_MAX_AGE,
  checkState,
  clearedStateCookie,
  errorMessage,
  failure,
  handleAuth,
  handleCallback,
  oauthBase,
  popupPage,
  readStateCookie,
  sameText,
  siteOrigin,
  stateCookie,
  successMessage,
  type FailureKind,
  type LoginEnv,
  type Runtime,
} from "../../functions/_lib/github-login";

const SITE = "https://www.example.com";
const ENV: LoginEnv = { GITHUB_CLIENT_ID: "client-123", GITHUB_CLIENT_SECRET: "secret-456" };
const NOW = 1_800_000_000;
const STATE = "s".repeat(43);

/** A runtime whose clock and randomness are fixed, and whose fetch answers as `exchange` says. */
function runtime(exchange: (url: string, init: RequestInit) => Promise<Response> = () => Promise.reject()): Runtime & {
  calls: { url: string; init: RequestInit }[];
} {
  const calls: { url: string; init: RequestInit }[] = [];
  return {
    calls,
    now: () => NOW,
    random: (array) => array.fill(7),
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

const OK_COOKIE = `${STATE_COOKIE}=${STATE}.${NOW - 30}`;
const callback = (query: string, cookie: string | null = OK_COOKIE) =>
  new Request(`${SITE}${CALLBACK_PATH}?${query}`, { headers: cookie ? { Cookie: cookie } : {} });

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));

describe("/api/auth", () => {
  test("sends the editor to GitHub's consent page with the callback on the site's origin and a state in a cookie", () => {
    const response = handleAuth(new Request(`${SITE}/api/auth?provider=github&site_id=x&scope=repo`), ENV, runtime());
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe("https://github.com/login/oauth/authorize");
    expect(location.searchParams.get("client_id")).toBe("client-123");
    expect(location.searchParams.get("redirect_uri")).toBe(`${SITE}/api/callback`);
    expect(location.searchParams.get("scope")).toBe("repo");
    const state = location.searchParams.get("state")!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = response.headers.get("Set-Cookie")!;
    expect(cookie).toBe(`${STATE_COOKIE}=${state}.${NOW}; Path=/; Max-Age=600; HttpOnly; Secure; SameSite=Lax`);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Location")).not.toContain("secret-456");
  });

  test("asks for public_repo when the editor does, and uses GITHUB_OAUTH_URL (GitHub Enterprise, a stand-in)", () => {
    const env = { ...ENV, GITHUB_OAUTH_URL: "https://github.example.org/" };
    const response = handleAuth(new Request(`${SITE}/api/auth?provider=github&scope=public_repo`), env, runtime());
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
    ["another provider", ENV, "provider=gitlab", "wrong-provider", "gitlab"],
    ["a wider scope", ENV, "provider=github&scope=repo,admin:org", "bad-scope", "github"],
  ])("%s: a page that says so, the error for the editor, no cookie", async (_name, env, query, kind, provider) => {
    const response = handleAuth(new Request(`${SITE}/api/auth?${query}`), env, runtime());
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
      `${STATE_COOKIE}=${STATE}.${NOW - 601}`,
      () => json({}),
      "expired",
    ],
    ["a broken cookie", `code=abc&state=${STATE}`, `${STATE_COOKIE}=nonsense`, () => json({}), "state-mismatch"],
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
          callback(`error=app_suspended&error_description=${encodeURIComponent(description)}`),
          ENV,
          runtime(),
        ),
      );
    const { heading, html } = await says("Suspended <script>alert(1)</script>");
    expect(heading).toBe("GitHub could not log you in");
    expect(html).toContain("GitHub said: Suspended &lt;script&gt;alert(1)&lt;/script&gt;.");
    expect((await says("x".repeat(300))).html).toContain(`GitHub said: ${"x".repeat(199)}….`);
    const mismatch = await handleCallback(callback("error=redirect_uri_mismatch"), ENV, runtime());
    expect(await mismatch.text()).toContain(
      "The GitHub OAuth app&#39;s callback URL must be https://www.example.com/api/callback",
    );
  });
});

describe("the state and its cookie", () => {
  test("the cookie holds the state and when the login started; anything else is malformed", () => {
    const set = stateCookie(STATE, NOW);
    const sent = set.split(";")[0];
    expect(readStateCookie(`a=b; ${sent}; c=d`)).toEqual({ state: STATE, issuedAt: NOW });
    expect(readStateCookie(null)).toBe("missing");
    expect(readStateCookie("a=b")).toBe("missing");
    expect(readStateCookie(`${STATE_COOKIE}=${STATE}`)).toBe("malformed");
    expect(readStateCookie(`${STATE_COOKIE}=short.${NOW}`)).toBe("malformed");
  });

  test("the state must be there, equal, and at most ten minutes old", () => {
    const cookie = { state: STATE, issuedAt: NOW };
    expect(checkState(cookie, STATE, NOW + STATE_MAX_AGE)).toBeNull();
    expect(checkState(cookie, STATE, NOW + STATE_MAX_AGE + 1)?.kind).toBe("expired");
    expect(checkState({ state: STATE, issuedAt: NOW + 3600 }, STATE, NOW)?.kind).toBe("expired");
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
