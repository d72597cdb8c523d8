/**
 * `npm run cms`'s store: this folder's git repository through git's plumbing, so nothing is checked out and nothing
 * but the commits it makes changes. A branch moves with update-ref from the commit it was read at (the twin of GitHub's
 * fast-forward-only update), the checked-out one by a fast-forward merge, so the folder shows what was published. A
 * draft is a branch cms/<collection>/<slug> with the server's record, review notes included, in its git config
 * (branch.<draft>.cms-draft); a draft deleted or published leaves its record as closed-draft.<draft> <time>.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Refusal, type Note, type Store, type StoredDraft } from "../store";

type Kept = Omit<StoredDraft, "branch" | "head"> & { notes?: Note[] };
const isFile = (mode: string) => /^100(644|755)$/.test(mode);
/** A ref as the store names it: a commit's sha as it is, a branch's name under refs/heads/. */
const refOf = (ref: string) => (/^[0-9a-f]{40}$/.test(ref) ? ref : `refs/heads/${ref}`);

export function gitStore(repo: string): Store {
  // git's errors with the folder's path taken out: a page never sees an absolute path.
  const hidden = (text: string) => text.replaceAll(`${repo}${path.sep}`, "").replaceAll(repo, ".");
  const run = (args: string[], input?: Uint8Array, env?: NodeJS.ProcessEnv) =>
    new Promise<Buffer>((resolve, reject) => {
      const options = { cwd: repo, encoding: "buffer", maxBuffer: 64 << 20, env: { ...process.env, ...env } } as const;
      const child = execFile("git", args, options, (error, stdout, stderr) =>
        error ? reject(new Error(hidden(String(stderr) || error.message))) : resolve(stdout),
      );
      child.stdin?.end(input);
    });
  const git = async (...args: string[]) => (await run(args)).toString("utf8").trim();
  const maybe = (...args: string[]) => git(...args).catch(() => null);
  /** A tree listing (`ls-tree -z`): each entry's mode, type, sha, size (with -l) and path. */
  const entries = async (...args: string[]) =>
    ((await maybe("ls-tree", "-z", ...args)) ?? "")
      .split("\0")
      .filter(Boolean)
      .map((line) => {
        const [mode, type, sha, size] = line.slice(0, line.indexOf("\t")).split(/\s+/);
        return { mode, type, sha, size: Number(size), path: line.slice(line.indexOf("\t") + 1) };
      });
  const blob = async (sha: string) => new Uint8Array(await run(["cat-file", "blob", sha]));
  async function drafts(): Promise<StoredDraft[]> {
    const heads = await git("for-each-ref", "--format=%(refname:short) %(objectname)", "refs/heads/cms/");
    const records = ((await maybe("config", "-z", "--get-regexp", "^branch\\.cms/.*\\.cms-draft$")) ?? "")
      .split("\0")
      .filter(Boolean);
    const found = new Map(records.map((item) => [item.slice(7, item.indexOf("\n") - 10), item.split("\n")[1]]));
    return heads.split("\n").flatMap((line) => {
      if (!line) return [];
      const [branch, head] = line.split(" ");
      return found.has(branch) ? [{ branch, head, ...(JSON.parse(found.get(branch)!) as Kept) }] : [];
    });
  }
  const key = (branch: string) => `branch.${branch}.cms-draft`;
  const kept = async (branch: string) => JSON.parse(await git("config", key(branch))) as Kept;
  const keep = async (branch: string, change: Partial<Kept>) =>
    void (await git("config", key(branch), JSON.stringify({ ...(await kept(branch)), ...change })));

  return {
    head: (ref) => maybe("rev-parse", "--verify", "-q", `refs/heads/${ref}^{commit}`),
    async read(file, ref) {
      const [found] = await entries(refOf(ref), "--", file);
      if (!found || found.path !== file || found.type === "tree") return null;
      if (!isFile(found.mode))
        throw new Refusal(403, `Refused: ${file} is a link or a submodule, not a file. Nothing was changed.`);
      return { sha: found.sha, bytes: await blob(found.sha) };
    },
    list: async (folder, ref) =>
      (await entries("-l", refOf(ref), "--", `${folder}/`))
        .filter((entry) => entry.type === "blob" && isFile(entry.mode))
        .map(({ path: file, sha, size }) => ({ path: file, name: path.posix.basename(file), sha, size })),
    tree: async (commit) => ({
      sha: await git("rev-parse", `${commit}^{tree}`),
      files: new Map((await entries("-r", commit)).map(({ path: file, sha, mode }) => [file, { sha, mode }])),
    }),
    blob,
    async write({ tree, changes, parents, message, author }) {
      // An index of its own: the folder's is the checkout's.
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "cms-index-"));
      const index = { GIT_INDEX_FILE: path.join(dir, "index") };
      try {
        await run(["read-tree", tree], undefined, index);
        for (const { path: file, content } of changes) {
          const sha = content && String(await run(["hash-object", "-w", "--stdin"], Buffer.from(content, "base64")));
          const args = sha ? ["--add", "--cacheinfo", `100644,${sha.trim()},${file}`] : ["--force-remove", "--", file];
          await run(["update-index", ...args], undefined, index);
        }
        const made = String(await run(["write-tree"], undefined, index)).trim();
        const [name, email] = [author.name || author.email, author.email];
        const who = {
          GIT_AUTHOR_NAME: name,
          GIT_AUTHOR_EMAIL: email,
          GIT_COMMITTER_NAME: name,
          GIT_COMMITTER_EMAIL: email,
        };
        const args = ["commit-tree", made, ...parents.flatMap((parent) => ["-p", parent]), "-m", message];
        return String(await run(args, undefined, who)).trim();
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
    async move(ref, next, from) {
      if (!from || (await maybe("symbolic-ref", "-q", "HEAD")) !== `refs/heads/${ref}`) {
        return (await maybe("update-ref", `refs/heads/${ref}`, next, from ?? "0".repeat(40))) !== null;
      }
      // The folder follows its branch: a fast-forward from the commit read.
      if ((await git("rev-parse", "HEAD")) !== from) return false;
      const failed = await git("merge", "--ff-only", "-q", next).then(
        () => "",
        (error: Error) => error.message,
      );
      // Edits in the folder that it would overwrite are for whoever made them to put aside; a schedule tries again.
      const files = [...failed.matchAll(/^\t(.+)$/gm)].map(([, file]) => file);
      if (files.length) {
        throw new Refusal(
          503,
          `Not saved: ${files.join(", ")} changed in the folder, not committed. Commit or stash it, then try again.`,
        );
      }
      return !failed;
    },
    mergeBase: (a, b) => git("merge-base", refOf(a), refOf(b)),
    async log(from, count, file) {
      const lines = await git(
        "log",
        `-n${count}`,
        "--format=%H%x1f%aI%x1f%an%x1f%ae",
        refOf(from),
        "--",
        ...(file ? [file] : []),
      );
      return lines
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [sha, date, name, email] = line.split("\x1f");
          return { sha, date, author: { name, email } };
        });
    },
    async changed(base, head) {
      const parts = (await git("diff", "--raw", "-z", "--no-renames", "--abbrev=40", `${refOf(base)}...${head}`)).split(
        "\0",
      );
      return parts.flatMap((meta, i) => {
        const [, , , sha, status] = meta.split(" ");
        return i % 2 === 0 && parts[i + 1] ? [{ path: parts[i + 1], sha, added: status === "A" }] : [];
      });
    },
    drafts: {
      list: drafts,
      find: async (branch) => (await drafts()).find((draft) => draft.branch === branch) ?? null,
      open: (branch, { status, author }) =>
        git("config", `branch.${branch}.cms-draft`, JSON.stringify({ status, author, schedule: null })).then(() => {}),
      setStatus: (branch, status) => keep(branch, { status }),
      setSchedule: (branch, schedule) => keep(branch, { schedule }),
      async remove(branch) {
        await maybe("update-ref", "-d", `refs/heads/${branch}`);
        const closed = `closed-draft.${branch} ${new Date().toISOString()}`;
        await maybe("config", "--rename-section", `branch.${branch}`, closed);
        await maybe("config", "--remove-section", `branch.${branch}`);
      },
      notes: async (branch) => (await kept(branch)).notes ?? [],
      async writeNote(branch, note, remove) {
        const notes = (await kept(branch)).notes ?? [];
        const others = notes.filter((n) => n.id !== note.id);
        const replaced = notes.map((n) => (n.id === note.id ? note : n));
        await keep(branch, { notes: remove ? others : others.length < notes.length ? replaced : [...notes, note] });
      },
    },
  };
}
