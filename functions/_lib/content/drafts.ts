/**
 * Drafts and review: the board, a draft's files and status, Publish (by its button, or at the time a publisher set)
 * and deleting a draft. A draft is a branch cms/<collection>/<slug> with the record only the server writes (the store's
 * drafts); Publish merges the head the reviewer saw, checked, in one commit.
 */
import { commit, mayPublish, merging, refused, type Context, type ServiceSettings } from "./commit";
import { draftOf } from "./files";
import { listed } from "./settings";
import { Refusal, type Store, type StoredDraft } from "./store";
import { DRAFTS_FOR_AUTHORS, PUBLISHERS_ONLY } from "../../../src/content/editor-backend";
import type { Params } from "../../../src/content/editor-requests";
import { isDue, scheduleProblem, type Draft } from "../../../src/content/schedule";

const LEFT_READY = "the draft left Ready after its time was set: set the time again once it is Ready.";
const NOT_READY = "the draft was not Ready at its time: set the time again once it is Ready.";

/** A stored draft as the board and the scheduler read it. */
const asDraft = ({ branch, head, status, schedule }: StoredDraft): Draft => {
  const [, collection, slug] = branch.split("/");
  return { collection, slug, head, ready: status === "pending_publish", schedule };
};

export function draftActions(context: Context) {
  const { store, settings, editor } = context;
  const { branch } = settings;
  async function found(draft: string) {
    const record = await store.drafts.find(draft);
    if (!record) throw new Refusal(404, "Not Found");
    return record;
  }
  /** Refuses to act on a draft that moved past the head the editor saw. */
  async function reviewed(draft: string, head: string | undefined, done: string) {
    if ((await store.head(draft)) !== head) {
      throw new Refusal(409, `Not ${done}: the draft changed since you opened it. Open it again to review it.`);
    }
  }
  async function publishUnpublishedEntry(p: Params) {
    const draft = draftOf(p.collection, p.slug);
    if (!mayPublish(settings, editor)) throw refused(403, PUBLISHERS_ONLY);
    await found(draft);
    await reviewed(draft, p.head, "published");
    await commit(context, branch, `Publish ${draft.slice(4)} (${editor.email})`, merging(store, p.head!), p.head);
    // Live now, whatever follows: a draft saved past the published head keeps what was not published.
    if ((await store.head(draft).catch(() => null)) === p.head) await store.drafts.remove(draft).catch(() => null);
    return { message: "published" };
  }
  return {
    publishUnpublishedEntry,
    unpublishedEntries: async () => (await store.drafts.list()).map((d) => d.branch.slice(4)),
    async unpublishedEntry({ id, collection = id?.split("/")[0], slug = id?.split("/")[1] }: Params) {
      const { head, status } = await found(draftOf(collection, slug));
      const [diffs, [last]] = await Promise.all([store.changed(branch, head), store.log(head, 1)]);
      const files = diffs.map(({ path, sha, added }) => ({ path, id: sha, newFile: added }));
      return { collection, slug, status, diffs: files, updatedAt: last?.date, head };
    },
    async updateUnpublishedEntryStatus(p: Params) {
      const draft = draftOf(p.collection, p.slug);
      const { schedule } = await found(draft);
      // A time is set on a Ready draft: leaving Ready voids it, and a later Ready does not bring it back.
      if (p.newStatus !== "pending_publish" && schedule && !schedule.problem) {
        await store.drafts.setSchedule(draft, { ...schedule, problem: LEFT_READY });
      }
      await store.drafts.setStatus(draft, p.newStatus!);
      return { message: "status updated" };
    },
    async deleteUnpublishedEntry(p: Params) {
      const draft = draftOf(p.collection, p.slug);
      const { author } = await found(draft);
      if (!mayPublish(settings, editor) && author !== editor.email) throw refused(403, DRAFTS_FOR_AUTHORS);
      await reviewed(draft, p.head, "deleted");
      await store.drafts.remove(draft);
      return { message: "draft deleted" };
    },
    // With each draft that has notes, how many are open; notes GitHub fails to give hold no other draft's line.
    drafts: async () =>
      Promise.all(
        (await store.drafts.list()).map(async (stored) => {
          const notes = await store.drafts.notes(stored.branch).catch(() => []);
          return {
            ...asDraft(stored),
            ...(notes.length > 0 && { openNotes: notes.filter((n) => !n.resolved).length }),
          };
        }),
      ),
    async schedulePublish({ collection, slug, head, at = null }: Params) {
      if (!mayPublish(settings, editor)) throw refused(403, PUBLISHERS_ONLY);
      const stored = await store.drafts.find(draftOf(collection, slug));
      const problem = scheduleProblem(stored ? asDraft(stored) : undefined, head!, at, Date.now());
      if (problem) throw new Refusal(409, problem);
      const schedule = at ? { at, head: head!, by: editor.email } : null;
      await store.drafts.setSchedule(stored!.branch, schedule);
      return { schedule };
    },
  };
}

/** The scheduler's run: each draft whose time has come by `now` published in its publisher's name; a refusal stays. */
export async function publishDue(store: Store, settings: ServiceSettings, now: number) {
  for (const stored of await store.drafts.list()) {
    const draft = asDraft(stored);
    const { schedule } = draft;
    if (!schedule || schedule.problem || Date.parse(schedule.at) > now) continue;
    try {
      if (!draft.ready) throw refused(409, NOT_READY);
      // Changed after the time was set: not what was reviewed, and the board says so.
      if (!isDue(draft, now)) continue;
      const { by } = schedule;
      if (!listed(settings.editors, by)) throw refused(403, `${by} is no longer one of the site's editors.`);
      await draftActions({ store, settings, editor: { name: by, email: by } }).publishUnpublishedEntry({ ...draft });
    } catch (error) {
      // The store down or busy, or a lost race: the next run tries again. A refusal is the publisher's to act on.
      if (!(error instanceof Refusal) || error.status >= 500) continue;
      // One draft's refusal that could not be written holds no other: the next run meets it again.
      await store.drafts.setSchedule(stored.branch, { ...schedule, problem: error.message }).catch(() => null);
    }
  }
}
