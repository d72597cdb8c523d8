/**
 * "History" in the entry editor: the file's versions newest first (when, who, what changed, by the form's labels),
 * each opening on how it differs from today's, with "Restore this version", a save through every save's checks.
 * Plain DOM beside Decap's: a button and a modal dialog; styles in admin.css.
 */
import { parseData } from "../content/data";
import { makers, noticeArea } from "./content-problems";
import type { ContentStore } from "./content-store";
import { entryFile, openEntry } from "./entry";
import { compare, fieldLine, HISTORY_PAGE, shown, type Version } from "./history";

type Fields = Parameters<typeof compare>[2];
interface OpenEntry {
  collection: string;
  slug: string;
  /** Its file, relative to the repository. */
  file: string;
  fields: Fields;
}

export interface HistoryDeps {
  /** The form's fields of an entry of the editor's collections; undefined for none. */
  fieldsOf(collection: string, slug: string): Fields | undefined;
  store: Pick<ContentStore, "history" | "read">;
  /** The branch that holds the entry now (its draft's, where it has one). */
  branchOf(entry: OpenEntry): Promise<string>;
  /** Saves `version`'s values as a change to the file as it was read (`opened`); throws the reason it may not. */
  restore(entry: OpenEntry, version: Version, opened: string): Promise<void>;
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
/** A version's data; null for a deleted file, undefined for one that is not valid YAML. */
function dataOf(text: string | null) {
  try {
    return text === null ? null : parseData(text);
  } catch {
    return undefined;
  }
}

export function startHistory(deps: HistoryDeps, doc: Document = document): void {
  const { el, button } = makers(doc);
  const open = button("History", { className: "editor-open" });
  const title = el("h2", { id: "history-title" });
  const status = el("p", {}, { role: "status" });
  const list = el("ol");
  const more = button("Show older versions");
  const close = button("Close");
  const dialog = el("dialog", { className: "editor-dialog history" }, { "aria-labelledby": title.id });
  dialog.append(title, status, list, more, close);
  close.addEventListener("click", () => dialog.close());

  let entry: OpenEntry | null = null;
  let branch = "";
  let opened = "";
  let loaded: Version[] = [];
  let next: string | undefined;

  /** What a version did to the one before it (the next one listed), by the form's labels. */
  const what = (data: ReturnType<typeof dataOf>, i: number) => {
    if (data === undefined) return "Not valid YAML";
    if (data === null) return "Deleted the file";
    if (i + 1 === loaded.length && !next) return "Created the file";
    const before = dataOf(loaded[i + 1].text);
    if (!before) return "Replaced the file";
    const fields = new Set(compare(before, data, entry!.fields).map(fieldLine));
    return `Changed ${[...fields].join(", ") || "only comments or layout"}`;
  };

  const item = (version: Version, i: number) => {
    const data = dataOf(version.text);
    const time = el("time", { dateTime: version.date, textContent: when.format(new Date(version.date)) });
    const summary = el("summary");
    summary.append(time, ` · ${version.author} · ${what(data, i)}`);
    const details = el("details");
    details.append(summary);
    const changes = data && compare(data, dataOf(opened) ?? {}, entry!.fields);
    if (changes?.length === 0) details.append(el("p", { textContent: "This version's values are today's." }));
    if (changes?.length) {
      const table = el("dl");
      for (const change of changes) {
        const [then, now] = [change.before, change.after].map((v) =>
          change.kind === "moved" ? `item ${String(v)}` : shown(v) || "(empty)",
        );
        const values = el("dd");
        values.append(
          el("span", { textContent: `This version: ${then}` }),
          el("span", { className: "history-now", textContent: `Today: ${now}` }),
        );
        table.append(el("dt", { textContent: fieldLine(change) || "The file" }), values);
      }
      const restore = button("Restore this version");
      restore.addEventListener("click", () => {
        restore.disabled = true;
        status.textContent = "Restoring…";
        deps.restore(entry!, version, opened).then(
          () => window.location.reload(),
          (error: Error) => {
            restore.disabled = false;
            status.textContent = `Not restored: ${error.message}`;
          },
        );
      });
      details.append(el("p", { textContent: "How this version differs from today's:" }), table, restore);
    }
    const li = el("li");
    li.append(details);
    return li;
  };

  /** The first page of the history (with the file as it is now), or the next one. */
  const load = async (first: boolean) => {
    more.hidden = true;
    status.textContent = "Loading the history…";
    try {
      if (first) {
        branch = await deps.branchOf(entry!);
        opened = (await deps.store.read(entry!.file, branch))?.text ?? "";
        [loaded, next] = [[], undefined];
      }
      const { versions, note } = await deps.store.history(entry!.file, branch, next);
      // A page starts with the version before the last page, which that page's answer held already.
      loaded = [...loaded.slice(0, next ? -1 : undefined), ...versions];
      next = versions.length > HISTORY_PAGE ? versions[HISTORY_PAGE].sha : undefined;
      const listed = next ? loaded.slice(0, -1) : loaded;
      list.replaceChildren(...listed.map(item));
      status.textContent = note ?? (listed.length === 0 ? "No earlier versions of this file." : "");
      more.hidden = !next;
    } catch (error) {
      status.textContent = `Could not read the history: ${(error as Error).message}`;
    }
  };
  more.addEventListener("click", () => void load(false));
  open.addEventListener("click", () => {
    title.textContent = `History of ${entry!.file}`;
    list.replaceChildren();
    dialog.showModal();
    void load(true);
  });

  // Shown while Decap's address is a saved entry's.
  const follow = () => {
    const { collection = "", slug = "" } = openEntry(window.location.hash) ?? {};
    const fields = slug ? deps.fieldsOf(collection, slug) : undefined;
    entry = fields ? { collection, slug, file: entryFile(collection, slug).file, fields } : null;
    if (entry && !open.isConnected) noticeArea(doc).append(open, dialog);
    open.hidden = !entry;
  };
  window.addEventListener("hashchange", follow);
  follow();
}
