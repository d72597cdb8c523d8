/**
 * Who is asking: Cloudflare Access logs editors in (a one-time PIN by email, or the firm's Google or Microsoft login)
 * and sends every request it lets through with a signed assertion, `Cf-Access-Jwt-Assertion`. Its signature is
 * checked against the team's published keys (cached by jose, fetched again for an unknown key id), with RS256 only,
 * the application's audience, the team as issuer, and its expiry. The cookie alone is never enough.
 */
import { createRemoteJWKSet, errors, jwtVerify } from "jose";
import { listed, type ContentSettings } from "./settings";

export type Editor = { name: string; email: string };
type Refusal = { status: 401 | 403; error: string };

export const SESSION_ENDED = "Your session ended: log in again. Your edits are still in the form.";

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The editor the request comes from, or the status and reason it is refused with. */
export async function accessEditor(request: Request, settings: ContentSettings): Promise<Editor | Refusal> {
  const token = request.headers.get("Cf-Access-Jwt-Assertion");
  if (!token) return { status: 401, error: SESSION_ENDED };
  const certs = `${settings.team}/cdn-cgi/access/certs`;
  if (!keySets.has(certs)) keySets.set(certs, createRemoteJWKSet(new URL(certs)));
  const expected = { algorithms: ["RS256"], audience: settings.audience, issuer: settings.team };
  let email: unknown;
  let name: unknown;
  try {
    ({ email, name } = (await jwtVerify(token, keySets.get(certs)!, expected)).payload);
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { status: 401, error: SESSION_ENDED };
    const reason = error instanceof errors.JOSEError ? error.code : "unreadable";
    return { status: 401, error: `Your login could not be verified (${reason}): log in again.` };
  }
  if (typeof email !== "string" || !email.includes("@")) {
    return { status: 401, error: "Your login names no email address: log in again." };
  }
  // A name or address is written into commits and drafts' descriptions: a line break there would be a line of its own.
  if ([email, name].some((text) => typeof text === "string" && /\p{Cc}/u.test(text))) {
    return {
      status: 403,
      error: "Refused: your login's name or email holds a control character (a line break, a tab).",
    };
  }
  if (!listed(settings.editors, email)) {
    return { status: 403, error: `${email} is not on this site's list of editors: ask whoever looks after the site.` };
  }
  return { email, name: typeof name === "string" && name.trim() ? name.trim() : email };
}
