/**
 * The live site's store: the repository on GitHub, through the GitHub App (github.ts). Files through the contents and
 * Git Data APIs; a branch moves only as a fast-forward from the commit it was read at. A draft is a pull request the
 * App opened from a branch cms/<collection>/<slug> of the site's own repository (any other, from a fork or by anyone
 * else, is ignored); its status is its label, and its schedule a line of its description signed with a key made from
 * the App's private key, binding the pull request, its branch and the schedule's every word, so a line someone else
 * wrote, changed or copied from another draft is no schedule. A review note is a comment of the App's on it, its
 * text in a code block (no mention in it notifies anyone) and its record signed the same way.
 */
import type { GitHub } from "../github";
import { isDraft } from "../rules";
import type { ContentSettings } from "../settings";
import { Refusal, type Note, type Store, type StoredDraft } from "../store";
import { fromBase64 } from "../../../../src/content/bytes";
import { readSchedule, scheduleText, type Schedule } from "../../../../src/content/schedule";

type Pull = {
  number: number;
  head: { ref: string; sha: string; repo?: { full_name: string } | null };
  user?: { login: string } | null;
  labels: { name: string }[];
  body?: string | null;
};
const LABEL = "decap-cms/";
const SIGNED = /\n\n([\s\S]+)\nSignature: ([0-9a-f]{64})$/;
const AUTHOR = /^A draft saved in the site's editor by (.+)\.$/;
/** A note's comment: a line, its text fenced by more tildes than it holds in a row, its signed record (read once). */
const NOTE = /^[^\n]*\n\n(~{3,})\n([\s\S]*)\n\1\n\n<!-- site-editor-note (\{[^\n]*\}) ([0-9a-f]{64}) -->$/;

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
const at = (path: string, ref: string) =>
  `/contents/${path.split("/").map(encodeURIComponent).join("/")}?ref=${encodeURIComponent(ref)}`;

export function githubStore(gh: GitHub, { branch, repo, privateKey }: ContentSettings): Store {
  const key = (async () => {
    const seed = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`schedules\n${privateKey}`));
    return crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  })();
  const signature = async ({ number, head }: Pull, text: string) =>
    hex(
      await crypto.subtle.sign("HMAC", await key, new TextEncoder().encode(`${repo}\n${number}\n${head.ref}\n${text}`)),
    );
  const own = async (pulls: Pull[]) => {
    const login = await gh.login();
    return pulls.filter((p) => p.user?.login === login && p.head.repo?.full_name === repo && isDraft(p.head.ref));
  };
  async function asDraft(pull: Pull): Promise<StoredDraft> {
    const [, text, signed] = SIGNED.exec(pull.body ?? "") ?? [];
    const schedule = text && signed === (await signature(pull, text)) ? readSchedule(text) : null;
    const status = pull.labels.find((l) => l.name.startsWith(LABEL))?.name.slice(LABEL.length) ?? "draft";
    const author = AUTHOR.exec(pull.body?.split("\n")[0] ?? "")?.[1] ?? "";
    return { branch: pull.head.ref, head: pull.head.sha, status, author, schedule };
  }
  /** The App's pull requests the board listed in this request (a store serves one), by branch. */
  const listed = new Map<string, Pull>();
  /** The App's pull request of the draft branch `draft`, if there is one. */
  async function pullOf(draft: string): Promise<Pull | undefined> {
    const url = `/pulls?state=open&base=${encodeURIComponent(branch)}&head=${repo.split("/")[0]}:${draft}`;
    return (await own(await gh<Pull[]>("GET", url))).find((p) => p.head.ref === draft);
  }
  const pull = async (draft: string) => {
    const found = await pullOf(draft);
    if (!found) throw new Refusal(404, "Not Found");
    return found;
  };
  type Comment = { id: number; user?: { login: string } | null; body?: string | null };
  /**
   * The App's notes on a draft's pull request whose record is signed, with their comments' ids; a copy is ignored.
   * Read once for a request (a store serves one), which reads them before it writes one.
   */
  const memo = new Map<string, ReturnType<typeof readNotes>>();
  const notes = (draft: string) => memo.get(draft) ?? memo.set(draft, readNotes(draft)).get(draft)!;
  async function readNotes(draft: string) {
    // Its number and branch, which the notes' signatures bind, are the board's: one request a draft.
    const found = listed.get(draft) ?? (await pull(draft));
    const [login, comments] = [await gh.login(), [] as Comment[]];
    for (let page = 1; page <= 30; page++) {
      const url = `/issues/${found.number}/comments?per_page=100&page=${page}`;
      comments.push(...(await gh<Comment[]>("GET", url)));
      if (comments.length < page * 100) break;
    }
    const byId = new Map<string, { comment: number; note: Note }>();
    for (const { id, user, body } of comments) {
      // Anyone may comment: only the App's comments are read.
      const [, , content, record, signed] = (user?.login === login && NOTE.exec(body ?? "")) || [];
      if (!record || signed !== (await signature(found, `note\n${record}\n${content}`))) continue;
      const note = { ...(JSON.parse(record) as Omit<Note, "content">), content };
      if (!byId.has(note.id)) byId.set(note.id, { comment: id, note });
    }
    return { found, read: byId };
  }
  const noteBody = async (found: Pull, note: Note) => {
    const { content, ...kept } = note;
    const fence = "~".repeat(Math.max(2, ...Array.from(content.match(/~+/g) ?? [], (run) => run.length)) + 1);
    const record = JSON.stringify(kept).replace(/[-<>&@]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
    const state = note.resolved ? "resolved" : "open";
    return [
      `A review note by \`${note.author}\` in the site's editor (${state}):\n`,
      fence,
      content,
      fence,
      `\n<!-- site-editor-note ${record} ${await signature(found, `note\n${record}\n${content}`)} -->`,
    ].join("\n");
  };
  const label = async (number: number, status: string) =>
    void (await gh("PUT", `/issues/${number}/labels`, { labels: [`${LABEL}${status}`] }));
  const blob = async (sha: string) => fromBase64((await gh<{ content: string }>("GET", `/git/blobs/${sha}`)).content)!;
  const treeOf = async (commit: string) =>
    (await gh<{ tree: { sha: string } }>("GET", `/git/commits/${commit}`)).tree.sha;
  type Compare = { merge_base_commit: { sha: string }; files?: { filename: string; status: string; sha: string }[] };
  const compare = (base: string, head: string) => gh<Compare>("GET", `/compare/${base}...${head}`);

  return {
    head: async (ref) =>
      (await gh<{ object: { sha: string } } | null>("GET", `/git/ref/heads/${ref}`, undefined, true))?.object.sha ??
      null,
    async read(path, ref) {
      type Found = { type: string; path: string; sha: string; content?: string; encoding?: string };
      const file = await gh<Found | Found[] | null>("GET", at(path, ref), undefined, true);
      if (file === null || Array.isArray(file)) return null;
      // GitHub answers a link to a file with the file it points to (its own path): the editor reads files only.
      if (file.type !== "file" || file.path !== path) {
        throw new Refusal(403, `Refused: ${path} is a link or a submodule, not a file. Nothing was changed.`);
      }
      // Files over 1 MB come without their content: the blob has it.
      return { sha: file.sha, bytes: file.encoding === "base64" ? fromBase64(file.content!)! : await blob(file.sha) };
    },
    async list(folder, ref) {
      type Item = { type: string; path: string; name: string; sha: string; size: number };
      const items = await gh<Item[] | null>("GET", at(folder, ref), undefined, true);
      return (Array.isArray(items) ? items : []).filter((item) => item.type === "file");
    },
    async tree(commit) {
      const sha = await treeOf(commit);
      type Item = { path: string; mode: string; type: string; sha: string };
      const { tree } = await gh<{ tree: Item[] }>("GET", `/git/trees/${sha}?recursive=1`);
      return { sha, files: new Map(tree.filter((i) => i.type !== "tree").map((i) => [i.path, i])) };
    },
    blob,
    async write({ tree, changes, parents, message, author }) {
      const items = [];
      for (const { path, content } of changes) {
        const made = content && (await gh<{ sha: string }>("POST", "/git/blobs", { content, encoding: "base64" }));
        items.push({ path, mode: "100644", type: "blob", sha: made ? made.sha : null });
      }
      const made = await gh<{ sha: string }>("POST", "/git/trees", { base_tree: tree, tree: items });
      return (await gh<{ sha: string }>("POST", "/git/commits", { message, tree: made.sha, parents, author })).sha;
    },
    async move(ref, next, from) {
      try {
        if (from) await gh("PATCH", `/git/refs/heads/${ref}`, { sha: next, force: false });
        else await gh("POST", "/git/refs", { ref: `refs/heads/${ref}`, sha: next });
        return true;
      } catch (error) {
        if (error instanceof Refusal && error.status === 409) return false;
        throw error;
      }
    },
    mergeBase: async (a, b) => (await compare(a, b)).merge_base_commit.sha,
    async log(from, count, path) {
      const query = `${path ? `path=${encodeURIComponent(path)}&` : ""}sha=${encodeURIComponent(from)}`;
      type Commit = { sha: string; commit: { author: { name: string; email: string; date: string } } };
      const commits = await gh<Commit[]>("GET", `/commits?${query}&per_page=${count}`);
      return commits.map(({ sha, commit: { author } }) => ({ sha, date: author.date, author }));
    },
    changed: async (base, head) =>
      ((await compare(base, head)).files ?? []).map((f) => ({
        path: f.filename,
        sha: f.sha,
        added: f.status === "added",
      })),
    drafts: {
      async list() {
        const pulls: Pull[] = [];
        // Others' pull requests count towards GitHub's pages of 100 too: every page is read.
        for (let page = 1; page <= 30; page++) {
          const url = `/pulls?state=open&base=${encodeURIComponent(branch)}&per_page=100&page=${page}`;
          const found = await gh<Pull[]>("GET", url);
          pulls.push(...found);
          if (found.length < 100) break;
        }
        const mine = await own(pulls);
        for (const p of mine) listed.set(p.head.ref, p);
        return Promise.all(mine.map(asDraft));
      },
      find: async (draft) => {
        const found = await pullOf(draft);
        return found ? asDraft(found) : null;
      },
      async open(draft, { title, status, author }) {
        const body = `A draft saved in the site's editor by ${author}.`;
        const made = await gh<Pull>("POST", "/pulls", { title, head: draft, base: branch, body });
        await label(made.number, status);
      },
      setStatus: async (draft, status) => label((await pull(draft)).number, status),
      async setSchedule(draft, schedule: Schedule | null) {
        const found = await pull(draft);
        const first = found.body?.split("\n")[0] ?? "";
        const text = schedule && scheduleText(schedule);
        const body = text ? `${first}\n\n${text}\nSignature: ${await signature(found, text)}` : first;
        await gh("PATCH", `/pulls/${found.number}`, { body });
      },
      // Deleting the branch closes its pull request, which keeps its notes.
      remove: async (draft) => void (await gh("DELETE", `/git/refs/heads/${draft}`, undefined, true)),
      notes: async (draft) => [...(await notes(draft)).read.values()].map(({ note }) => note),
      async writeNote(draft, note, remove) {
        const { found, read } = await notes(draft);
        memo.delete(draft);
        const comment = read.get(note.id)?.comment;
        if (remove) await gh("DELETE", `/issues/comments/${comment}`);
        else if (comment) await gh("PATCH", `/issues/comments/${comment}`, { body: await noteBody(found, note) });
        else await gh("POST", `/issues/${found.number}/comments`, { body: await noteBody(found, note) });
      },
    },
    reports: (commit, part) => gh("GET", `/commits/${encodeURIComponent(commit)}${part}`),
  };
}
