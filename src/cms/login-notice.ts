import { makers } from "./content-problems";

/**
 * The line at the foot of the editor that says the editor's login (Cloudflare Access) has ended, with a button that
 * logs in again; the entry's unsaved changes are offered back from Decap's local backup when it is opened again.
 */
export const LOG_IN_AGAIN = "Log in again";
/** The email login's (Cloudflare Access) session ended: the content API answered 401, or Access turned a call away. */
export const SESSION_ENDED = "Your session ended: log in again. Your edits are kept in this browser.";

/** A line about the login (or `about` another matter) in the editor, with a button where there is something to do. */
export function notice(doc: Document, message: string, action?: { label: string; run(): void }, about = "Login"): void {
  doc.querySelector(".login-notice")?.remove();
  const { el, button } = makers(doc);
  const panel = el("section", { className: "login-notice" }, { "aria-label": about });
  panel.append(el("p", { textContent: message }, { role: "alert" }));
  if (action) panel.append(button(action.label, { onclick: action.run }));
  doc.body.append(panel);
}
