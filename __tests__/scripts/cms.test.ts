/**
 * `CMS_EDITORIAL_WORKFLOW=true npm run cms` keeps drafts as commits of the folder's git repository: in a folder that
 * is no repository, it says what to do and starts nothing, whatever runs on the editor's local backend's port
 * (another `npm run cms`).
 * @jest-environment node
 */
import { spawnSync } from "child_process";
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
