/**
 * Review notes on drafts: any editor reads and adds them; only a note's author edits or deletes it; its author, the
 * draft's author or a publisher resolves or reopens it. The author is the one the server recorded (the store's note),
 * never what a note says, and a note is text the editor shows as it was typed.
 */
import { mayPublish, refused, type Context } from "./commit";
import { draftOf } from "./files";
import { Refusal, type Note } from "./store";
import type { Params } from "../../../src/content/editor-requests";

export const AUTHORS_ONLY = "only a note's author edits or deletes it.";
export const RESOLVERS = "a note is resolved or reopened by its author, the draft's author or a publisher.";

export function noteActions({ store, settings, editor }: Context) {
  const me = editor.email;
  /** As Decap shows it: `isOwn` lets this editor press its buttons (the server still judges each). */
  const shown = (note: Note, drafter: string) => ({
    ...note,
    isOwn: note.author === me || drafter === me || mayPublish(settings, editor),
  });
  async function draft(p: Params) {
    const branch = draftOf(p.collection, p.slug);
    const found = await store.drafts.find(branch);
    if (!found) throw refused(404, "notes are kept on drafts: save the entry first.");
    return { branch, drafter: found.author };
  }
  /** Changes the note `p.noteId` as `updates` says (null: deletes it), where this editor may. */
  async function change(p: Params, updates: (note: Note) => Partial<Note> | null) {
    const { branch, drafter } = await draft(p);
    const note = (await store.drafts.notes(branch)).find((n) => n.id === p.noteId);
    if (!note) throw new Refusal(404, "Not Found");
    const update = updates(note);
    const own = note.author === me;
    if ((!update || update.content !== undefined) && !own) throw refused(403, AUTHORS_ONLY);
    if (update?.resolved !== undefined && !own && drafter !== me && !mayPublish(settings, editor)) {
      throw refused(403, RESOLVERS);
    }
    const next = { ...note, ...update };
    await store.drafts.writeNote(branch, next, !update);
    return { note: shown(next, drafter) };
  }
  return {
    async getNotes(p: Params) {
      const found = await store.drafts.find(draftOf(p.collection, p.slug));
      if (!found) return { notes: [] };
      return { notes: (await store.drafts.notes(found.branch)).map((note) => shown(note, found.author)) };
    },
    async addNote(p: Params) {
      const { branch, drafter } = await draft(p);
      const note = { id: crypto.randomUUID(), author: me, timestamp: new Date().toISOString(), resolved: false };
      await store.drafts.writeNote(branch, { ...note, content: p.note!.content });
      return { note: shown({ ...note, content: p.note!.content }, drafter) };
    },
    updateNote: (p: Params) =>
      change(p, () => {
        const { content, resolved } = p.updates ?? {};
        return { ...(content !== undefined && { content }), ...(resolved !== undefined && { resolved }) };
      }),
    deleteNote: async (p: Params) => ({ ...(await change(p, () => null)), message: "note deleted" }),
    toggleNoteResolution: (p: Params) => change(p, (note) => ({ resolved: !note.resolved })),
  };
}
