// The editor's GitHub login as a Cloudflare Worker, for sites that are not on Cloudflare Pages (nginx): the same code
// as functions/api/auth.ts and functions/api/callback.ts. nginx passes the site's /api/auth and /api/callback to it, so
// the browser sees one origin, and SITE_ORIGIN tells it which (docs/deploy.md, "The editor's login on nginx").
import { handleAuth, handleCallback } from "../functions/_lib/github-login";
import { baseHeaders } from "../functions/_lib/login/page";
import { AUTH_PATH, CALLBACK_PATH, type LoginEnv } from "../functions/_lib/login/settings";

export default {
  async fetch(request: Request, env: LoginEnv): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (!env.SITE_ORIGIN?.trim()) {
      // Behind nginx the Worker's own address is not the site's: without SITE_ORIGIN the login could never finish.
      return new Response("The login Worker needs SITE_ORIGIN: the site's origin, such as https://www.example.com.\n", {
        status: 503,
        headers: baseHeaders(),
      });
    }
    if (request.method === "GET" && pathname === AUTH_PATH) return handleAuth(request, env);
    if (request.method === "GET" && pathname === CALLBACK_PATH) return handleCallback(request, env);
    return new Response("Not found\n", { status: 404, headers: baseHeaders() });
  },
};
