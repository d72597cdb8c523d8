/**
 * The actions of Decap's proxy protocol (the one `decap-server` speaks for `npm run cms`) carried out on GitHub. Drafts
 * are Decap's: a branch cms/<collection>/<slug> with a pull request labelled with its status. Every write is one
 * commit made by `commit`, which checks it (versions, review, the content check) on exactly the tree it commits.
 */
import type { Editor } from "./access";
import { GitHubError, type GitHub } from "./github";
import { draftBranch, writeProblem } from "./rules";
import { draftState, LABEL, type Pull } from "./drafts";
import { checkContentWrite, type Change, type Listing } from "./content-check";
import { listed, type ContentSettings } from "./settings";
import { DRAFTS_FOR_AUTHORS, LIVE_FOR_PUBLISHERS, PUBLISHERS_ONLY } from "../../../src/content/editor-backend";
import type { REQUEST_PARAMS } from "../../../src/content/editor-requests";
import { blobSha, decodeText, fromBase64 } from "../../../src/content/bytes";
import { parseData } from "../../../src/content/data";
import { mergeEdits } from "../../../src/content/merge";
import { writtenText } from "../../../src/content/yaml-patch";
import { isDue, scheduleProblem } from "../../../src/content/schedule";

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
  /** The time a draft is to be published at (an ISO instant), or null for none. */
  at?: string | null;
}

export type Context = { gh: GitHub; settings: ContentSettings; editor: Editor };

const LEFT_READY = "the draft left Ready after its time was set: set the time again once it is Ready.";
const NOT_READY = "the draft was not Ready at its time: set the time again once it is Ready.";

const at = (path: string, branch: string) =>
  `/contents/${path.split("/").map(encodeURIComponent).join("/")}?ref=${encodeURIComponent(branch)}`;
const utf8 = (base64: string) => decodeText(fromBase64(base64)!);
function base64(text: string): string {
  const data = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function actions({ gh, settings, editor }: Context) {
  const { branch } = settings;
  const state = draftState(gh, settings);
  const mayPublish = listed(settings.publishers, editor.email);
  const draftBody = `A draft saved in the site's editor by ${editor.email}.`;
  const refused = (status: number, why: string) => new GitHubError(status, `Refused: ${why} Nothing was changed.`);
  const notAFile = (path: string) => refused(403, `${path} is a link or a submodule, not a file.`);
  type Found = { type: string; path: string; sha: string; content?: string; encoding?: string };
  /** The file at `path` on `ref` (GitHub's contents answer), null if none; a link or submodule there is refused. */
  async function found(path: string, ref: string): Promise<Found | null> {
    const file = await gh<Found | Found[] | null>("GET", at(path, ref), undefined, true);
    if (file === null || Array.isArray(file)) return null;
    // GitHub answers a link to a file with the file it points to (its own path): the editor reads files only.
    if (file.type !== "file" || file.path !== path) throw notAFile(path);
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

  /** The changes to commit onto `head`, or null where there is nothing to commit at all. */
  type Plan = (files: Listing, head: string) => Promise<Change[] | null>;
  /**
   * Every write: one commit on `ref` (a new draft branches from the live head), of the changes `plan` makes of the
   * files at its head, after the content check on exactly the tree committed. The branch moves only forward, and
   * one that moved meanwhile is planned and checked again on its new head. `merged`: Publish's second parent.
   */
  async function commit(ref: string, message: string, plan: Plan, merged?: string) {
    if (ref === branch && settings.workflow && !mayPublish) throw refused(403, LIVE_FOR_PUBLISHERS);
    for (let attempt = 1; ; attempt++) {
      const at = await headOf(ref, true);
      const head = at ?? (await headOf(branch))!;
      const tree = await listingOf(head);
      const changes = await plan(tree.files, head);
      if (changes === null || (changes.length === 0 && !merged)) return head;
      await checkContentWrite(gh, tree.files, changes);
      const items = [];
      for (const { path, content } of changes) {
        const blob = content && (await gh<{ sha: string }>("POST", "/git/blobs", { content, encoding: "base64" }));
        items.push({ path, mode: "100644", type: "blob", sha: blob ? blob.sha : null });
      }
      const made = await gh<{ sha: string }>("POST", "/git/trees", { base_tree: tree.sha, tree: items });
      const next = await gh<{ sha: string }>("POST", "/git/commits", {
        message,
        tree: made.sha,
        parents: merged ? [head, merged] : [head],
        author: editor,
      });
      try {
        if (at) await gh("PATCH", `/git/refs/heads/${ref}`, { sha: next.sha, force: false });
        else await gh("POST", "/git/refs", { ref: `refs/heads/${ref}`, sha: next.sha });
        return next.sha;
      } catch (error) {
        if (!(error instanceof GitHubError) || error.status !== 409) throw error;
        // Others' commits kept landing first: a lost race, not a refusal, so whoever asked may try again.
        if (attempt === 3) throw new GitHubError(503, "Not saved: other changes kept landing meanwhile. Try again.");
      }
    }
  }
  /** A save's plan: `changes`, each onto the file at `versions[path]` (absent if none) or already as it leaves it. */
  function replacing(changes: Change[], versions: Params["versions"] = {}): Plan {
    return async (files) => {
      const planned: Change[] = [];
      const twice = changes.find((change, i) => changes.findIndex((c) => c.path === change.path) !== i);
      if (twice) throw refused(400, `the request names ${twice.path} twice.`);
      for (const change of changes) {
        const now = files.get(change.path);
        if (now && !/^100(644|755)$/.test(now.mode)) throw notAFile(change.path);
        const bytes = change.content === null ? null : fromBase64(change.content);
        if (change.content !== null && !bytes) throw refused(400, `${change.path} was not sent as base64.`);
        if ((now?.sha ?? null) === (bytes && (await blobSha(bytes)))) continue;
        if ((now?.sha ?? null) !== (versions[change.path] ?? null)) throw stale(change.path);
        planned.push(change);
      }
      return planned;
    };
  }
  const blobText = async (sha: string) => (await gh<{ content: string }>("GET", `/git/blobs/${sha}`)).content;
  /**
   * Publish's plan: the draft's changes since it left the live branch, read from both whole trees, onto the live files
   * now; a file changed on both sides merged field by field as the editor merges a save, or refused naming the fields.
   * A draft already live (published by its button, or by another run) publishes nothing.
   */
  function merging(reviewed: string): Plan {
    return async (live, head) => {
      const compare = await gh<{ merge_base_commit: { sha: string } }>("GET", `/compare/${head}...${reviewed}`);
      const from = compare.merge_base_commit.sha;
      if (from === reviewed) return null;
      const [base, draft] = (await Promise.all([listingOf(from), listingOf(reviewed)])).map((tree) => tree.files);
      const planned: Change[] = [];
      for (const path of new Set([...base.keys(), ...draft.keys()])) {
        const [was, sha, now] = [
          base.get(path)?.sha ?? null,
          draft.get(path)?.sha ?? null,
          live.get(path)?.sha ?? null,
        ];
        if (was === sha && base.get(path)?.mode === draft.get(path)?.mode) continue;
        // Nothing reaches the live branch that the editor could not write itself.
        const mode = draft.get(path)?.mode ?? "100644";
        const problem = writeProblem(path) ?? (/^100(644|755)$/.test(mode) ? null : `${path} is not a plain file`);
        if (problem) throw refused(403, `the draft changes a file the editor does not: ${problem}.`);
        if (now === sha) continue;
        const content = now === was ? sha && (await blobText(sha)) : await mergedYaml(path, was, now, sha);
        planned.push({ path, content });
      }
      return planned;
    };
  }
  /** A YAML file the draft and the live branch both changed since `was`: the draft's fields onto the live text. */
  async function mergedYaml(path: string, was: string | null, now: string | null, draft: string | null) {
    const clash = (what: string) =>
      new GitHubError(
        409,
        `Not published: ${path} changed on the live site since the draft was made, and ${what} changed in the ` +
          "draft too. Nothing was changed: open the draft, make its changes again onto the file as it is now, and save.",
      );
    if (!/\.ya?ml$/.test(path) || !was || !now || !draft) throw clash("the file");
    const [base, live, mine] = await Promise.all([was, now, draft].map(async (sha) => utf8(await blobText(sha))));
    const result = mergeEdits(parseData(base), parseData(mine), parseData(live));
    if (result.conflicts)
      throw clash(`${result.conflicts.length === 1 ? "a field" : "fields"} (${result.conflicts.join(", ")})`);
    try {
      return base64(writtenText({ source: live, fields: result.merged }));
    } catch {
      throw clash("the file");
    }
  }
  /** The commit `ref` (a branch) points at; undefined where `missing` allows it to be absent. */
  const headOf = async (ref: string, missing = false) =>
    (await gh<{ object: { sha: string } } | null>("GET", `/git/ref/heads/${ref}`, undefined, missing))?.object.sha;
  const treeOf = async (commit: string) =>
    (await gh<{ tree: { sha: string } }>("GET", `/git/commits/${commit}`)).tree.sha;
  /** The files of `commit`, from one read of its whole tree. */
  async function listingOf(commit: string): Promise<{ sha: string; files: Listing }> {
    const sha = await treeOf(commit);
    type Item = { path: string; mode: string; type: string; sha: string };
    const { tree } = await gh<{ tree: Item[] }>("GET", `/git/trees/${sha}?recursive=1`);
    return { sha, files: new Map(tree.filter((i) => i.type !== "tree").map((i) => [i.path, i])) };
  }
  /** Refuses to act on a draft that moved past the head the editor saw. */
  async function reviewed(draft: string, head: string, done: string) {
    if ((await headOf(draft)) !== head) {
      throw new GitHubError(409, `Not ${done}: the draft changed since you opened it. Open it again to review it.`);
    }
  }
  function draftOf(collection?: string, slug?: string): string {
    const draft = draftBranch(collection, slug);
    if ("problem" in draft) throw new GitHubError(403, `Refused: ${draft.problem}.`);
    return draft.branch;
  }

  async function persistEntry({ dataFiles = [], assets = [], options = {}, versions }: Params) {
    const message = options.commitMessage ?? "Edit content";
    const ref = options.useWorkflow ? draftOf(options.collectionName, dataFiles[0]?.slug) : branch;
    const changes = assets.map(({ path, content }): Change => ({ path, content }));
    for (const file of dataFiles) {
      const moved = file.newPath !== undefined && file.newPath !== file.path;
      changes.push({ path: moved ? file.newPath! : file.path, content: base64(file.raw) });
      if (moved) changes.push({ path: file.path, content: null });
    }
    const head = await commit(ref, message, replacing(changes, versions));
    if (ref !== branch && !(await state.pullOf(ref, true))) {
      if (!(await headOf(ref, true))) {
        throw new GitHubError(422, "Not saved: this draft changes nothing, so there is nothing to review.");
      }
      try {
        const pull = await gh<Pull>("POST", "/pulls", { title: message, head: ref, base: branch, body: draftBody });
        await gh("PUT", `/issues/${pull.number}/labels`, { labels: [`${LABEL}${options.status ?? "draft"}`] });
      } catch (error) {
        // A draft is its pull request: a branch without one is on no board, so it goes too.
        await gh("DELETE", `/git/refs/heads/${ref}`, undefined, true).catch(() => null);
        throw error;
      }
    }
    return { message: "entry persisted", head };
  }

  async function unpublishedEntry({ id, collection = id?.split("/")[0], slug = id?.split("/")[1] }: Params) {
    const draft = draftOf(collection, slug);
    const pull = await state.pullOf(draft);
    type Commit = { sha: string; commit: { committer: { date: string } } };
    type Compare = { files?: { filename: string; status: string; sha: string }[]; commits: Commit[] };
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

  /** Whether `sha` names a commit of `ref`'s history. */
  async function inHistory(ref: string, sha: unknown) {
    if (!/^[0-9a-f]{40}$/.test(String(sha))) return false;
    const url = `/compare/${encodeURIComponent(ref)}...${sha}`;
    const compare = await gh<{ status: string } | null>("GET", url, undefined, true);
    return ["behind", "identical"].includes(compare?.status ?? "");
  }
  /** "Is it live?": the branch's head and the host's reports on a commit, only what the editor shows (no patches). */
  async function liveStatus({ resource }: Params) {
    const [, ref, part = ""] = /^\/commits\/(.+?)(\/check-runs|\/status)?$/.exec(String(resource)) ?? [];
    if (ref !== branch && !(await inHistory(branch, ref))) {
      throw refused(403, `only the commits of ${branch} can be read.`);
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
    // Only the branch's own history: a commit of another branch may hold what the editor is not to read.
    if (from !== undefined && !(await inHistory(ref, from))) {
      throw new GitHubError(403, `Refused: a version is named by the sha of a commit in ${ref}'s history.`);
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
    const changes = p.paths!.map((path) => ({ path, content: null }));
    await commit(branch, message(p), replacing(changes, p.versions));
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
      await commit(branch, message(p), replacing([p.asset!], p.versions));
      return media(p.asset!.path);
    },
    deleteFile: async (p: Params) => deleteFiles({ ...p, paths: [p.path!] }),
    deleteFiles,
    persistEntry,
    unpublishedEntries: async () => (await state.drafts()).map(([d]) => `${d.collection}/${d.slug}`),
    unpublishedEntry,
    unpublishedEntryDataFile: async (p: Params) => ({
      data: (await entry(p.path!, draftOf(p.collection, p.slug))).data,
    }),
    unpublishedEntryMediaFile: (p: Params) => media(p.path!, draftOf(p.collection, p.slug)),
    updateUnpublishedEntryStatus: async (p: Params) => {
      const pull = await state.pullOf(draftOf(p.collection, p.slug));
      // A time is set on a Ready draft: leaving Ready voids it, and a later Ready does not bring it back.
      const schedule = p.newStatus === "pending_publish" ? null : await state.scheduleOf(pull);
      if (schedule && !schedule.problem) await state.keep(pull, { ...schedule, problem: LEFT_READY });
      await gh("PUT", `/issues/${pull.number}/labels`, { labels: [`${LABEL}${p.newStatus}`] });
      return { message: "status updated" };
    },
    publishUnpublishedEntry: async (p: Params) => {
      const draft = draftOf(p.collection, p.slug);
      if (!mayPublish) throw refused(403, PUBLISHERS_ONLY);
      await state.pullOf(draft);
      await reviewed(draft, p.head!, "published");
      const title = `Publish ${draft.slice(4)} (${editor.email})`;
      await commit(branch, title, merging(p.head!), p.head);
      // Live now, whatever follows: a draft saved past the published head keeps what was not published.
      if ((await headOf(draft, true).catch(() => null)) === p.head) {
        await gh("DELETE", `/git/refs/heads/${draft}`, undefined, true).catch(() => null);
      }
      return { message: "published" };
    },
    deleteUnpublishedEntry: async (p: Params) => {
      const draft = draftOf(p.collection, p.slug);
      const pull = await state.pullOf(draft);
      if (!mayPublish && pull.body?.split("\n")[0] !== draftBody) throw refused(403, DRAFTS_FOR_AUTHORS);
      await reviewed(draft, p.head!, "deleted");
      await gh("DELETE", `/git/refs/heads/${draft}`);
      return { message: "draft deleted" };
    },
    getDeployPreview,
    liveStatus,
    history,
    drafts: async () => (await state.drafts()).map(([draft]) => draft),
    schedulePublish: async ({ collection, slug, head, at = null }: Params) => {
      if (!mayPublish) throw refused(403, PUBLISHERS_ONLY);
      const [draft, pull] = (await state.drafts()).find(([d]) => d.collection === collection && d.slug === slug) ?? [];
      const problem = scheduleProblem(draft, head!, at, Date.now());
      if (problem) throw new GitHubError(409, problem);
      const schedule = at ? { at, head: head!, by: editor.email } : null;
      await state.keep(pull!, schedule);
      return { schedule };
    },
    /** The scheduler's run: each draft whose time has come published in its publisher's name; a refusal stays on it. */
    async publishDue(now: number) {
      for (const [draft, pull] of await state.drafts()) {
        const { schedule } = draft;
        if (!schedule || schedule.problem || Date.parse(schedule.at) > now) continue;
        try {
          if (!draft.ready) throw refused(409, NOT_READY);
          // Changed after the time was set: not what was reviewed, and the board says so.
          if (!isDue(draft, now)) continue;
          const { by } = schedule;
          if (!listed(settings.editors, by)) throw refused(403, `${by} is no longer one of the site's editors.`);
          await actions({ gh, settings, editor: { name: by, email: by } }).publishUnpublishedEntry({ ...draft });
        } catch (error) {
          // GitHub down or busy, or a lost race: the next run tries again. A refusal is the publisher's to act on.
          if (!(error instanceof GitHubError) || error.status >= 500) continue;
          // One draft's refusal that could not be written holds no other: the next run meets it again.
          await state.keep(pull, { ...schedule, problem: error.message }).catch(() => null);
        }
      }
    },
  } satisfies Record<keyof typeof REQUEST_PARAMS, (p: Params) => Promise<unknown>> & {
    publishDue(now: number): Promise<void>;
  };
}
