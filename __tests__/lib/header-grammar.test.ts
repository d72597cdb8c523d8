import { headerProblem, httpsHostProblem, policyProblem } from "../../src/lib/header-grammar";
import { contentSecurityPolicy } from "../../plugins/publish/hosting/hosting";
import { LOCAL_PROXY_ORIGINS } from "../../src/content/editor-backend";

describe("httpsHostProblem: a URL whose origin can become a page's form-action", () => {
  test.each([
    "https://formspree.io/f/abcd1234",
    "https://forms.example.com/submit?x=1",
    "https://Forms.Example.COM:8443/f#top",
    "https://xn--bcher-kva.example/f",
  ])("accepts %s", (value) => {
    expect(httpsHostProblem(value)).toBeNull();
  });

  test.each([
    // Each of these parses as a URL whose origin, written into form-action, would change the policy.
    ["a semicolon (a new directive)", "https://formspree.io;sandbox/f/abcd1234"],
    ["a wildcard", "https://*.com/f/x"],
    ["a comma (a second policy)", "https://formspree.io,evil.example/f"],
    ["a quote", "https://formspree.io'/f"],
    ["a single label", "https://intranet/f"],
    ["an IP address", "https://192.0.2.10/f"],
    ["a local host", "https://localhost/f"],
    ["http", "http://formspree.io/f"],
  ])("refuses %s: %s", (_kind, value) => {
    expect(httpsHostProblem(value)).toEqual(expect.any(String));
  });
});

describe("policyProblem: the policies the build writes, and nothing else", () => {
  test("the visitor pages' and the editor's policies pass", () => {
    const scriptHashes = ["'sha256-q1w2e3r4t5y6u7i8o9p0AbCdEfGhIjKlMnOpQrStUvW='"];
    expect(policyProblem(contentSecurityPolicy({ scriptHashes, formOrigin: "https://formspree.io" }))).toBeNull();
    const admin = contentSecurityPolicy({ scriptHashes, editor: { connect: LOCAL_PROXY_ORIGINS } });
    expect(policyProblem(admin)).toBeNull();
  });

  test.each([
    ["form-action https://formspree.io;sandbox", /sandbox/],
    ["form-action https://*.com", /\*\.com/],
    ["default-src 'self', script-src *", /comma/],
    ["default-src 'self'; default-src *", /twice/],
    ["script-src 'self' 'unsafe-hashes'", /unsafe-hashes/],
    ["script-src 'self' 'unsafe-eval'", /unsafe-eval/],
    ["form-action", /no source/],
  ])("refuses %j", (policy, problem) => {
    expect(policyProblem(policy)).toMatch(problem);
  });
});

test("headerProblem refuses a line break in any header, and a policy outside the grammar", () => {
  expect(headerProblem("X-Frame-Options", "DENY")).toBeNull();
  expect(headerProblem("X-Test", "a\nSet-Cookie: x=1")).toMatch(/line break/);
  expect(headerProblem("Content-Security-Policy", "default-src 'self'; sandbox")).toMatch(/"sandbox"/);
});
