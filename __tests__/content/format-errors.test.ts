/**
 * The content check's report: every problem grouped under its file, with its line and field.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import { formatContentErrors } from "../../src/content/validate";
import type { ContentError } from "../../src/content/rules";

describe("formatContentErrors", () => {
  const errors: ContentError[] = [
    { file: "data/home.yaml", path: "title", line: 3, message: "is required but missing" },
    { file: "data/firm.yaml", path: "founded", line: 9, message: 'must be a whole number, found "twenty"' },
    { file: "data/home.yaml", path: "process.steps", line: 20, message: "must have exactly 4 items, found 3" },
    { file: "data/team.yaml", path: "", message: "is not a content file the site knows" },
  ];

  test("groups problems under their file, in first-seen order, with line numbers and paths", () => {
    const report = formatContentErrors(errors);
    expect(report.split("\n")).toEqual([
      expect.stringMatching(/^Content check failed: 4 problems in 3 files\./),
      "",
      "data/home.yaml",
      "  line 3: title is required but missing",
      "  line 20: process.steps must have exactly 4 items, found 3",
      "",
      "data/firm.yaml",
      '  line 9: founded must be a whole number, found "twenty"',
      "",
      "data/team.yaml",
      "  is not a content file the site knows",
    ]);
  });

  test("one problem is worded in the singular", () => {
    expect(formatContentErrors(errors.slice(0, 1))).toMatch(
      /^Content check failed: 1 problem in 1 file\. Nothing is built until it is fixed/,
    );
  });
});
