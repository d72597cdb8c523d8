/**
 * What the editor reads of the branch's past and of the host: a file's history (each version with its text), "Is it
 * live?" (the branch's head and the host's reports on a commit), and "Check for Preview" on a draft's head.
 */
import { refused, type Context } from "./commit";
import { decodeText } from "../../../src/content/bytes";
import { draftOf } from "./files";
import { HISTORY_MAX } from "./rules";
import { Refusal } from "./store";
import type { Params } from "../../../src/content/editor-requests";

type Report = Record<string, unknown>;

export function historyActions({ store, settings }: Context) {
  const { branch } = settings;
  /** Whether `sha` names a commit of `ref`'s history. */
  const inHistory = async (ref: string, sha: unknown) =>
    /^[0-9a-f]{40}$/.test(String(sha)) && (await store.mergeBase(ref, String(sha)).catch(() => "")) === sha;
  const reports = (commit: string, part: "" | "/check-runs" | "/status") => {
    if (!store.reports) throw new Refusal(404, "This editor's backend has no host to report on the live site.");
    return store.reports(commit, part);
  };
  return {
    /** A page of a file's history: its commits on the branch (or from a commit), each with the file's text then. */
    async history({ path, branch: ref = branch, from, count }: Params) {
      // Only the branch's own history: a commit of another branch may hold what the editor is not to read.
      if (from !== undefined && !(await inHistory(ref, from))) {
        throw new Refusal(403, `Refused: a version is named by the sha of a commit in ${ref}'s history.`);
      }
      const commits = await store.log(from ?? ref, Math.min(Number(count) || 1, HISTORY_MAX), path!);
      const versions = commits.map(async ({ sha, date, author }) => {
        const file = await store.read(path!, sha);
        return { sha, date, author: author.name || author.email || "", text: file && decodeText(file.bytes) };
      });
      return { versions: await Promise.all(versions) };
    },
    /** "Is it live?": the branch's head and the host's reports on a commit, only what the editor shows (no patches). */
    async liveStatus({ resource }: Params) {
      const [, ref, part = ""] = /^\/commits\/(.+?)(\/check-runs|\/status)?$/.exec(String(resource)) ?? [];
      if (ref !== branch && !(await inHistory(branch, ref))) {
        throw refused(403, `only the commits of ${branch} can be read.`);
      }
      const answer = await reports(ref, part as "" | "/check-runs" | "/status");
      const only = (list: unknown, keys: string[]) =>
        (Array.isArray(list) ? (list as Report[]) : []).map((item) =>
          Object.fromEntries(keys.map((k) => [k, item[k]])),
        );
      if (part === "/check-runs") {
        return { check_runs: only(answer.check_runs, ["name", "status", "conclusion", "details_url", "html_url"]) };
      }
      if (part === "/status") return { statuses: only(answer.statuses, ["state", "context", "target_url"]) };
      return { sha: answer.sha };
    },
    /** "Check for Preview": a deploy status (Netlify's) or a check run's preview URL (Cloudflare's) on the draft's head. */
    async getDeployPreview({ collection, slug }: Params) {
      const head = await store.head(draftOf(collection, slug));
      if (!head || !store.reports) return null;
      const found = (url: string, done: boolean) => ({ url, status: done ? "success" : "other" });
      type Status = { state: string; context: string; target_url?: string };
      const { statuses = [] } = (await store.reports(head, "/status")) as { statuses?: Status[] };
      const status = statuses.find((s) => /deploy|preview/i.test(s.context) && s.target_url?.startsWith("https://"));
      if (status) return found(status.target_url!, status.state === "success");
      type Run = { conclusion: string | null; output?: { summary?: string | null } };
      const { check_runs: runs = [] } = (await store.reports(head, "/check-runs")) as { check_runs?: Run[] };
      for (const run of runs) {
        const url = /Preview URL\W*(https:\/\/[\w.-]+\/?)/i.exec(run.output?.summary ?? "")?.[1];
        if (url) return found(url, run.conclusion === "success");
      }
      return null;
    },
  };
}
