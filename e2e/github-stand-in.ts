// A stand-in for GitHub's two OAuth endpoints on 127.0.0.1, for the login tests (github-login.spec.ts): one OAuth app
// (a fixed client ID and secret), a consent page with Authorize and Cancel, single-use codes bound to the callback URL
// they were issued for and to the PKCE challenge they were asked with (S256: the exchange must bring the matching
// code_verifier), and GitHub's JSON answers to the code exchange, errors included. `failNext` makes the next
// exchange fail as GitHub sometimes does: the connection dropped, or an HTTP error. It also serves a blank page on
// its own origin, for a test that needs a page on another site than the editor's.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export const CLIENT_ID = "Iv1.standin0client";
export const CLIENT_SECRET = "standin-secret-0123456789abcdef";

export interface StandIn {
  url: string;
  /** Tokens issued so far, in order. */
  tokens: string[];
  /** Code exchanges received, whatever their outcome. */
  exchanges: number;
  /** Code exchanges whose code_verifier matched the code's challenge. */
  verified: number;
  /** How the next code exchange fails: the connection dropped, or an HTTP 500. */
  failNext: "drop" | "http-500" | null;
  /**
   * Set: the stand-in answers as a GitHub App does, with a `ghu_` token that expires after `expiresIn` seconds and a
   * refresh token (kept in `refreshTokens`). Null: as an OAuth app does, a `gho_` token that does not expire.
   */
  app: { expiresIn: number } | null;
  refreshTokens: string[];
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

export async function startStandIn(): Promise<StandIn> {
  const codes = new Map<string, { redirectUri: string; scope: string; challenge: string | null }>();
  const standIn: StandIn = {
    url: "",
    tokens: [],
    exchanges: 0,
    verified: 0,
    failNext: null,
    app: null,
    refreshTokens: [],
    close: async () => {},
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", standIn.url);
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" });
      res.end(body);
    };
    if (req.method === "GET" && url.pathname === "/login/oauth/authorize") {
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      const state = url.searchParams.get("state");
      if (url.searchParams.get("client_id") !== CLIENT_ID || !/^http:\/\/127\.0\.0\.1:\d+\//.test(redirectUri)) {
        send(404, "text/html", page("Not found", "<h1>No such application</h1>"));
        return;
      }
      // GitHub supports PKCE with S256 only.
      const challenge = url.searchParams.get("code_challenge");
      if (challenge !== null && url.searchParams.get("code_challenge_method") !== "S256") {
        send(400, "text/html", page("Bad request", "<h1>code_challenge_method must be S256</h1>"));
        return;
      }
      const code = crypto.randomBytes(10).toString("hex");
      codes.set(code, { redirectUri, scope: url.searchParams.get("scope") ?? "", challenge });
      const back = (params: Record<string, string>) => {
        const target = new URL(redirectUri);
        for (const [key, value] of Object.entries({ ...params, ...(state !== null ? { state } : {}) })) {
          target.searchParams.set(key, value);
        }
        return target.href.replace(/&/g, "&amp;");
      };
      const denied = back({
        error: "access_denied",
        error_description: "The user has denied your application access.",
      });
      send(
        200,
        "text/html",
        page(
          "Authorize application",
          `<h1>Authorize the site's editor</h1><p>Scope: ${url.searchParams.get("scope")}</p>` +
            `<a href="${back({ code })}">Authorize</a> <a href="${denied}">Cancel</a>`,
        ),
      );
      return;
    }
    if (req.method === "POST" && url.pathname === "/login/oauth/access_token") {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        standIn.exchanges += 1;
        const failing = standIn.failNext;
        standIn.failNext = null;
        if (failing === "drop") {
          req.socket.destroy();
          return;
        }
        if (failing === "http-500") {
          send(500, "text/html", page("Error", "<h1>Unicorn!</h1>"));
          return;
        }
        let body: Record<string, string> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, string>;
        } catch {
          body = {};
        }
        const json = (value: unknown) => send(200, "application/json", JSON.stringify(value));
        if (body.client_id !== CLIENT_ID || body.client_secret !== CLIENT_SECRET) {
          json({
            error: "incorrect_client_credentials",
            error_description: "The client_id and/or client_secret passed are incorrect.",
          });
          return;
        }
        const issued = codes.get(body.code);
        codes.delete(body.code);
        if (!issued) {
          json({ error: "bad_verification_code", error_description: "The code passed is incorrect or expired." });
          return;
        }
        if (issued.challenge !== null) {
          const proof = crypto
            .createHash("sha256")
            .update(body.code_verifier ?? "")
            .digest("base64url");
          if (proof !== issued.challenge) {
            json({
              error: "bad_verification_code",
              error_description: "The code_verifier does not match the code_challenge.",
            });
            return;
          }
          standIn.verified += 1;
        }
        if (body.redirect_uri !== issued.redirectUri) {
          json({
            error: "redirect_uri_mismatch",
            error_description: "The redirect_uri MUST match the registered callback URL for this application.",
          });
          return;
        }
        const random = () => crypto.randomBytes(18).toString("hex");
        if (standIn.app) {
          const [token, refresh] = [`ghu_${random()}`, `ghr_${random()}`];
          standIn.tokens.push(token);
          standIn.refreshTokens.push(refresh);
          json({
            access_token: token,
            expires_in: standIn.app.expiresIn,
            refresh_token: refresh,
            refresh_token_expires_in: 15_811_200,
            token_type: "bearer",
            scope: "",
          });
          return;
        }
        const token = `gho_${random()}`;
        standIn.tokens.push(token);
        json({ access_token: token, token_type: "bearer", scope: issued.scope });
      });
      return;
    }
    if (req.method === "GET" && url.pathname === "/elsewhere/") {
      send(200, "text/html", page("Another site", "<h1>Another site</h1>"));
      return;
    }
    send(404, "text/plain", "Not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}
