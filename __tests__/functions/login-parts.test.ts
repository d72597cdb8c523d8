/**
 * @jest-environment node
 */
/**
 * The login's parts (functions/_lib/login/): the state and its cookie, the settings, the popup page.
 */
import { failure } from "../../functions/_lib/login/failures";
import { errorMessage, popupPage, successMessage } from "../../functions/_lib/login/page";
import { STATE_MAX_AGE, oauthBase, siteOrigin } from "../../functions/_lib/login/settings";
import { STATE_COOKIE, checkState, readStateCookie, stateCookie } from "../../functions/_lib/login/state";
import { NOW, SITE, STATE, VERIFIER } from "../helpers/login";

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
    expect(checkState(cookie, STATE.slice(0, -1), NOW)?.kind).toBe("state-mismatch");
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
    expect(successMessage({ token: "t" })).toBe('authorization:github:success:{"token":"t","provider":"github"}');
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
