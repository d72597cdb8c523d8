// POST /api/content: the live editor's backend behind Cloudflare Access (functions/_lib/content/api.ts).
import { handleContent, type ContentEnv } from "../_lib/content/api";
import type { PagesFunction } from "../_lib/pages";

export const onRequest: PagesFunction<ContentEnv> = ({ request, env }) => handleContent(request, env);
