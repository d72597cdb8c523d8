/**
 * The editor's server: the actions of Decap's proxy protocol (src/content/editor-requests.ts), written once over a
 * store, GitHub's for the live site (the content API) or this folder's git repository for `npm run cms`. Every write
 * is one commit made by commit.ts, which checks it (versions, review, the content check) on exactly the tree it commits.
 */
import { mayPublish, type Context } from "./commit";
import { draftActions } from "./drafts";
import { fileActions } from "./files";
import { historyActions } from "./history";
import { noteActions } from "./notes";
import { requestProblem, shapeProblem, type RequestBody } from "./rules";
import { Refusal } from "./store";
import type { Params, REQUEST_PARAMS } from "../../../src/content/editor-requests";
import { requestValidators } from "../../../src/content/schemas.generated";

function actions(context: Context) {
  return {
    info: async () => ({
      publish_modes: context.settings.workflow ? ["simple", "editorial_workflow"] : ["simple"],
      publisher: mayPublish(context.settings, context.editor),
    }),
    ...fileActions(context),
    ...draftActions(context),
    ...historyActions(context),
    ...noteActions(context),
  } satisfies Record<keyof typeof REQUEST_PARAMS, (p: Params) => Promise<unknown>>;
}

export { publishDue as publishDueDrafts } from "./drafts";

/**
 * The answer to a request (its JSON body) from `context.editor`: refused before anything is read or written where its
 * shape, params, paths, branches, repository or drafts are not what the editor may name (`repo`: the one repository
 * it may), else what the action answers, or the store's refusal in the editor's words.
 */
export async function answer(
  context: Context,
  body: unknown,
  repo?: string,
): Promise<{ status: number; body: unknown }> {
  const refusal = (status: number, why: string) => ({
    status,
    body: { error: `Refused: ${why}. Nothing was changed.` },
  });
  const shape = shapeProblem(body);
  if (shape) return refusal(400, shape);
  const { action, params = {} } = body as RequestBody & { action: keyof typeof REQUEST_PARAMS; params?: Params };
  if (!Object.hasOwn(requestValidators, action)) return { status: 422, body: { error: `Unknown action ${action}` } };
  const valid = requestValidators[action];
  if (!valid(params)) {
    const [{ instancePath, message }] = valid.errors!;
    return refusal(400, `${action}'s ${instancePath.slice(1) || "params"} ${message}`);
  }
  const problem = requestProblem(body, { ...context.settings, repo });
  if (problem) return refusal(403, problem);
  try {
    return { status: 200, body: await actions(context)[action](params) };
  } catch (error) {
    if (error instanceof Refusal) return { status: error.status, body: { error: error.message } };
    return {
      status: 502,
      body: { error: "The editor's backend could not reach the repository: try again in a moment." },
    };
  }
}
