/**
 * The editor's "Is it live?" line: it follows a build from started to live (and from failed to passing), checking again
 * while one runs; says when it could not check; and comes back after Hide when the next change is saved.
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { startLivePanel } from "../../src/cms/live-panel";
import { describeLive, type CheckRun } from "../../src/cms/live-status";

const [older, head] = ["a".repeat(40), "b".repeat(40)];
const BUILD = "https://dash.example/builds/1";

/** A repository whose branch head is `head`, its checks as the test sets them, and a live site built from `built`. */
function site() {
  const state = { built: older, runs: [] as CheckRun[], down: false };
  const api = async (resource: string) => {
    if (state.down) throw new Error("GitHub answered 502 for /commits/main");
    if (resource === "/commits/main") return { sha: head };
    if (resource.endsWith("/check-runs")) return { check_runs: state.runs };
    return { statuses: [] };
  };
  // The build's commit file, as the site serves it (jsdom has no Response).
  const fetch = (async () => ({
    ok: true,
    json: async () => ({ commit: state.built }),
  })) as unknown as typeof globalThis.fetch;
  return { state, source: { api, branch: "main", liveCommitUrl: "https://site.example/b", fetch } };
}

const line = () => screen.getByRole("status");

afterEach(() => {
  jest.useRealTimers();
  document.body.replaceChildren();
});

test("from building to live: the line checks again while the host builds, and says when the change is live", async () => {
  jest.useFakeTimers();
  const { state, source } = site();
  state.runs = [{ status: "in_progress", conclusion: null, details_url: BUILD }];
  startLivePanel(source);
  await jest.advanceTimersByTimeAsync(0);
  expect(line()).toHaveTextContent(describeLive({ state: "building", commit: head }));
  expect(screen.getByRole("link", { name: "Build details" })).toHaveAttribute("href", BUILD);
  state.built = head;
  await jest.advanceTimersByTimeAsync(15_000);
  expect(line()).toHaveTextContent(describeLive({ state: "live", commit: head }));
  expect(screen.queryByRole("link", { name: "Build details" })).toBeNull();
});

test("from a failed build to a passing one after the next save", async () => {
  const { state, source } = site();
  state.runs = [{ status: "completed", conclusion: "failure", details_url: BUILD }];
  const panel = startLivePanel(source);
  await waitFor(() => expect(line()).toHaveTextContent(describeLive({ state: "failed", commit: head })));
  state.runs = [{ status: "completed", conclusion: "success" }];
  state.built = head;
  panel.refresh();
  await waitFor(() => expect(line()).toHaveTextContent(describeLive({ state: "live", commit: head })));
});

test("could not check: the line says so, with the reason", async () => {
  const { state, source } = site();
  state.down = true;
  startLivePanel(source);
  await waitFor(() =>
    expect(line()).toHaveTextContent("Could not check the live site: GitHub answered 502 for /commits/main."),
  );
});

test("Hide puts the line away until the next save or publish brings it back", async () => {
  const { source } = site();
  const panel = startLivePanel(source);
  await waitFor(() => expect(line()).toBeVisible());
  await userEvent.click(screen.getByRole("button", { name: "Hide" }));
  expect(screen.queryByRole("status")).toBeNull();
  panel.refresh();
  await waitFor(() => expect(line()).toBeVisible());
});
