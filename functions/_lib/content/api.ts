/**
 * The content API at /api/content: the live editor's backend when editors log in with Cloudflare Access
 * (CMS_BACKEND=access). It takes the site's own editor's JSON POSTs only, from an editor Access vouches for, checks
 * every path, branch and repository a request names (rules.ts) before anything is read or written, and answers in
 * the editor's words. GitHub's token stays here.
 */
import { IMAGE_MAX_BYTES } from "../../../src/content/images";
import { accessEditor } from "./access";
import { actions, type Params } from "./actions";
import { github, GitHubError } from "./github";
import { requestProblem, shapeProblem, type RequestBody } from "./rules";
import { contentSettings, type ContentEnv } from "./settings";
import { requestValidators } from "../../../src/content/schemas.generated";

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
  await actions({ gh: github(settings), settings, editor: { name: "", email: "" } }).publishDue(now);
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
  let body: RequestBody & { params?: Params };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return json(400, { error: "Refused: the request is not JSON." });
  }
  const shape = shapeProblem(body);
  if (shape) return json(400, { error: `Refused: ${shape}. Nothing was changed.` });
  const action = body.action as keyof typeof requestValidators;
  if (!Object.hasOwn(requestValidators, action)) return json(422, { error: `Unknown action ${action}` });
  const valid = requestValidators[action];
  if (!valid(body.params ?? {})) {
    const [{ instancePath, message }] = valid.errors!;
    return json(400, {
      error: `Refused: ${action}'s ${instancePath.slice(1) || "params"} ${message}. Nothing was changed.`,
    });
  }
  const refused = requestProblem(body, settings);
  if (refused) return json(403, { error: `Refused: ${refused}. Nothing was changed.` });
  const run = actions({ gh: github(settings), settings, editor });
  try {
    return json(200, await run[action as Exclude<keyof typeof run, "publishDue">](body.params ?? {}));
  } catch (error) {
    if (error instanceof GitHubError) return json(error.status, { error: error.message });
    return json(502, { error: "The content API could not reach GitHub: try again in a moment." });
  }
}
