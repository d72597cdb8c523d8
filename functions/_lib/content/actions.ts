/**
 * The actions of Decap's proxy protocol (the one `decap-server` speaks for `npm run cms`) carried out on GitHub. Drafts
 * are Decap's: a branch cms/<collection>/<slug> with a pull request labelled with its status. A save, an upload or a
 * delete is one commit, made only while every file it touches is at the version the editor read.
 */
import type { Editor } from "./access";
import { GitHubError, type GitHub } from "./github";
import { draftBranch } from "./rules";
import { checkContentWrite, type Change } from "./content-check";
import { listed, type ContentSettings } from "./settings";
import { PUBLISHERS_ONLY } from "../../../src/content/editor-backend";
import type { REQUEST_PARAMS } from "../../../src/content/editor-requests";

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
  /** The draft's head commit the reviewer saw, which Publish merges. */
  head?: string;
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
  const mayPublish = listed(settings.publishers, editor.email);
  type Found = { type: string; path: string; sha: string; content?: string; encoding?: string };
  /** The file at `path` on `ref` (GitHub's contents answer), null if none; a link or submodule there is refused. */
  async function found(path: string, ref: string): Promise<Found | null> {
    const file = await gh<Found | Found[] | null>("GET", at(path, ref), undefined, true);
    if (file === null || Array.isArray(file)) return null;
    // GitHub answers a link to a file with the file it points to (its own path): the editor reads files only.
    if (file.type !== "file" || file.path !== path) {
      throw new GitHubError(403, `Refused: ${path} is a link or a submodule, not a file. Nothing was changed.`);
    }
    return file;
  }
  async function fileAt(path: string, ref: string) {
    const file = await found(path, ref);
    if (!file) return null;
    // Files over 1 MB come without their content: the blob has it.
    const content =
      file.encoding === "base64" ? file.content : (await gh<Found>("GET", `/git/blobs/${file.sha}`)).content;
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
  /** The files of a folder as GitHub lists them: path, name, version and size (one request, no file's bytes). */
  async function filesIn(folder: string) {
    type Item = { type: string; path: string; name: string; sha: string; size: number };
    const items = await gh<Item[] | null>("GET", at(folder, branch), undefined, true);
    return (Array.isArray(items) ? items : []).filter((item) => item.type === "file");
  }
  const stale = (path: string) =>
    new GitHubError(
      409,
      path.endsWith(".yaml")
        ? `Not saved: ${path} changed while you were saving. Save again: your changes are merged with the other ` +
            "change, or you are told which field both changed."
        : `Not saved: ${path} changed since you opened it. Nothing was changed: reload to see it as it is now.`,
    );
  /**
   * One commit of `changes` (base64, or null to delete) on `ref`, made only while each file is at `versions[path]`
   * (absent where none is named) or already as the save leaves it; else nothing is written. A branch that moved
   * meanwhile (GitHub refuses the ref update) is checked again on its new head. Returns the head after.
   */
  async function commit(ref: string, changes: Change[], versions: Params["versions"], message: string) {
    const blobs: (string | null)[] = [];
    for (const { content } of changes) {
      type Blob = { sha: string };
      blobs.push(content === null ? null : (await gh<Blob>("POST", "/git/blobs", { content, encoding: "base64" })).sha);
    }
    for (let attempt = 1; ; attempt++) {
      const head = (await headOf(ref))!;
      const tree: { path: string; mode: string; type: string; sha: string | null }[] = [];
      for (const [i, { path }] of changes.entries()) {
        const now = (await found(path, head))?.sha ?? null;
        if (now === blobs[i]) continue;
        if (now !== (versions?.[path] ?? null)) throw stale(path);
        tree.push({ path, mode: "100644", type: "blob", sha: blobs[i] });
      }
      if (tree.length === 0) return head;
      const base = await treeOf(head);
      if (ref === branch) await checkContentWrite(gh, base, changes);
      const made = await gh<{ sha: string }>("POST", "/git/trees", { base_tree: base, tree });
      const next = await gh<{ sha: string }>("POST", "/git/commits", {
        message,
        tree: made.sha,
        parents: [head],
        author: editor,
      });
      try {
        await gh("PATCH", `/git/refs/heads/${ref}`, { sha: next.sha, force: false });
        return next.sha;
      } catch (error) {
        if (attempt === 3 || !(error instanceof GitHubError) || error.status !== 409) throw error;
      }
    }
  }
  /** The commit `ref` (a branch) points at; undefined where `missing` allows it to be absent. */
  const headOf = async (ref: string, missing = false) =>
    (await gh<{ object: { sha: string } } | null>("GET", `/git/ref/heads/${ref}`, undefined, missing))?.object.sha;
  const treeOf = async (commit: string) =>
    (await gh<{ tree: { sha: string } }>("GET", `/git/commits/${commit}`)).tree.sha;
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
    if (ref !== branch && !(await headOf(ref, true))) {
      await gh("POST", "/git/refs", { ref: `refs/heads/${ref}`, sha: await headOf(branch) });
    }
    const changes = assets.map(({ path, content }) => ({ path, content: content as string | null }));
    for (const file of dataFiles) {
      changes.push({ path: file.newPath ?? file.path, content: base64(file.raw) });
      if (file.newPath) changes.push({ path: file.path, content: null });
    }
    const head = await commit(ref, changes, versions, message);
    if (ref !== branch && !(await pullOf(ref, true))) {
      const body = `A draft saved in the site's editor by ${editor.email}.`;
      const pull = await gh<Pull>("POST", "/pulls", { title: message, head: ref, base: branch, body });
      await gh("PUT", `/issues/${pull.number}/labels`, { labels: [`${LABEL}${options.status ?? "draft"}`] });
    }
    return { message: "entry persisted", head };
  }

  async function unpublishedEntry({ id, collection = id?.split("/")[0], slug = id?.split("/")[1] }: Params) {
    const draft = draftOf(collection, slug);
    const pull = await pullOf(draft);
    type Compare = {
      files?: { filename: string; status: string; sha: string }[];
      commits: { sha: string; commit: Commit }[];
    };
    type Commit = { committer: { date: string } };
    const compare = await gh<Compare>("GET", `/compare/${encodeURIComponent(branch)}...${draft}`);
    const label = pull.labels.find((l) => l.name.startsWith(LABEL))?.name;
    return {
      collection,
      slug,
      status: label?.slice(LABEL.length) ?? "draft",
      diffs: (compare.files ?? []).map((f) => ({ path: f.filename, id: f.sha, newFile: f.status === "added" })),
      updatedAt: compare.commits.at(-1)?.commit.committer.date,
      head: compare.commits.at(-1)?.sha,
    };
  }

  /** "Is it live?": the branch's head and the host's reports on a commit, only what the editor shows (no patches). */
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

  /** "Check for Preview": a deploy status (Netlify's) or a check run's preview URL (Cloudflare's) on the draft's head. */
  async function getDeployPreview({ collection, slug }: Params) {
    const head = await headOf(draftOf(collection, slug), true);
    if (!head) return null;
    const at = `/commits/${head}`;
    const found = (url: string, done: boolean) => ({ url, status: done ? "success" : "other" });
    type Status = { state: string; context: string; target_url?: string };
    const { statuses = [] } = await gh<{ statuses?: Status[] }>("GET", `${at}/status`);
    const status = statuses.find((s) => /deploy|preview/i.test(s.context) && s.target_url?.startsWith("https://"));
    if (status) return found(status.target_url!, status.state === "success");
    type Run = { conclusion: string | null; output?: { summary?: string | null } };
    const { check_runs: runs = [] } = await gh<{ check_runs?: Run[] }>("GET", `${at}/check-runs`);
    for (const run of runs) {
      const url = /Preview URL\W*(https:\/\/[\w.-]+\/?)/i.exec(run.output?.summary ?? "")?.[1];
      if (url) return found(url, run.conclusion === "success");
    }
    return null;
  }

  /** A page of a file's history: its commits on the branch (or from a commit), each with the file's text then. */
  async function history({ path, branch: ref = branch, from, count }: Params) {
    if (from !== undefined) {
      // Only the branch's own history: a commit of another branch may hold what the editor is not to read.
      const ahead = /^[0-9a-f]{40}$/.test(String(from))
        ? await gh<{ status: string }>("GET", `/compare/${encodeURIComponent(ref)}...${from}`, undefined, true)
        : null;
      if (!["behind", "identical"].includes(ahead?.status ?? "")) {
        throw new GitHubError(403, `Refused: a version is named by the sha of a commit in ${ref}'s history.`);
      }
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

  async function deleteFiles(p: Params) {
    await commit(
      branch,
      p.paths!.map((path) => ({ path, content: null })),
      p.versions,
      message(p),
    );
    return { message: "deleted" };
  }
  const message = (p: Params) => p.options?.commitMessage ?? "Edit content";
  return {
    info: async () => ({ publish_modes: ["simple", "editorial_workflow"], publisher: mayPublish }),
    entriesByFolder: async (p: Params) =>
      Promise.all(
        (await filesIn(p.folder!)).filter((f) => f.path.endsWith(`.${p.extension}`)).map((f) => entry(f.path)),
      ),
    entriesByFiles: (p: Params) => Promise.all(p.files!.map((file) => entry(file.path, p.branch))),
    getEntry: (p: Params) => entry(p.path!, p.branch),
    // The media library lists the folder; the editor reads an image's bytes when it shows or picks it (cms.tsx).
    getMedia: async (p: Params) =>
      (await filesIn(p.mediaFolder!)).map(({ sha, path, name, size }) => ({ id: sha, path, name, size })),
    getMediaFile: (p: Params) => media(p.path!, p.branch),
    persistMedia: async (p: Params) => {
      await commit(branch, [p.asset!], p.versions, message(p));
      return media(p.asset!.path);
    },
    deleteFile: async (p: Params) => deleteFiles({ ...p, paths: [p.path!] }),
    deleteFiles,
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
      if (!mayPublish) throw new GitHubError(403, `Refused: ${PUBLISHERS_ONLY} Nothing was changed.`);
      if (!/^[0-9a-f]{40}$/.test(String(p.head))) {
        throw new GitHubError(403, "Refused: Publish names the draft's version the reviewer saw. Nothing was changed.");
      }
      // The content check on the branch as the merge leaves it; GitHub merges only while the head is the one reviewed.
      type Compare = { files?: { filename: string; status: string; sha: string; previous_filename?: string }[] };
      const changes: Change[] = [];
      for (const file of (await gh<Compare>("GET", `/compare/${encodeURIComponent(branch)}...${p.head}`)).files ?? []) {
        if (file.previous_filename) changes.push({ path: file.previous_filename, content: null });
        const blob = file.status === "removed" ? null : await gh<{ content: string }>("GET", `/git/blobs/${file.sha}`);
        changes.push({ path: file.filename, content: blob && blob.content });
      }
      await checkContentWrite(gh, await treeOf((await headOf(branch))!), changes);
      const merge = { merge_method: "merge", commit_title: `Publish ${draft.slice(4)} (${editor.email})`, sha: p.head };
      await gh("PUT", `/pulls/${(await pullOf(draft)).number}/merge`, merge).catch((error: unknown) => {
        if (!(error instanceof GitHubError) || error.status !== 409) throw error;
        throw new GitHubError(409, "Not published: the draft changed since you opened it. Open it again to review it.");
      });
      await gh("DELETE", `/git/refs/heads/${draft}`);
      return { message: "published" };
    },
    deleteUnpublishedEntry: async (p: Params) => {
      await gh("DELETE", `/git/refs/heads/${draftOf(p.collection, p.slug)}`, undefined, true);
      return { message: "draft deleted" };
    },
    getDeployPreview,
    liveStatus,
    history,
  } satisfies Record<keyof typeof REQUEST_PARAMS, (p: Params) => Promise<unknown>>;
}
