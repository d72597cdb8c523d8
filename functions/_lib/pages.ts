/**
 * The small part of Cloudflare's Pages Functions API this project uses, typed here rather than by installing
 * @cloudflare/workers-types: a function receives the request and the project's variables (`env`) and answers with a
 * standard Response (the DOM library's Request, Response, URL, fetch and crypto types, which workerd implements).
 */
export type PagesFunction<Env> = (context: { request: Request; env: Env }) => Response | Promise<Response>;
