/**
 * "Publish at" (drafts and review): in a draft, a publisher sets the time the server publishes it as it is then (the
 * version reviewed), changes or clears it; the draft and the Workflow board's cards show the time, or why it no longer
 * applies, and how many of its review notes are open. Plain DOM beside Decap's: a button, a line and a dialog in the
 * entry editor, a line under each card.
 */
import { chosenTime, localInput, scheduleLine, type Draft } from "../content/schedule";
import { PUBLISHERS_ONLY } from "../content/editor-backend";
import { makers, noticeArea } from "./content-problems";
import { proxyCall } from "./content-store";
import { openEntry } from "./entry";

const NOTE = "schedule-note";

/**
 * Starts them for the editor's backend at `url` (its proxy protocol), in the firm's `timeZone`; `publisher`: whether
 * the backend lets this editor set a time. `refresh` reads the drafts again (after a save, which may make one).
 */
export function startSchedule(url: string, branch: string, timeZone: string, publisher: boolean, doc = document) {
  const { el, button } = makers(doc);
  const open = button("Publish at…", { className: "editor-open" });
  const line = el("p", { className: "schedule-line" }, { role: "status" });
  const said = el("p", {}, { role: "status" });
  const input = Object.assign(doc.createElement("input"), { type: "datetime-local" });
  const label = el("label", { textContent: `Date and time (${timeZone}) ` });
  label.append(input);
  const [set, clear, close] = ["Set", "Clear", "Close"].map((name) => button(name));
  const dialog = el("dialog", { className: "editor-dialog" }, { "aria-labelledby": "schedule-title" });
  dialog.append(el("h2", { id: "schedule-title", textContent: "Publish at" }), said, label, set, clear, close);
  close.addEventListener("click", () => dialog.close());
  if (!publisher) {
    for (const control of [input, set, clear]) control.disabled = true;
    label.after(el("p", { textContent: `Setting the time: ${PUBLISHERS_ONLY}` }));
  }

  const call = (action: string, params: object) => proxyCall(url)(action, action, { branch, ...params });
  let drafts: Draft[] = [];
  let draft: Draft | undefined;
  const describe = (d: Draft) => scheduleLine(d, timeZone) || "No time is set: the draft waits for Publish.";

  /** The lines, as the drafts were last read: the open draft's, and each card's on the board. */
  const show = () => {
    const entry = openEntry(location.hash);
    draft = drafts.find((d) => d.collection === entry?.collection && d.slug === entry.slug);
    if (draft && !open.isConnected) noticeArea(doc).append(line, open, dialog);
    open.hidden = !draft;
    const text = draft ? scheduleLine(draft, timeZone) : "";
    // Only what changed is written: each write is a change this observer sees.
    if (line.textContent !== text) line.textContent = text;
    if (location.hash !== "#/workflow") return;
    for (const d of drafts) {
      const card = doc.querySelector(`a[href="#/collections/${d.collection}/entries/${d.slug}?ref=workflow"]`);
      if (!card) continue;
      if (!card.nextElementSibling?.classList.contains(NOTE)) card.after(el("p", { className: NOTE }));
      const notes = d.openNotes === undefined ? "" : `${d.openNotes} open review note${d.openNotes === 1 ? "" : "s"}.`;
      const [note, text] = [card.nextElementSibling!, [scheduleLine(d, timeZone), notes].filter(Boolean).join(" ")];
      if (note.textContent !== text) note.textContent = text;
    }
  };
  const refresh = async () => {
    drafts = (await call("drafts", {}).catch(() => [])) as Draft[];
    show();
  };
  const change = async (at: string | null) => {
    said.textContent = "Saving…";
    try {
      await call("schedulePublish", { collection: draft!.collection, slug: draft!.slug, head: draft!.head, at });
      await refresh();
      said.textContent = describe(draft!);
    } catch (error) {
      said.textContent = (error as Error).message;
    }
  };
  open.addEventListener("click", async () => {
    await refresh();
    if (!draft) return;
    said.textContent = describe(draft);
    input.value = draft.schedule ? localInput(Date.parse(draft.schedule.at), timeZone) : "";
    dialog.showModal();
  });
  set.addEventListener("click", () => {
    const at = chosenTime(input.value, timeZone);
    if (typeof at === "string") said.textContent = at;
    else void change(new Date(at).toISOString());
  });
  clear.addEventListener("click", () => void change(null));
  // Decap draws the board and the editor after the address changes, and again as it loads them.
  new MutationObserver(show).observe(doc.body, { childList: true, subtree: true });
  addEventListener("hashchange", () => void refresh());
  void refresh();
  return { refresh: () => void refresh() };
}
