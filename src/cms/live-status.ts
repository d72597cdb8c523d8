/** "Is it live?": the live site's build commit against the branch's head, and what the host reported on the head. */

/** Where the build writes the commit it was built from (plugins/publish/editor), served with no-store. */
export const LIVE_COMMIT_FILE = "build.json";

export interface CheckRun {
  status: string;
  conclusion: string | null;
  name?: string;
  details_url?: string | null;
  html_url?: string | null;
}

export type CommitStatus = { state: string; context?: string; target_url?: string | null };

export type LiveState =
  | { state: "live"; commit: string }
  | { state: "building"; commit: string; link?: string }
  | { state: "failed"; commit: string; link?: string }
  | { state: "waiting"; commit: string };

const FAILED_RUN = new Set(["failure", "timed_out", "cancelled", "action_required", "startup_failure"]);
const FAILED_STATUS = new Set(["failure", "error"]);

/** A link from GitHub's answer, if it is an https: address (anything else is not shown as a link). */
function httpsLink(...candidates: (string | null | undefined)[]): string | undefined {
  for (const candidate of candidates) {
    try {
      if (candidate && new URL(candidate).protocol === "https:") return candidate;
    } catch {
      // not an address
    }
  }
  return undefined;
}

/** Where the branch's head stands: live, being built, failed to build, or with no build reported yet. */
export function judgeLive(
  liveCommit: string | null,
  head: string,
  runs: CheckRun[],
  statuses: CommitStatus[],
): LiveState {
  if (liveCommit === head) return { state: "live", commit: head };
  const failedRun = runs.find((run) => run.status === "completed" && FAILED_RUN.has(run.conclusion ?? ""));
  const failedStatus = statuses.find((status) => FAILED_STATUS.has(status.state));
  if (failedRun || failedStatus) {
    const link = httpsLink(failedRun?.details_url, failedRun?.html_url, failedStatus?.target_url);
    return { state: "failed", commit: head, link };
  }
  if (runs.length === 0 && statuses.length === 0) return { state: "waiting", commit: head };
  const running = runs.find((run) => run.status !== "completed");
  const pending = statuses.find((status) => status.state === "pending");
  return {
    state: "building",
    commit: head,
    link: httpsLink(running?.details_url, running?.html_url, pending?.target_url),
  };
}

/** What the editor reads: one sentence for each state. */
export function describeLive(live: LiveState): string {
  const commit = live.commit.slice(0, 7);
  switch (live.state) {
    case "live":
      return `The live site is up to date: it shows the latest saved change (commit ${commit}).`;
    case "building":
      return `The host is publishing the latest saved change (commit ${commit}): the live site shows it in a minute or two.`;
    case "failed":
      return `The host could not build the latest saved change (commit ${commit}), so the live site still shows an earlier version. Ask whoever looks after the site to check the build.`;
    case "waiting":
      return `The live site does not show the latest saved change yet (commit ${commit}), and the host has not reported a build of it.`;
  }
}

export interface LiveSource {
  /** Reads a resource of the repository (/commits/<ref>, …/check-runs, …/status) as GitHub's API answers it. */
  api: (resource: string) => Promise<unknown>;
  branch: string;
  /** The address of the build's commit file, on the site the editor is opened at. */
  liveCommitUrl: string;
  fetch?: typeof fetch;
}

/** Reads the live commit, the branch's head and the head's reports, and judges them. */
export async function readLive(source: LiveSource): Promise<LiveState> {
  const api = <T>(resource: string) => source.api(resource) as Promise<T>;
  const [built, head] = await Promise.all([
    (source.fetch ?? fetch)(source.liveCommitUrl, { cache: "no-store" }).then(async (r) =>
      r.ok ? (((await r.json()) as { commit?: string | null }).commit ?? null) : null,
    ),
    api<{ sha: string }>(`/commits/${encodeURIComponent(source.branch)}`),
  ]);
  if (built === head.sha) return { state: "live", commit: head.sha };
  const [runs, status] = await Promise.all([
    api<{ check_runs: CheckRun[] }>(`/commits/${head.sha}/check-runs`),
    api<{ statuses: CommitStatus[] }>(`/commits/${head.sha}/status`),
  ]);
  return judgeLive(built, head.sha, runs.check_runs, status.statuses);
}
