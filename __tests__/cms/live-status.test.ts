/**
 * "Is it live?": the branch's head against the commit the live site was built from, and what the host reported on
 * the head (GitHub check runs and commit statuses); and the commit a build writes for it.
 * @jest-environment node
 */
import { execFileSync } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import { describeLive, judgeLive, readLive } from "../../src/cms/live-status";
import { buildCommit } from "../../plugins/publish/editor/build-commit";

const head = "a".repeat(40);
const older = "b".repeat(40);

test("the live site built from the head is live, whatever else was reported", () => {
  expect(judgeLive(head, head, [{ status: "completed", conclusion: "failure" }], [])).toEqual({
    state: "live",
    commit: head,
  });
});

test("a failed check run or commit status on the head: failed, with the host's https link", () => {
  const run = { status: "completed", conclusion: "failure", details_url: "https://dash.example/builds/9" };
  expect(judgeLive(older, head, [run], [])).toEqual({ state: "failed", commit: head, link: run.details_url });
  const status = { state: "error", target_url: "https://ci.example/7" };
  expect(judgeLive(older, head, [], [status])).toEqual({ state: "failed", commit: head, link: status.target_url });
  // A link that is not https is not offered.
  expect(judgeLive(older, head, [{ ...run, details_url: "javascript:alert(1)" }], [])).toEqual({
    state: "failed",
    commit: head,
  });
});

test("a build under way, or one that succeeded but is not served yet: building; nothing reported: waiting", () => {
  expect(judgeLive(older, head, [{ status: "in_progress", conclusion: null }], []).state).toBe("building");
  expect(judgeLive(older, head, [], [{ state: "pending" }]).state).toBe("building");
  expect(judgeLive(older, head, [{ status: "completed", conclusion: "success" }], []).state).toBe("building");
  expect(judgeLive(null, head, [], [])).toEqual({ state: "waiting", commit: head });
  expect(describeLive({ state: "waiting", commit: head })).toContain("commit aaaaaaa");
});

test("readLive asks for the build's commit and the branch's head, then the head's check runs and statuses", async () => {
  const asked: string[] = [];
  const answers: Record<string, unknown> = {
    "https://site.example/admin/build.json": { commit: older },
    "/commits/main": { sha: head },
    [`/commits/${head}/check-runs`]: { check_runs: [{ status: "queued", conclusion: null }] },
    [`/commits/${head}/status`]: { statuses: [] },
  };
  const fake = (async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify(answers[url]), { status: url in answers ? 200 : 404 });
  }) as typeof fetch;
  const live = await readLive({
    api: async (resource) => {
      asked.push(resource);
      return answers[resource];
    },
    branch: "main",
    liveCommitUrl: "https://site.example/admin/build.json",
    fetch: fake,
  });
  expect(live).toEqual({ state: "building", commit: head });
  expect(asked.sort()).toEqual(Object.keys(answers).sort());
});

test("a build's commit: the host's variable first, else git's HEAD, else none", () => {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), "build-commit-"));
  try {
    expect(buildCommit({}, repo)).toBeNull();
    const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { encoding: "utf8" }).trim();
    git("init", "-q");
    git("-c", "user.email=a@b.c", "-c", "user.name=A", "commit", "-q", "--allow-empty", "-m", "x");
    expect(buildCommit({}, repo)).toBe(git("rev-parse", "HEAD"));
    expect(buildCommit({ CF_PAGES_COMMIT_SHA: head }, repo)).toBe(head);
    expect(buildCommit({ CF_PAGES_COMMIT_SHA: "not-a-commit" }, repo)).toBe(git("rev-parse", "HEAD"));
  } finally {
    fs.rmSync(repo, { recursive: true, force: true });
  }
});
