/**
 * `npm run cms`'s store: this folder's git repository, read and written with git's plumbing, so no branch is checked
 * out and nothing but the commits it makes changes. A branch moves with update-ref from the commit it was read at (the
 * twin of GitHub's fast-forward-only update), and the branch checked out with a fast-forward merge, so the folder
 * shows what was published. A draft is a branch cms/<collection>/<slug> with its record in the branch's git config
 * (branch.<draft>.cms-status, -author, -schedule), which goes with the branch.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Refusal, type Listing, type Store, type StoredDraft } from "../store";
import { readSchedule, scheduleText } from "../../../../src/content/schedule";

type Run = (args: string[], options?: { input?: Uint8Array; env?: Record<string, string> }) => Promise<Buffer>;
const ZERO = "0".repeat(40);
const isFile = (mode: string) => /^100(644|755)$/.test(mode);

/** git in `repo`, its errors with the folder's path taken out (a page never sees an absolute path). */
function gitIn(repo: string): Run {
  const withoutFolder = (text: string) => text.replaceAll(`${repo}${path.sep}`, "").replaceAll(repo, ".");
  return (args, { input, env } = {}) =>
    new Promise((resolve, reject) => {
      const child = execFile(
        "git",
        args,
        { cwd: repo, encoding: "buffer", maxBuffer: 64 << 20, env: { ...process.env, ...env } },
        (error, stdout, stderr) => {
          if (!error) return resolve(stdout);
          reject(Object.assign(new Error(withoutFolder(String(stderr) || error.message)), { code: error.code }));
        },
      );
      child.stdin?.end(input);
    });
}

/** A ref as the store names it: a commit's sha as it is, a branch's name under refs/heads/. */
const refOf = (ref: string) => (/^[0-9a-f]{40}$/.test(ref) ? ref : `refs/heads/${ref}`);

export function gitStore(repo: string): Store {
  const run = gitIn(repo);
  const text = async (args: string[]) => (await run(args)).toString("utf8");
  const maybe = <T>(promise: Promise<T>) => promise.catch(() => null);
  /** The entries of a tree listing (`ls-tree -z`): mode, type, sha, size where asked, and path. */
  const entries = (listing: string) =>
    listing
      .split("\0")
      .filter(Boolean)
      .map((line) => {
        const [meta, file] = [line.slice(0, line.indexOf("\t")), line.slice(line.indexOf("\t") + 1)];
        const [mode, type, sha, size] = meta.split(/\s+/);
        return { mode, type, sha, size: Number(size), path: file };
      });
  const config = (branch: string, key: string, value: string | null) =>
    maybe(
      run(
        value === null
          ? ["config", "--unset", `branch.${branch}.${key}`]
          : ["config", `branch.${branch}.${key}`, value],
      ),
    );
  async function drafts(): Promise<StoredDraft[]> {
    const heads = await text(["for-each-ref", "--format=%(refname:short) %(objectname)", "refs/heads/cms/"]);
    const records = (await maybe(text(["config", "-z", "--get-regexp", "^branch\\.cms/.*\\.cms-"]))) ?? "";
    const fields = new Map<string, string>();
    for (const item of records.split("\0").filter(Boolean)) {
      const [key, ...value] = item.split("\n");
      fields.set(key, value.join("\n"));
    }
    return heads
      .split("\n")
      .filter(Boolean)
      .flatMap((line) => {
        const [branch, head] = line.split(" ");
        const field = (key: string) => fields.get(`branch.${branch}.cms-${key}`);
        const status = field("status");
        const schedule = readSchedule(field("schedule"));
        return status ? [{ branch, head, status, author: field("author") ?? "", schedule }] : [];
      });
  }

  return {
    head: async (ref) =>
      (await maybe(text(["rev-parse", "--verify", "-q", `refs/heads/${ref}^{commit}`])))?.trim() ?? null,
    async read(file, ref) {
      const [found] = entries((await maybe(text(["ls-tree", "-z", refOf(ref), "--", file]))) ?? "");
      if (!found || found.path !== file) return null;
      if (!isFile(found.mode))
        throw new Refusal(403, `Refused: ${file} is a link or a submodule, not a file. Nothing was changed.`);
      return { sha: found.sha, bytes: new Uint8Array(await run(["cat-file", "blob", found.sha])) };
    },
    async list(folder, ref) {
      const listed = entries((await maybe(text(["ls-tree", "-z", "-l", refOf(ref), "--", `${folder}/`]))) ?? "");
      return listed
        .filter((entry) => entry.type === "blob" && isFile(entry.mode))
        .map(({ path: file, sha, size }) => ({ path: file, name: path.posix.basename(file), sha, size }));
    },
    async tree(commit) {
      const [sha, listing] = await Promise.all([
        text(["rev-parse", `${commit}^{tree}`]),
        text(["ls-tree", "-r", "-z", commit]),
      ]);
      const files: Listing = new Map(entries(listing).map(({ path: file, sha, mode }) => [file, { sha, mode }]));
      return { sha: sha.trim(), files };
    },
    blob: async (sha) => new Uint8Array(await run(["cat-file", "blob", sha])),
    async write({ tree, changes, parents, message, author }) {
      // An index of its own: the folder's is the checkout's.
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "cms-index-"));
      const env = { GIT_INDEX_FILE: path.join(dir, "index") };
      try {
        await run(["read-tree", tree], { env });
        for (const { path: file, content } of changes) {
          if (content === null) {
            await run(["update-index", "--force-remove", "--", file], { env });
            continue;
          }
          const sha = (await run(["hash-object", "-w", "--stdin"], { input: Buffer.from(content, "base64") }))
            .toString()
            .trim();
          await run(["update-index", "--add", "--cacheinfo", `100644,${sha},${file}`], { env });
        }
        const made = (await run(["write-tree"], { env })).toString().trim();
        const who = { NAME: author.name || author.email, EMAIL: author.email };
        const people = Object.fromEntries(
          ["AUTHOR", "COMMITTER"].flatMap((role) =>
            Object.entries(who).map(([key, value]) => [`GIT_${role}_${key}`, value]),
          ),
        );
        const args = ["commit-tree", made, ...parents.flatMap((parent) => ["-p", parent]), "-m", message];
        return (await run(args, { env: people })).toString().trim();
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
    async move(ref, next, from) {
      const checkedOut = (await maybe(text(["symbolic-ref", "-q", "HEAD"])))?.trim() === `refs/heads/${ref}`;
      if (checkedOut && from) {
        // The folder follows its branch: a fast-forward from the commit read, refused over uncommitted changes.
        if ((await text(["rev-parse", "HEAD"])).trim() !== from) return false;
        const merged = await run(["merge", "--ff-only", "-q", next]).then(
          () => null,
          (error: Error) => error.message,
        );
        if (merged === null) return true;
        // Edits in the folder that the change would overwrite: for whoever made them to put aside, and a schedule
        // tries again at its next run.
        const files = [...merged.matchAll(/^\t(.+)$/gm)].map(([, file]) => file);
        if (files.length === 0) return false;
        throw new Refusal(
          503,
          `Not saved: ${files.join(", ")} changed in the folder, not committed. Commit or stash it, then try again.`,
        );
      }
      return (await maybe(run(["update-ref", `refs/heads/${ref}`, next, from ?? ZERO]))) !== null;
    },
    mergeBase: async (a, b) => (await text(["merge-base", refOf(a), refOf(b)])).trim(),
    async log(from, count, file) {
      const format = "--format=%H%x1f%aI%x1f%an%x1f%ae";
      const lines = await text(["log", `-n${count}`, format, refOf(from), "--", ...(file ? [file] : [])]);
      return lines
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [sha, date, name, email] = line.split("\x1f");
          return { sha, date, author: { name, email } };
        });
    },
    async changed(base, head) {
      const raw = await text(["diff", "--raw", "-z", "--no-renames", "--abbrev=40", `${refOf(base)}...${head}`]);
      const parts = raw.split("\0").filter(Boolean);
      const files = [];
      for (let i = 0; i + 1 < parts.length; i += 2) {
        const [, , , sha, status] = parts[i].split(" ");
        files.push({ path: parts[i + 1], sha, added: status === "A" });
      }
      return files;
    },
    drafts: {
      list: drafts,
      find: async (branch) => (await drafts()).find((draft) => draft.branch === branch) ?? null,
      async open(branch, { status, author }) {
        await config(branch, "cms-author", author);
        await config(branch, "cms-status", status);
      },
      setStatus: async (branch, status) => void (await config(branch, "cms-status", status)),
      setSchedule: async (branch, schedule) =>
        void (await config(branch, "cms-schedule", schedule && scheduleText(schedule))),
      async remove(branch) {
        await maybe(run(["update-ref", "-d", `refs/heads/${branch}`]));
        await maybe(run(["config", "--remove-section", `branch.${branch}`]));
      },
    },
  };
}
