/**
 * The content API as a Cloudflare Worker, for the site on nginx (or any server) behind Cloudflare: on the route
 * `<site>/api/content*` (deploy/wrangler.toml) it answers the editor as the Pages function does; anything else the
 * route lets through goes on to the site's own server. Its Cron Trigger publishes the drafts whose time has come.
 */
import { handleContent, publishDue, type ContentEnv } from "../functions/_lib/content/api";

export default {
  fetch: (request: Request, env: ContentEnv) =>
    new URL(request.url).pathname === "/api/content" ? handleContent(request, env) : fetch(request),
  scheduled: (controller: { scheduledTime: number }, env: ContentEnv) => publishDue(env, controller.scheduledTime),
};
