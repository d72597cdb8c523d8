/**
 * What an editor's backend (the content API, and `npm run cms`'s local one) lets an editor touch: files under data/,
 * on the site's branch and its drafts, in its one repository. Each rule answers the reason for a refusal, or null.
 */
import { CONTENT_FOLDER, SCHEMA_DIRECTORY } from "../../../src/content/model";
import { DRAFT_READS, draftName, PATH, REQUEST_PARAMS, WRITES } from "../../../src/content/editor-requests";

/** A file or folder name: letters, digits, `_`, `-`, `.`, `@` and spaces, not starting with a dot or a space. */
const NAME = /^[\p{L}\p{N}_@-][\p{L}\p{N}_.@ -]*$/u;

/** Why `path` is not a file or folder under data/, written as the repository holds it; null when it is. */
export function pathProblem(path: unknown): string | null {
  if (typeof path !== "string" || path.length === 0 || path.length > 200) return "a path must be a short text";
  if (/[\\%]|\p{Cc}/u.test(path)) return `"${path}" holds a backslash, a percent sign or a control character`;
  const [top, ...rest] = path.split("/");
  if (top !== CONTENT_FOLDER || rest.length === 0) return `"${path}" is not under ${CONTENT_FOLDER}/`;
  if (!rest.every((name) => NAME.test(name) && !name.endsWith("."))) {
    return `"${path}" has a part that is not a plain file or folder name`;
  }
  return null;
}

const KEY = /^[a-z0-9][a-z0-9_-]*$/i;

/** The draft branch of an entry (Decap's cms/<collection>/<slug>), or the reason there can be none. */
export function draftBranch(collection: unknown, slug: unknown): { branch: string } | { problem: string } {
  if (typeof collection !== "string" || typeof slug !== "string" || !KEY.test(collection) || !KEY.test(slug)) {
    return { problem: "a draft is named by its collection and slug: letters, digits, - and _" };
  }
  return { branch: draftName(collection, slug) };
}

/** Whether `ref` names a draft's branch. */
export function isDraft(ref: unknown): boolean {
  const [prefix, collection, slug, ...more] = typeof ref === "string" ? ref.split("/") : [];
  return prefix === "cms" && more.length === 0 && !("problem" in draftBranch(collection, slug));
}

/** Why a request that names `branch` is refused: only the site's branch, or for a read a draft's, may be named. */
export function branchProblem(branch: unknown, contentBranch: string, reading = false): string | null {
  return branch === contentBranch || (reading && isDraft(branch))
    ? null
    : `only the branch ${contentBranch} and its drafts (cms/…) can be edited`;
}

/** Why a request that names a repository is refused: only the one the site is built from. */
export function repoProblem(repo: unknown, contentRepo: string): string | null {
  return repo === undefined || repo === contentRepo ? null : `only the repository ${contentRepo} can be edited`;
}

/** How many versions one page of a file's history may hold. */
export const HISTORY_MAX = 50;

type Schema = { $comment?: string; items?: Schema; properties?: Record<string, Schema> } & {
  propertyNames?: Schema;
  additionalProperties?: Schema;
};
/** Every file or folder path a request's params name, wherever the protocol's schema marks one, whatever its type. */
function pathsOf(schema: Schema | undefined, value: unknown): unknown[] {
  const list = Array.isArray(value);
  if (schema?.$comment === PATH || (schema?.items?.$comment === PATH && !list)) return [value];
  if (!schema || value === null || typeof value !== "object") return [];
  if (list) return value.flatMap((item) => pathsOf(schema.items, item));
  return Object.entries(value).flatMap(([key, item]) => [
    ...(schema.propertyNames?.$comment === PATH ? [key] : []),
    ...pathsOf(schema.properties?.[key] ?? schema.additionalProperties, item),
  ]);
}

export type RequestBody = { action?: unknown; branch?: unknown; repo?: unknown; params?: unknown };
type Named = Record<string, unknown> & { options?: { collectionName?: unknown; useWorkflow?: unknown } };

/** Why the draft a request names (by collection and slug, a workflow save's entry, or an id) is refused; null if none. */
function draftProblem(action: string, params: Named): string | null {
  const { options, id } = params;
  let names = [params.collection, params.slug];
  if (action === "persistEntry") {
    names = options?.useWorkflow ? [options.collectionName, (params.dataFiles as Named[] | undefined)?.[0]?.slug] : [];
  } else if (action === "unpublishedEntry" && names.every((n) => n === undefined) && typeof id === "string") {
    // Decap's content key: the collection, then everything after the first slash.
    names = [id.slice(0, id.indexOf("/")), id.slice(id.indexOf("/") + 1)];
  }
  if (names.every((n) => n === undefined)) return null;
  const draft = draftBranch(names[0], names[1]);
  return "problem" in draft ? draft.problem : null;
}

/** How deep a request's JSON may nest: Decap's deepest (a save's file in its list) is 4 levels. */
const MAX_DEPTH = 8;
const tooDeep = (value: unknown, depth = 0): boolean =>
  value !== null &&
  typeof value === "object" &&
  (depth >= MAX_DEPTH || Object.values(value).some((inner) => tooDeep(inner, depth + 1)));

/** Why a request's body is not a request at all: not an object naming an action and its params, or nested too deep. */
export function shapeProblem(body: unknown): string | null {
  const { action, params = {} } = (body ?? {}) as RequestBody;
  if (typeof action !== "string" || params === null || typeof params !== "object" || Array.isArray(params)) {
    return "a request is an object naming an action and its params";
  }
  return tooDeep(body) ? `a request nests no deeper than ${MAX_DEPTH} levels` : null;
}

/** The folder no action writes: the content model is changed with the code. */
const SCHEMAS = `${CONTENT_FOLDER}/${SCHEMA_DIRECTORY}/`;

/** Why an editor may not write `path` (a save, or a Publish bringing a draft's file live); null when they may. */
export function writeProblem(path: unknown): string | null {
  // In any case: on a checkout that ignores case (macOS's default), data/Schema/ is data/schema/.
  if (String(path).toLowerCase().startsWith(SCHEMAS)) {
    return `${SCHEMAS} holds the content model, which changes with the site's code, not in the editor`;
  }
  return pathProblem(path);
}

/**
 * Why a request is refused before anything is read or written (its shape, every branch, repository, path and draft
 * it names, a history page's size, a save past review), or null; with `workflow`, only Publish reaches the branch.
 */
export function requestProblem(
  body: unknown,
  { branch: contentBranch, repo, workflow = false }: { branch: string; repo?: string; workflow?: boolean },
): string | null {
  const shape = shapeProblem(body);
  if (shape) return shape;
  const { action, branch, params = {} } = body as RequestBody & { action: string };
  if (action === "info") return null;
  const named = params as Named;
  const count = named.count;
  const paths = pathsOf((REQUEST_PARAMS as Record<string, Schema>)[action], params);
  const problems = [
    branchProblem(named.branch, contentBranch, DRAFT_READS.has(action)),
    branch === undefined ? null : branchProblem(branch, contentBranch),
    repo === undefined ? null : repoProblem(named.repo ?? (body as RequestBody).repo, repo),
    draftProblem(action, named),
    count === undefined || (Number.isInteger(count) && (count as number) >= 1 && (count as number) <= HISTORY_MAX)
      ? null
      : `a page of history holds 1 to ${HISTORY_MAX} versions`,
    ...paths.map(pathProblem),
    workflow && action === "persistEntry" && named.options?.useWorkflow !== true
      ? "with drafts and review, a save is a draft: it reaches the live branch when it is published"
      : null,
    ...(WRITES.has(action) ? paths.map(writeProblem) : []),
  ];
  return problems.find((problem) => problem !== null) ?? null;
}
