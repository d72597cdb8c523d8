/**
 * The content check: every broken content file is reported with its file, field path, line and what was expected.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import fs from "fs";
import path from "path";
import { validateContentDirectory } from "../../src/content/check";
import { formatContentErrors, type CheckResult } from "../../src/content/validate";
import type { ContentError } from "../../src/content/rules";
import { readContentFiles } from "../../src/content/read-content";
import { PAGE_FILES, fileKey, lineAndColumn } from "../../src/content/model";
import { DATA_DIR, copyRealData, type ContentCopy } from "../helpers/content.cjs";
import { STEPS, cases, resizeList, type Expected } from "../helpers/broken-content";

let copy: ContentCopy;
beforeEach(() => {
  copy = copyRealData();
});
afterEach(() => {
  copy.cleanup();
});

function check(): CheckResult {
  return validateContentDirectory(copy.dataDir, copy.root);
}

function expectReported(errors: ContentError[], expected: Expected) {
  const match = errors.find((e) => e.file === expected.file && e.path === expected.path);
  if (!match) {
    throw new Error(`No error for ${expected.file} at "${expected.path}". Reported:\n${formatContentErrors(errors)}`);
  }
  expect(match.message).toMatch(expected.message);
  if (expected.line) expect(match.line).toBe(expected.line(copy));
  if (expected.column) expect(match.column).toBe(expected.column(copy));
  return match;
}

describe("validateContentDirectory", () => {
  test("the real data/ has no errors and yields every page file and every service, as the reader reads them", () => {
    const { errors, content } = validateContentDirectory(DATA_DIR);
    expect(formatContentErrors(errors)).toMatch(/0 problems/);
    expect(errors).toEqual([]);
    expect(Object.keys(content.files).sort()).toEqual(Object.keys(PAGE_FILES).map(fileKey).sort());
    // What the check passes is what every reader of the content reads.
    expect(content).toEqual(readContentFiles(DATA_DIR));
  });

  test("an untouched copy of data/ has no errors either (the fixture itself is sound)", () => {
    expect(check().errors).toEqual([]);
  });

  test.each(cases)("%s", (_name, breakIt, expected) => {
    breakIt(copy);
    const { errors } = check();
    const error = expectReported(errors, expected);
    // File paths are relative to the project root given, with forward slashes.
    expect(error.file.startsWith("data/")).toBe(true);
    // The formatted report carries the same facts.
    const report = formatContentErrors(errors);
    expect(report).toContain(`\n${expected.file}\n`);
    if (error.line) expect(report).toContain(`${lineAndColumn(error)}: ${error.path ? `${error.path} ` : ""}`);
  });

  test.each(cases.filter(([name]) => name.startsWith("malformed YAML:")))(
    "the editing guide gives the advice for %s in the message's own words",
    (_name, breakIt, expected) => {
      breakIt(copy);
      const { message } = expectReported(check().errors, expected);
      const advice = /^is not valid YAML: (.*?)\. The line reads: /.exec(message)?.[1] ?? message;
      const guide = fs.readFileSync(path.join(DATA_DIR, "..", "docs", "editing-content.md"), "utf8");
      // The guide names the characters a value may not start with once: "starting with * must be in quotes".
      const general = advice
        .replace(/line \d+/g, "line …")
        .replace(/^a value starting with \S must/, "a value starting with * must");
      expect(guide.replace(/\\\*/g, "*")).toContain(`_${general}_`);
    },
  );

  test("several mistakes in one file (and one in another) are all reported in one run", () => {
    copy.edit("data/home.yaml", /^title: .*\n/m, "");
    resizeList(copy, "data/home.yaml", ["process", "steps"], STEPS.min - 1);
    copy.edit("data/home.yaml", /^trust:/m, "trsut:");
    copy.edit("data/home.yaml", /^ {2}headline: .*$/m, "  headline: 42");
    copy.edit("data/firm.yaml", /^founded: .*$/m, "founded: 1492");

    const { errors } = check();
    const homePaths = errors.filter((e) => e.file === "data/home.yaml").map((e) => e.path);
    expect(homePaths).toEqual(expect.arrayContaining(["title", "process.steps", "trsut", "trust", "hero.headline"]));
    expectReported(errors, { file: "data/firm.yaml", path: "founded", message: /at least 1900, found number 1492/ });

    const report = formatContentErrors(errors);
    expect(report).toMatch(new RegExp(`^Content check failed: ${errors.length} problems in 2 files\\.`));
  });

  test("file paths are relative to the project root that is given", () => {
    copy.remove("data/about.yaml");
    const fromParent = validateContentDirectory(copy.dataDir, `${copy.root}/..`).errors;
    const rootName = copy.root.split("/").pop();
    expect(fromParent.map((e) => e.file)).toContain(`${rootName}/data/about.yaml`);
    // By default the project root is the content directory's parent.
    expect(validateContentDirectory(copy.dataDir).errors.map((e) => e.file)).toContain("data/about.yaml");
  });
});
