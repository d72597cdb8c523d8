/**
 * Nothing at build time reaches another host: every command the README names that starts Gatsby (package.json's
 * scripts, and the scripts that start it themselves) turns off its telemetry and its feedback prompt, which asks the
 * npm registry for Gatsby's latest version.
 * @jest-environment node
 */
import fs from "fs";
import path from "path";
const PROJECT_ROOT = path.resolve(__dirname, "..");

const OFF = ["GATSBY_TELEMETRY_DISABLED", "GATSBY_FEEDBACK_DISABLED"];

test("package.json's scripts start Gatsby with its telemetry and feedback prompt off", () => {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const gatsby = Object.entries(scripts).filter(([, command]) => /\bgatsby (develop|build)\b/.test(command));
  expect(gatsby.map(([name]) => name).sort()).toEqual(["build", "develop"]);
  for (const [, command] of gatsby) for (const name of OFF) expect(command).toContain(`${name}=1`);
});

test("so do the scripts that start Gatsby themselves", () => {
  const starting = ["scripts", "e2e/tools"]
    .flatMap((dir) => fs.readdirSync(path.join(PROJECT_ROOT, dir)).map((name) => path.join(dir, name)))
    .filter((name) => /\.(mjs|ts)$/.test(name))
    .map((name) => [name, fs.readFileSync(path.join(PROJECT_ROOT, name), "utf8")] as const)
    .filter(([, text]) => /\.bin", "gatsby"\)/.test(text));
  expect(starting.map(([name]) => name).sort()).toEqual(["e2e/tools/fixture-site.mjs", "scripts/cms.mjs"]);
  for (const [, text] of starting) for (const name of OFF) expect(text).toContain(`${name}: "1"`);
});
