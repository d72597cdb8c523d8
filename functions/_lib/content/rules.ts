/**
 * What the content API lets an editor touch: files under data/ (the content and its images), on the branch the site
 * is built from and on drafts (cms/<collection>/<slug>), in the one repository it is set up for. Each rule answers
 * with the reason a request is refused, or null.
 */
import { CONTENT_FOLDER } from "../../../src/content/model";

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
  return { branch: `cms/${collection}/${slug}` };
}

/**
 * Why a request that names `branch` is refused: only the branch the site is built from is edited directly; a read
 * (`reading`) may name a draft's branch too.
 */
export function branchProblem(branch: unknown, contentBranch: string, reading = false): string | null {
  const [prefix, collection, slug, ...more] = typeof branch === "string" ? branch.split("/") : [];
  const draft = reading && prefix === "cms" && more.length === 0 && !("problem" in draftBranch(collection, slug));
  return branch === contentBranch || draft
    ? null
    : `only the branch ${contentBranch} and its drafts (cms/…) can be edited`;
}

/** Why a request that names a repository is refused: only the one the site is built from. */
export function repoProblem(repo: unknown, contentRepo: string): string | null {
  return repo === undefined || repo === contentRepo ? null : `only the repository ${contentRepo} can be edited`;
}
