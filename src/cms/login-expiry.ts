/**
 * A GitHub App's login token expires (after 8 hours, by GitHub's default); an OAuth app's does not. The site's login
 * hands the editor the token's lifetime (`expires_in`, seconds) beside it, and keeps the refresh token to itself
 * (functions/_lib/login/exchange.ts). This records when the token runs out, beside Decap's record of the login, and
 * asks the editor to log in again once it has — instead of a screen of failed requests:
 *
 * - when /admin/ opens with an expired login, the login is forgotten before Decap starts, so Decap opens on its login
 *   page, and a line says why;
 * - while /admin/ is open, when the token runs out, a line says so, with a button that logs in again (Decap offers
 *   the entry's unsaved changes back from its local backup when it is opened again).
 */
import { DECAP_USER_KEY } from "./decap";

export const EXPIRES_KEY = "site-login-expires-at";
export const EXPIRED_AT_LOAD = "Your GitHub login had expired, so you were logged out. Log in again to edit.";
export const EXPIRED_NOW = "Your GitHub login has expired: nothing can be saved until you log in again.";
export const LOG_IN_AGAIN = "Log in again";
/** The email login's (Cloudflare Access) session ended: the content API answered 401, or Access turned a call away. */
export const SESSION_ENDED = "Your session ended: log in again. Your edits are kept in this browser.";

const SUCCESS = "authorization:github:success:";

/** When the login in `message` (Decap's popup protocol) expires, in ms since the epoch; null if it does not. */
export function loginExpiry(message: unknown, now: number): number | null | undefined {
  if (typeof message !== "string" || !message.startsWith(SUCCESS)) return undefined;
  try {
    const { expires_in: seconds } = JSON.parse(message.slice(SUCCESS.length)) as { expires_in?: unknown };
    return typeof seconds === "number" && seconds > 0 ? now + seconds * 1000 : null;
  } catch {
    return undefined;
  }
}

/** Whether the stored login has expired; if so, it is forgotten. */
export function forgetExpiredLogin(storage: Storage, now: number): boolean {
  const stored = storage.getItem(EXPIRES_KEY);
  if (stored === null || !(Number(stored) <= now)) return false;
  forgetLogin(storage);
  return true;
}

/** Forgets Decap's record of the login, and when it expires. */
function forgetLogin(storage: Storage): void {
  storage.removeItem(DECAP_USER_KEY);
  storage.removeItem(EXPIRES_KEY);
}

/** A line about the login at the foot of the editor, with a button where there is something to do. */
export function notice(doc: Document, message: string, action?: { label: string; run(): void }): void {
  doc.querySelector(".login-notice")?.remove();
  const panel = doc.createElement("section");
  panel.className = "login-notice";
  panel.setAttribute("aria-label", "Login");
  const text = doc.createElement("p");
  text.setAttribute("role", "alert");
  text.textContent = message;
  panel.append(text);
  if (action) {
    const button = doc.createElement("button");
    button.type = "button";
    button.textContent = action.label;
    button.addEventListener("click", action.run);
    panel.append(button);
  }
  doc.body.append(panel);
}

/**
 * Before Decap starts: forgets an expired login (saying so), records the lifetime of each new login the site's own
 * login page hands over, and asks for a new login when the current one runs out.
 */
export function watchLoginExpiry(win: Window = window): void {
  const { localStorage: storage, document: doc } = win;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    const expires = Number(storage.getItem(EXPIRES_KEY));
    if (!expires) return;
    // When the wait is over, the stored expiry is read again: a login made meanwhile in another tab moved it on.
    // setTimeout's longest wait is about 24.8 days; a token that lasts longer is looked at again then.
    const check = () => {
      if (!forgetExpiredLogin(storage, Date.now())) return schedule();
      notice(doc, EXPIRED_NOW, { label: LOG_IN_AGAIN, run: () => win.location.reload() });
    };
    timer = setTimeout(check, Math.min(expires - Date.now(), 2 ** 31 - 1));
  };
  try {
    if (forgetExpiredLogin(storage, Date.now())) {
      const show = () => notice(doc, EXPIRED_AT_LOAD);
      if (doc.body) show();
      else doc.addEventListener("DOMContentLoaded", show);
    }
  } catch {
    // Storage refused (a private window): Decap keeps no login either.
    return;
  }
  win.addEventListener("message", (event: MessageEvent) => {
    if (event.origin !== win.location.origin) return;
    const expires = loginExpiry(event.data, Date.now());
    if (expires === undefined) return;
    if (expires === null) storage.removeItem(EXPIRES_KEY);
    else storage.setItem(EXPIRES_KEY, String(expires));
    doc.querySelector(".login-notice")?.remove();
    schedule();
  });
  schedule();
}
