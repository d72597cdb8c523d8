// Scheduled publishing for `npm run cms`'s drafts (git mode), as the content API does it: the schedule kept in the
// draft branch's git config (branch.<draft>.schedule, which goes with the branch), and while the backend runs each
// draft whose time has come published: its reviewed head merged onto the branch, after the content check on exactly
// the tree committed. A refusal stays on the draft.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { validateContentDirectory } from "../src/content/check";
import { CONTENT_FOLDER } from "../src/content/model";
import { isDue, readSchedule, scheduleProblem, scheduleText, type Draft, type Schedule } from "../src/content/schedule";
import { problemLine } from "../src/content/validate";

/** `git` runs git in the repository and answers its output; `branch` is the one drafts are published to. */
export function localSchedule(git: (...args: string[]) => Promise<string>, branch: string) {
  const run = async (...args: string[]) => (await git(...args)).trim();
  const config = (draft: string, key: string) => run("config", `branch.${draft}.${key}`).catch(() => "");
  const keep = (draft: string, schedule: Schedule | null) =>
    git("config", `branch.${draft}.schedule`, schedule ? scheduleText(schedule) : "");
  async function drafts(): Promise<Draft[]> {
    const refs = await run("for-each-ref", "--format=%(refname:short) %(objectname)", "refs/heads/cms/");
    return Promise.all(
      refs
        .split("\n")
        .filter(Boolean)
        .map(async (line) => {
          const [draft, head] = line.split(" ");
          const [, collection, slug] = draft.split("/");
          const ready = (await config(draft, "description")).endsWith("pending_publish");
          return { collection, slug, head, ready, schedule: readSchedule(await config(draft, "schedule")) };
        }),
    );
  }
  /** The content check's problems with `tree`, read from git's objects into a folder of its own. */
  async function problems(tree: string) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "cms-publish-"));
    try {
      await git("archive", "-o", path.join(dir, "tree.tar"), tree, CONTENT_FOLDER);
      await promisify(execFile)("tar", ["-xf", path.join(dir, "tree.tar"), "-C", dir]);
      const { errors } = validateContentDirectory(path.join(dir, CONTENT_FOLDER), dir);
      return errors.map((error) => `${error.file} ${problemLine(error)}`).join("; ");
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
  return {
    drafts,
    async schedulePublish({ collection, slug, head, at = null }: Draft & { at?: string | null }) {
      const draft = (await drafts()).find((d) => d.collection === collection && d.slug === slug);
      const problem = scheduleProblem(draft, head, at, Date.now());
      if (problem) throw new Error(problem);
      const by = (await run("config", "user.email").catch(() => "")) || "the local editor";
      const schedule = at ? { at, head, by } : null;
      await keep(`cms/${collection}/${slug}`, schedule);
      return { schedule };
    },
    async publishDue(now: number) {
      for (const draft of await drafts()) {
        if (!isDue(draft, now)) continue;
        const name = `cms/${draft.collection}/${draft.slug}`;
        try {
          const tree = await run("merge-tree", "--write-tree", branch, draft.head).catch(() => {
            throw new Error("the draft and the live branch changed the same lines: open the draft and save it again.");
          });
          const problem = await problems(tree);
          if (problem) throw new Error(`the site's content check refuses it, so nothing was changed. ${problem}`);
          const message = `Publish ${name.slice(4)} (${draft.schedule!.by})`;
          await git(
            "merge",
            "--ff-only",
            await run("commit-tree", tree, "-p", branch, "-p", draft.head, "-m", message),
          );
          await git("branch", "-D", name);
        } catch (error) {
          await keep(name, { ...draft.schedule!, problem: (error as Error).message });
        }
      }
    },
  };
}
