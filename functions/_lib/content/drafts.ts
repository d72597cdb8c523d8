/**
 * The drafts' state, which only the server writes: a draft is a pull request that the App opened from a branch
 * cms/<collection>/<slug> of the site's own repository (any other, from a fork or by anyone else, is ignored), its
 * status is its label, and its schedule is a line of its description signed with a key made from the App's private
 * key, binding the pull request, its branch, the reviewed head, the time, the publisher and any refusal: a line
 * someone else wrote or changed, or copied from another draft, is no schedule.
 */
import { GitHubError, type GitHub } from "./github";
import { draftBranch } from "./rules";
import type { ContentSettings } from "./settings";
import { readSchedule, scheduleText, type Draft, type Schedule } from "../../../src/content/schedule";

export type Pull = {
  number: number;
  head: { ref: string; sha: string; repo?: { full_name: string } | null };
  user?: { login: string } | null;
  labels: { name: string }[];
  body?: string | null;
};
export const LABEL = "decap-cms/";
const SIGNED = /\n\n([\s\S]+)\nSignature: ([0-9a-f]{64})$/;

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

export function draftState(gh: GitHub, settings: ContentSettings) {
  const { branch, repo } = settings;
  const key = (async () => {
    const seed = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`schedules\n${settings.privateKey}`));
    return crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  })();
  const signature = async ({ number, head }: Pull, text: string) =>
    hex(
      await crypto.subtle.sign("HMAC", await key, new TextEncoder().encode(`${repo}\n${number}\n${head.ref}\n${text}`)),
    );
  /** The schedule the server wrote on `pull`, or null where there is none it signed. */
  async function scheduleOf(pull: Pull): Promise<Schedule | null> {
    const [, text, signed] = SIGNED.exec(pull.body ?? "") ?? [];
    return text && signed === (await signature(pull, text)) ? readSchedule(text) : null;
  }
  const own = async (pulls: Pull[]) => {
    const login = await gh.login();
    return pulls.filter((pull) => pull.user?.login === login && pull.head.repo?.full_name === repo);
  };
  const asDraft = async (pull: Pull): Promise<Draft> => {
    const [, collection, slug] = pull.head.ref.split("/");
    const ready = pull.labels.some((l) => l.name === `${LABEL}pending_publish`);
    return { collection, slug, head: pull.head.sha, ready, schedule: await scheduleOf(pull) };
  };
  return {
    scheduleOf,
    /** The open drafts, each with its pull request: the board's list, and the scheduler's. */
    async drafts(): Promise<[Draft, Pull][]> {
      const pulls: Pull[] = [];
      // Others' pull requests count towards GitHub's pages of 100 too: every page is read.
      for (let page = 1; page <= 30; page++) {
        const url = `/pulls?state=open&base=${encodeURIComponent(branch)}&per_page=100&page=${page}`;
        const found = await gh<Pull[]>("GET", url);
        pulls.push(...found);
        if (found.length < 100) break;
      }
      const drafts = (await own(pulls)).filter((pull) => {
        const [prefix, collection, slug, ...more] = pull.head.ref.split("/");
        return prefix === "cms" && more.length === 0 && !("problem" in draftBranch(collection, slug));
      });
      return Promise.all(drafts.map(async (pull): Promise<[Draft, Pull]> => [await asDraft(pull), pull]));
    },
    /** The App's pull request of the draft branch `draft`; a 404 where there is none, unless `missing` allows it. */
    async pullOf(draft: string, missing = false): Promise<Pull> {
      const [owner] = repo.split("/");
      const url = `/pulls?state=open&base=${encodeURIComponent(branch)}&head=${owner}:${draft}`;
      const [pull] = (await own(await gh<Pull[]>("GET", url))).filter((p) => p.head.ref === draft);
      if (!pull && !missing) throw new GitHubError(404, "Not Found");
      return pull;
    },
    /** Writes `schedule` (or none) on `pull`, signed, after the line naming who made the draft. */
    async keep(pull: Pull, schedule: Schedule | null) {
      const first = pull.body?.split("\n")[0] ?? "";
      const text = schedule && scheduleText(schedule);
      const body = text ? `${first}\n\n${text}\nSignature: ${await signature(pull, text)}` : first;
      await gh("PATCH", `/pulls/${pull.number}`, { body });
    },
  };
}
