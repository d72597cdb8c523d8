/**
 * The project's Node is the one in .nvmrc: package.json requires it, npm refuses to install under an older one, and
 * the README says how to get it.
 * @jest-environment node
 */
import fs from "fs";
import path from "path";

const root = path.resolve(__dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

test("an older Node stops npm ci, and the README says how to get the project's", () => {
  const major = read(".nvmrc").trim();
  expect(JSON.parse(read("package.json")).engines.node).toBe(`>=${major}`);
  expect(read(".npmrc")).toMatch(/^engine-strict=true$/m);
  expect(read("README.md")).toContain(`npm install --prefix ~/node-${major} node@${major}`);
});
