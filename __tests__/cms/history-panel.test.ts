/**
 * The History dialog over a long history: a page at a time, each version's change named against the one before it
 * (the backend answers each page with the version before it), the oldest as the file's creation, and no "Show older
 * versions" once there are none.
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
import { startHistory } from "../../src/cms/history-panel";
import { HISTORY_PAGE, type Version } from "../../src/cms/history";

const fields = [{ name: "title", label: "Page title" }];
const COUNT = HISTORY_PAGE * 2 + 5;
/** Versions newest first: each one retitled the file, the oldest created it. */
const all: Version[] = Array.from({ length: COUNT }, (_, i) => ({
  sha: String(COUNT - i).padStart(40, "0"),
  date: new Date(Date.UTC(2026, 0, COUNT - i)).toISOString(),
  author: `Editor ${COUNT - i}`,
  text: `title: Title ${COUNT - i}\n`,
}));

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

test("a page at a time, newest first, each change named, the oldest as the file's creation", async () => {
  const asked: (string | undefined)[] = [];
  window.location.hash = "#/collections/services/entries/other";
  startHistory({
    fieldsOf: (collection) => (collection === "services" ? fields : undefined),
    store: {
      read: async () => ({ text: all[0].text! }),
      history: async (_path, _branch, from) => {
        asked.push(from);
        const start = from ? all.findIndex((v) => v.sha === from) : 0;
        return { versions: all.slice(start, start + HISTORY_PAGE + 1) };
      },
    },
    branchOf: async () => "main",
    restore: async () => undefined,
  });
  const button = (name: string) =>
    [...document.querySelectorAll("button")].find((b) => b.textContent === name && !b.hidden);
  const items = () => [...document.querySelectorAll("dialog li summary")].map((s) => s.textContent);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  button("History")!.click();
  await settled();
  expect(document.querySelector("dialog h2")?.textContent).toBe("History of data/services/other.yaml");
  expect(items()).toHaveLength(HISTORY_PAGE);
  expect(items()[0]).toMatch(new RegExp(`· Editor ${COUNT} · Changed Page title$`));
  button("Show older versions")!.click();
  await settled();
  button("Show older versions")!.click();
  await settled();
  expect(items()).toHaveLength(COUNT);
  expect(items()[COUNT - 2]).toMatch(/· Editor 2 · Changed Page title$/);
  expect(items()[COUNT - 1]).toMatch(/· Editor 1 · Created the file$/);
  expect(button("Show older versions")).toBeUndefined();
  // Each later page starts at the version before the last page.
  expect(asked).toEqual([undefined, all[HISTORY_PAGE].sha, all[HISTORY_PAGE * 2].sha]);
});
