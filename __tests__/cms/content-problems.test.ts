/**
 * The editor's line about content the site cannot build: every problem the content check finds in the backend, named
 * with its file and line, until the files are fixed.
 */
import { screen, waitFor } from "@testing-library/react";
import { startContentProblems } from "../../src/cms/content-problems";
import type { ContentError } from "../../src/content/rules";

const broken: ContentError[] = [
  { file: "data/services/tax.yaml", path: "", line: 3, message: "is not valid YAML: Unexpected flow-seq-end" },
  { file: "data/firm.yaml", path: "phone.display", line: 12, message: "must not be blank" },
];

afterEach(() => document.body.replaceChildren());

test("names each problem with its file, line and field, and is gone once the check passes", async () => {
  let errors = broken;
  const panel = startContentProblems({ check: async () => errors });
  const alert = await screen.findByRole("alert", { name: "Content problems" });
  expect(alert).toHaveTextContent("these 2 problems are fixed, in 2 files");
  expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
    "data/services/tax.yaml, line 3: is not valid YAML: Unexpected flow-seq-end",
    "data/firm.yaml, line 12, phone.display: must not be blank",
  ]);
  errors = [];
  panel.refresh();
  await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
});

test("says nothing while the content passes, and reads nothing again after a save the check passed", async () => {
  const check = jest.fn(async () => [] as ContentError[]);
  startContentProblems({ check }).refresh();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(screen.queryByRole("alert")).toBeNull();
  expect(check).toHaveBeenCalledTimes(1);
});
