/**
 * A build stopped by broken content, as a developer sees it in a terminal: `npm run build` under a pseudo-terminal
 * (util-linux's `script`), outside CI, 60 columns wide, on a copy of data/ (CONTENT_DIR) with one line indented too
 * far. It fails before anything is written to public/.
 * @jest-environment node
 */
import { spawnSync } from "child_process";
import path from "path";
import { copyRealData } from "./helpers/content.cjs";
import { cases } from "./helpers/broken-content";

const [, indentTooFar, expected] = cases.find(([name]) => name.includes("a field indented under a field"))!;

test("the failed build opens with the content check's heading, and no line of its report is wrapped", () => {
  const copy = copyRealData();
  try {
    indentTooFar(copy);
    const env: Record<string, string | undefined> = { ...process.env, CONTENT_DIR: copy.dataDir, COLUMNS: "60" };
    // Gatsby takes any CI variable, even CI=false, as a CI run and then never draws its terminal display.
    for (const name of ["CI", "CONTINUOUS_INTEGRATION", "BUILD_ID", "BUILD_NUMBER", "RUN_ID"]) delete env[name];
    const run = spawnSync("script", ["-qec", "npm run build", "/dev/null"], {
      cwd: path.resolve(__dirname, ".."),
      env,
      encoding: "utf8",
      timeout: 120_000,
    });
    const lines = run.stdout
      // eslint-disable-next-line no-control-regex -- the terminal's colour codes
      .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "")
      .split(/\r?\n/)
      .filter((line) => line.trim() !== "");
    expect(run.status).not.toBe(0);
    expect(lines.join("\n")).not.toMatch(/UNKNOWN/);
    const heading = lines.findIndex((line) => line.includes("Content check failed"));
    expect(lines[heading]).toMatch(/Content check failed: 1 problem in 1 file\. .*explains each message\)\.$/);
    expect(lines[heading + 1].endsWith(`/${path.basename(expected.file)}`)).toBe(true);
    expect(lines[heading + 2]).toMatch(
      new RegExp(
        `^ {2}line ${expected.line!(copy)}, column ${expected.column!(copy)}: .*${expected.message.source}.*"$`,
      ),
    );
  } finally {
    copy.cleanup();
  }
});
