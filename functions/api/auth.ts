// GET /api/auth: the start of Decap's GitHub login (functions/_lib/github-login.ts).
import { handleAuth, type LoginEnv } from "../_lib/github-login";
import type { PagesFunction } from "../_lib/pages";

export const onRequestGet: PagesFunction<LoginEnv> = ({ request, env }) => handleAuth(request, env);
