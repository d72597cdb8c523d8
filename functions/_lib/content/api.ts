/**
 * The content API at /api/content: the live editor's backend when editors log in with Cloudflare Access
 * (CMS_BACKEND=access). It takes the site's own editor's JSON POSTs only, from an editor Access vouches for, checks
 * every path, branch and repository a request names (rules.ts) before anything is read or written, and answers in
 * the editor's words. GitHub's token stays here.
 */
import { IMAGE_MAX_BYTES } from "../../../src/content/images";
import { accessEditor } from "./access";
import { answer, publishDueDrafts } from "./actions";
import { github } from "./github";
import { contentSettings, type ContentEnv } from "./settings";
import { githubStore } from "./stores/github";

export type { ContentEnv };

/** The largest request: an image at the check's limit, in base64, and room for the rest. */
export const MAX_BODY = Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });

/** The request's body as text, or null once it grows past `limit` bytes (read no further, whatever it claims). */
async function bodyText(request: Request, limit: number): Promise<string | null> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    size += read.value.byteLength;
    if (size > limit) {
      await reader!.cancel();
      return null;
    }
    chunks.push(read.value);
  }
  return new Blob(chunks).text();
}

/** The scheduler (the Worker's Cron Trigger): publishes each draft whose time has come by `now`. */
export async function publishDue(env: ContentEnv, now: number): Promise<void> {
  const settings = contentSettings(env);
  if ("error" in settings) throw new Error(`The editor is not set up: ${settings.error}`);
  await publishDueDrafts(githubStore(github(settings), settings), settings, now);
}

export async function handleContent(request: Request, env: ContentEnv): Promise<Response> {
  if (request.method !== "POST") return json(405, { error: "The content API takes POST requests only." });
  if (request.headers.get("Sec-Fetch-Site") !== "same-origin") {
    return json(403, { error: "Refused: the content API answers the site's own editor only." });
  }
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get("Content-Type") ?? "")) {
    return json(415, { error: "Refused: the content API takes JSON only." });
  }
  const settings = contentSettings(env);
  if ("error" in settings) return json(500, { error: `The editor is not set up: ${settings.error}` });
  const editor = await accessEditor(request, settings);
  if ("status" in editor) return json(editor.status, { error: editor.error });
  const text = await bodyText(request, MAX_BODY);
  if (text === null) {
    return json(413, { error: "Refused: the request is larger than the largest image the site takes." });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json(400, { error: "Refused: the request is not JSON." });
  }
  const answered = await answer(
    { store: githubStore(github(settings), settings), settings, editor },
    body,
    settings.repo,
  );
  return json(answered.status, answered.body);
}
