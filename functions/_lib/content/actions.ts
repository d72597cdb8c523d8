/**
 * The actions of Decap's proxy protocol — the one `decap-server` speaks for `npm run cms` — carried out on GitHub, so
 * the live editor and the local one speak alike. Drafts are Decap's: a branch cms/<collection>/<slug> with a pull
 * request whose label holds its status; Publish merges it. A write names the version of the file it replaces
 * (`versions`, GitHub's blob sha, from the editor's pre-save read) and GitHub refuses it if the file has changed since.
 * Commits name the editor as author; the app is the committer.
 */
import type { Editor } from "./access";
import { GitHubError, type GitHub } from "./github";
import { draftBranch } from "./rules";
import type { ContentSettings } from "./settings";

/** What the actions read of a request's params; api.ts has checked every path and branch in them. */
export interface Params {
  [key: string]: unknown;
  path?: string;
  paths?: string[];
  folder?: string;
  mediaFolder?: string;
  extension?: string;
  files?: { path: string }[];
  id?: string;
  collection?: string;
  slug?: string;
  newStatus?: string;
  resource?: string;
  dataFiles?: { path: string; raw: string; slug: string; newPath?: string }[];
  assets?: { path: string; content: string }[];
  asset?: { path: string; content: string };
  options?: { commitMessage?: string; useWorkflow?: boolean; status?: string; collectionName?: string };
  versions?: Record<string, string>;
  /** The branch a read names: the content branch (api.ts refuses any other but a draft's). */
  branch?: string;
  /** The commit a page of a file's history starts at, and how many versions it holds. */
  from?: string;
  count?: number;
}

export interface Context {
  gh: GitHub;
  settings: ContentSettings;
  editor: Editor;
}

type Pull = { number: number; head: { ref: string }; labels: { name: string }[] };
const LABEL = "decap-cms/";

const at = (path: string, branch: string) =>
  `/contents/${path.split("/").map(encodeURIComponent).join("/")}?ref=${encodeURIComponent(branch)}`;
const utf8 = (base64: string) => new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
function base64(text: string): string {
  const data = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function actions({ gh, settings, editor }: Context) {
  const { branch } = settings;
  async function fileAt(path: string, ref: string) {
    type Found = { type: string; sha: string; content?: string; encoding?: string } | null;
    const file = await gh<Found>("GET", at(path, ref), undefined, true);
    if (file?.type !== "file") return null;
    // Files over 1 MB come without their content: the blob has it.
    const content =
      file.encoding === "base64" ? file.content : (await gh<Found>("GET", `/git/blobs/${file.sha}`))!.content;
    return { sha: file.sha, base64: (content ?? "").replace(/\s/g, "") };
  }
  async function entry(path: string, ref = branch) {
    const file = await fileAt(path, ref);
    return { data: file && utf8(file.base64), file: { path, id: file?.sha ?? null } };
  }
  async function media(path: string, ref = branch) {
    const file = await fileAt(path, ref);
    if (!file) throw new GitHubError(404, `${path} is not in the repository.`);
    return { id: file.sha, content: file.base64, encoding: "base64", path, name: path.split("/").pop() };
  }
  async function filesIn(folder: string) {
    const items = await gh<{ type: string; path: string }[] | null>("GET", at(folder, branch), undefined, true);
    return (Array.isArray(items) ? items : []).filter((item) => item.type === "file").map((item) => item.path);
  }
  /** Writes `path` on `ref`, replacing version `sha` exactly, or creating the file when `sha` is undefined. */
  const write = (ref: string, path: string, content: string, message: string, sha?: string) =>
    gh("PUT", at(path, ref).split("?")[0], { message, content, branch: ref, author: editor, sha });
  const replace = async (ref: string, path: string, content: string, message: string) =>
    write(ref, path, content, message, (await fileAt(path, ref))?.sha);
  async function remove(ref: string, path: string, message: string) {
    const sha = (await fileAt(path, ref))?.sha;
    if (sha) await gh("DELETE", at(path, ref).split("?")[0], { message, sha, branch: ref, author: editor });
  }
  function draftOf(collection?: string, slug?: string): string {
    const draft = draftBranch(collection, slug);
    if ("problem" in draft) throw new GitHubError(403, `Refused: ${draft.problem}.`);
    return draft.branch;
  }
  async function pullOf(draft: string, missing = false): Promise<Pull> {
    const [owner] = settings.repo.split("/");
    const [pull] = await gh<Pull[]>(
      "GET",
      `/pulls?state=open&base=${encodeURIComponent(branch)}&head=${owner}:${draft}`,
    );
    if (!pull && !missing) throw new GitHubError(404, "Not Found");
    return pull;
  }

  async function persistEntry({ dataFiles = [], assets = [], options = {}, versions = {} }: Params) {
    const message = options.commitMessage ?? "Edit content";
    const ref = options.useWorkflow ? draftOf(options.collectionName, dataFiles[0]?.slug) : branch;
    if (ref !== branch && !(await gh("GET", `/git/ref/heads/${ref}`, undefined, true))) {
      const head = await gh<{ object: { sha: string } }>("GET", `/git/ref/heads/${branch}`);
      await gh("POST", "/git/refs", { ref: `refs/heads/${ref}`, sha: head.object.sha });
    }
    for (const asset of assets) await replace(ref, asset.path, asset.content, message);
    for (const file of dataFiles) {
      const sha = file.newPath ? undefined : versions[file.path];
      await write(ref, file.newPath ?? file.path, base64(file.raw), message, sha).catch((error: unknown) => {
        if (!(error instanceof GitHubError) || error.status !== 409) throw error;
        throw new GitHubError(
          409,
          `Not saved: ${file.path} changed while you were saving. Save again: your changes are merged with the ` +
            "other change, or you are told which field both changed.",
        );
      });
      if (file.newPath) await remove(ref, file.path, message);
    }
    if (ref !== branch && !(await pullOf(ref, true))) {
      const body = `A draft saved in the site's editor by ${editor.email}.`;
      const pull = await gh<Pull>("POST", "/pulls", { title: message, head: ref, base: branch, body });
      await gh("PUT", `/issues/${pull.number}/labels`, { labels: [`${LABEL}${options.status ?? "draft"}`] });
    }
    return { message: "entry persisted" };
  }

  async function unpublishedEntry({ id, collection = id?.split("/")[0], slug = id?.split("/")[1] }: Params) {
    const draft = draftOf(collection, slug);
    const pull = await pullOf(draft);
    type Compare = { files?: { filename: string; status: string; sha: string }[]; commits: { commit: Commit }[] };
    type Commit = { committer: { date: string } };
    const compare = await gh<Compare>("GET", `/compare/${encodeURIComponent(branch)}...${draft}`);
    const label = pull.labels.find((l) => l.name.startsWith(LABEL))?.name;
    return {
      collection,
      slug,
      status: label?.slice(LABEL.length) ?? "draft",
      diffs: (compare.files ?? []).map((f) => ({ path: f.filename, id: f.sha, newFile: f.status === "added" })),
      updatedAt: compare.commits.at(-1)?.commit.committer.date,
    };
  }

  /**
   * "Is it live?": the head of the branch the site is built from, and what the host reported on a commit — only what
   * the editor shows of them (GitHub's commit carries every changed file's patch, of the code too).
   */
  async function liveStatus({ resource }: Params) {
    const [, ref, part = ""] = /^\/commits\/(.+?)(\/check-runs|\/status)?$/.exec(String(resource)) ?? [];
    if (ref !== branch && !/^[0-9a-f]{40}$/.test(ref ?? "")) {
      throw new GitHubError(403, `Refused: only the commits of ${branch} can be read.`);
    }
    type Report = Record<string, unknown>;
    const answer = await gh<Report>("GET", `/commits/${encodeURIComponent(ref)}${part}`);
    const only = (list: unknown, keys: string[]) =>
      (Array.isArray(list) ? (list as Report[]) : []).map((item) => Object.fromEntries(keys.map((k) => [k, item[k]])));
    if (part === "/check-runs") {
      return { check_runs: only(answer.check_runs, ["name", "status", "conclusion", "details_url", "html_url"]) };
    }
    if (part === "/status") return { statuses: only(answer.statuses, ["state", "context", "target_url"]) };
    return { sha: answer.sha };
  }

  /** A page of a file's history: its commits on the branch (or from a commit), each with the file's text then. */
  async function history({ path, branch: ref = branch, from, count }: Params) {
    if (from !== undefined && !/^[0-9a-f]{40}$/.test(String(from))) {
      throw new GitHubError(403, "Refused: a version is named by its commit's sha.");
    }
    const query = `path=${encodeURIComponent(path!)}&sha=${encodeURIComponent(from ?? ref)}`;
    type Commit = { sha: string; commit: { author: { name?: string; email?: string; date: string } } };
    const commits = await gh<Commit[]>("GET", `/commits?${query}&per_page=${Math.min(Number(count) || 1, 30)}`);
    const versions = commits.map(async ({ sha, commit: { author } }) => {
      const { data: text } = await entry(path!, sha);
      return { sha, date: author.date, author: author.name || author.email || "", text };
    });
    return { versions: await Promise.all(versions) };
  }

  const message = (p: Params) => p.options?.commitMessage ?? "Edit content";
  return {
    info: async () => ({ publish_modes: ["simple", "editorial_workflow"] }),
    entriesByFolder: async (p: Params) =>
      Promise.all((await filesIn(p.folder!)).filter((f) => f.endsWith(`.${p.extension}`)).map((f) => entry(f))),
    entriesByFiles: (p: Params) => Promise.all(p.files!.map((file) => entry(file.path, p.branch))),
    getEntry: (p: Params) => entry(p.path!, p.branch),
    getMedia: async (p: Params) => Promise.all((await filesIn(p.mediaFolder!)).map((file) => media(file))),
    getMediaFile: (p: Params) => media(p.path!, p.branch),
    persistMedia: async (p: Params) => {
      await replace(branch, p.asset!.path, p.asset!.content, message(p));
      return media(p.asset!.path);
    },
    deleteFile: async (p: Params) => remove(branch, p.path!, message(p)).then(() => ({ message: "deleted" })),
    deleteFiles: async (p: Params) => {
      for (const path of p.paths!) await remove(branch, path, message(p));
      return { message: "deleted" };
    },
    persistEntry,
    unpublishedEntries: async () => {
      const pulls = await gh<Pull[]>("GET", `/pulls?state=open&base=${encodeURIComponent(branch)}&per_page=100`);
      return pulls.filter((pull) => pull.head.ref.startsWith("cms/")).map((pull) => pull.head.ref.slice(4));
    },
    unpublishedEntry,
    unpublishedEntryDataFile: async (p: Params) => ({
      data: (await entry(p.path!, draftOf(p.collection, p.slug))).data,
    }),
    unpublishedEntryMediaFile: (p: Params) => media(p.path!, draftOf(p.collection, p.slug)),
    updateUnpublishedEntryStatus: async (p: Params) => {
      const pull = await pullOf(draftOf(p.collection, p.slug));
      await gh("PUT", `/issues/${pull.number}/labels`, { labels: [`${LABEL}${p.newStatus}`] });
      return { message: "status updated" };
    },
    publishUnpublishedEntry: async (p: Params) => {
      const draft = draftOf(p.collection, p.slug);
      const title = `Publish ${draft.slice(4)} (${editor.email})`;
      await gh("PUT", `/pulls/${(await pullOf(draft)).number}/merge`, { merge_method: "merge", commit_title: title });
      await gh("DELETE", `/git/refs/heads/${draft}`);
      return { message: "published" };
    },
    deleteUnpublishedEntry: async (p: Params) => {
      await gh("DELETE", `/git/refs/heads/${draftOf(p.collection, p.slug)}`, undefined, true);
      return { message: "draft deleted" };
    },
    getDeployPreview: async () => null,
    liveStatus,
    history,
  } satisfies Record<string, (p: Params) => Promise<unknown>>;
}
