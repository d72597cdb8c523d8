/**
 * `CMS_EDITORIAL_WORKFLOW=true npm run cms` keeps drafts as commits of the folder's git repository: in a folder that
 * is no repository, or one with uncommitted changes (a draft would take them along), it says what to do and starts
 * nothing, whatever runs on the editor's local backend's port (another `npm run cms`).
 * @jest-environment node
 */
import { execFileSync, spawnSync } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "cms-folder-"));
  fs.mkdirSync(path.join(folder, "scripts"));
  fs.copyFileSync(path.resolve(__dirname, "../../scripts/cms.mjs"), path.join(folder, "scripts", "cms.mjs"));
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

const cms = () =>
  spawnSync(process.execPath, [path.join(folder, "scripts", "cms.mjs")], {
    env: { ...process.env, CMS_EDITORIAL_WORKFLOW: "true" },
    encoding: "utf8",
    timeout: 20_000,
  });

test("a folder that is not a git repository: refused, saying how to make it one", () => {
  const { status, stderr } = cms();
  expect([status, stderr]).toEqual([1, expect.stringMatching(/is not a git repository with a commit\.\n.*git init/)]);
});

test("a repository with uncommitted changes: refused, naming them and saying how to put them aside", () => {
  const git = (...args: string[]) => execFileSync("git", ["-C", folder, ...args]);
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.name=A", "-c", "user.email=a@example.com", "commit", "-qm", "Content");
  fs.writeFileSync(path.join(folder, "unsaved.txt"), "work in progress\n");
  const { status, stderr } = cms();
  expect([status, stderr]).toEqual([1, expect.stringMatching(/uncommitted changes:\n\?\? unsaved\.txt\n.*git stash/)]);
});
