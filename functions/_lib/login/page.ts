/** The popup's page and headers: what happened, in words, and Decap's message for the editor that opened it. */
import { scriptJson } from "../../../src/lib/script-json";
import type { Login } from "./exchange";
import { RETRY, type Failure } from "./failures";
import { PROVIDER } from "./settings";

/** The messages of Decap's popup protocol (decap-cms-lib-auth's NetlifyAuthenticator). */
const handshakeMessage = (provider: string) => `authorizing:${provider}`;
/** Decap reads `token` and `provider`; the editor's own code reads `expires_in` (src/cms/login-expiry.ts). */
export const successMessage = ({ token, expiresIn }: Login) =>
  `authorization:${PROVIDER}:success:${JSON.stringify({ token, provider: PROVIDER, ...(expiresIn ? { expires_in: expiresIn } : {}) })}`;
export const errorMessage = (provider: string, { title, detail }: Pick<Failure, "title" | "detail">) =>
  `authorization:${provider}:error:${JSON.stringify({ message: `${title}. ${detail}` })}`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The popup's page script: without an opener it says so; otherwise it announces itself to the site's own origin, and
 * answers only a reply that comes from the window that opened it, from that origin, with Decap's handshake, by posting
 * the outcome to that origin. An editor elsewhere (another site that opened the popup) hears nothing.
 */
const POPUP_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById("login-data").textContent);
  var status = document.getElementById("status");
  var opener = window.opener;
  if (!opener) {
    status.textContent = data.text.noOpener;
    return;
  }
  var handed = false;
  window.addEventListener("message", function (event) {
    if (handed || event.source !== opener || event.origin !== data.origin || event.data !== data.handshake) return;
    handed = true;
    opener.postMessage(data.message, event.origin);
    status.textContent = data.text.handed;
  });
  opener.postMessage(data.handshake, data.origin);
  status.textContent = data.text.waiting;
  setTimeout(function () {
    if (!handed) status.textContent = data.text.noAnswer;
  }, 5000);
})();`;

const STYLE = `body{margin:0;padding:0 1rem;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b2a3a;background:#f6f7f9}
main{max-width:34rem;margin:2.5rem auto;padding:1.5rem 1.75rem;background:#fff;border:1px solid #d5dbe3;border-radius:.5rem}
h1{font-size:1.35rem;line-height:1.3;margin:0 0 .75rem}
main.failed h1{color:#9b1c1c}
p{margin:.5rem 0}
#status{margin-top:1rem;padding-top:.75rem;border-top:1px solid #e3e7ec;color:#3d4b5c}`;

export interface PopupPage {
  origin: string;
  provider: string;
  nonce: string;
  outcome: Login | { failure: Failure };
}

/** The popup's page: what happened, in words, and the message for the editor that opened it. */
export function popupPage({ origin, provider, nonce, outcome }: PopupPage): string {
  const failed = "failure" in outcome ? outcome.failure : null;
  const title = failed ? failed.title : "You are logged in with GitHub";
  const detail = failed ? failed.detail : "This window hands your login to the editor and closes.";
  const admin = `${origin}/admin/`;
  const data = {
    origin,
    handshake: handshakeMessage(provider),
    message: failed ? errorMessage(provider, failed) : successMessage(outcome as Login),
    text: {
      noOpener: failed
        ? "This window was not opened by the site's editor. You can close it."
        : `This window was not opened by the site's editor, so the login goes nowhere. Open ${admin} and press Login with GitHub there.`,
      waiting: "Telling the editor…",
      handed: failed ? "The editor has been told. You can close this window." : "Done: the editor has your login.",
      noAnswer: failed
        ? "The editor did not answer. You can close this window."
        : `The editor that opened this window did not answer (it was closed, or it is not this site's editor at ${admin}), so it did not get your login. ${RETRY}`,
    },
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Content editor</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main${failed ? ' class="failed"' : ""}>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(detail)}</p>
<p id="status" role="status">${escapeHtml(failed ? "You can close this window." : `If this window stays open, close it and press Login with GitHub in the editor at ${admin} again.`)}</p>
</main>
<script type="application/json" id="login-data">${scriptJson(data)}</script>
<script nonce="${nonce}">${POPUP_SCRIPT}</script>
</body>
</html>
`;
}

/** The headers of every response: never stored, never framed, never leaking the callback's URL as a referrer. */
export function baseHeaders(): Headers {
  return new Headers({
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "X-Robots-Tag": "noindex",
  });
}

/**
 * The popup page's headers: its own policy (its one inline script and style, by nonce; nothing else loads), and an
 * opener policy that keeps the link to the editor that opened it (`unsafe-none`: the site's `same-origin` would cut
 * it; Pages does not apply _headers to a function's answers, other hosts might).
 */
export function pageHeaders(nonce: string): Headers {
  const headers = baseHeaders();
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set(
    "Content-Security-Policy",
    `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  headers.set("Cross-Origin-Opener-Policy", "unsafe-none");
  return headers;
}
