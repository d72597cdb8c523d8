/**
 * What the login's unit tests share: a site, its variables, a fixed clock and randomness, GitHub's answers, and a
 * reader of the popup page the login answers with.
 */
import type { Runtime } from "../../functions/_lib/github-login";
import type { LoginEnv } from "../../functions/_lib/login/settings";
import { CALLBACK_PATH } from "../../functions/_lib/login/settings";
import { STATE_COOKIE } from "../../functions/_lib/login/state";

export const SITE = "https://www.example.com";
export const ENV: LoginEnv = { GITHUB_CLIENT_ID: "client-123", GITHUB_CLIENT_SECRET: "secret-456" };
export const NOW = 1_800_000_000;
export const STATE = "s".repeat(43);

/** A runtime whose clock and randomness are fixed, and whose fetch answers as `exchange` says. */
export function runtime(
  exchange: (url: string, init: RequestInit) => Promise<Response> = () => Promise.reject(),
): Runtime & {
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
export async function read(response: Response) {
  const html = await response.text();
  const data = JSON.parse(/<script type="application\/json" id="login-data">(.*?)<\/script>/s.exec(html)![1]) as {
    origin: string;
    handshake: string;
    message: string;
  };
  return { html, data, heading: /<h1>(.*?)<\/h1>/.exec(html)![1] };
}

export const VERIFIER = "v".repeat(43);
export const OK_COOKIE = `${STATE_COOKIE}=${STATE}.${NOW - 30}.${VERIFIER}`;
export const callback = (query: string, cookie: string | null = OK_COOKIE) =>
  new Request(`${SITE}${CALLBACK_PATH}?${query}`, { headers: cookie ? { Cookie: cookie } : {} });

export const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));
