/**
 * The project's Node is the one in .nvmrc: package.json requires it, its preinstall script stops `npm ci` under an
 * older one (npm's engine-strict would ask the registry about every package first), and the README says how to get
 * it.
 * @jest-environment node
 */
import { spawnSync } from "child_process";
import fs from "fs";
import path from "path";

const root = path.resolve(__dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

const preinstall = (node: string) =>
  spawnSync(
    process.execPath,
    ["-e", `Object.defineProperty(process.versions, "node", { value: "${node}" }); ${script}`],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
const script = /^node -e "(.*)"$/.exec(JSON.parse(read("package.json")).scripts.preinstall)?.[1] ?? "";

test("an older Node stops npm ci before it installs, saying which Node and how to get it", () => {
  const major = Number(read(".nvmrc"));
  expect(JSON.parse(read("package.json")).engines.node).toBe(`>=${major}`);
  const older = preinstall(`${major - 4}.20.2`);
  expect(older.status).toBe(1);
  expect(older.stderr).toContain(`This project runs on Node ${major} (.nvmrc); this is Node ${major - 4}.20.2.`);
  expect(preinstall(`${major}.0.0`).status).toBe(0);
  expect(read("README.md")).toContain(`npm install --prefix ~/node-${major} node@${major}`);
});
