// GET /api/callback: the GitHub OAuth app's callback, which hands the login to the editor (functions/_lib/github-login.ts).
import { handleCallback, type LoginEnv } from "../_lib/github-login";
import type { PagesFunction } from "../_lib/pages";

export const onRequestGet: PagesFunction<LoginEnv> = ({ request, env }) => handleCallback(request, env);
