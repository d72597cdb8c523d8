/**
 * The store the editor's server works on: GitHub's repository for the live site (stores/github.ts), this folder's for
 * `npm run cms` (stores/git.ts). Trees and blobs, a commit, a ref moved only from the commit it was read at, and the
 * drafts with the record and review notes only the server writes.
 */
import type { Schedule } from "../../../src/content/schedule";

/** A commit's files by path: their blob sha and git mode. */
export type Listing = Map<string, { sha: string; mode: string }>;
/** A file a commit changes: its new bytes in base64, or null when it deletes it. */
export type Change = { path: string; content: string | null };
type Person = { name: string; email: string };
/** A draft as the store keeps it: its branch's head, its status (Decap's), who made it, and its schedule. */
export type StoredDraft = { branch: string; head: string; status: string; author: string; schedule: Schedule | null };
/** A review note on a draft, as the server recorded it: its author is whoever was logged in when it was written. */
export type Note = { id: string; author: string; timestamp: string; resolved: boolean; content: string };
type Commit = { sha: string; date: string; author: Person };
type NewCommit = { tree: string; changes: Change[]; parents: string[]; message: string; author: Person };

export interface Store {
  /** The commit the branch `ref` points at; null where there is no such branch. */
  head(ref: string): Promise<string | null>;
  /** The file at `path` in `ref` (a branch or a commit); null where there is none. A link or submodule is refused. */
  read(path: string, ref: string): Promise<{ sha: string; bytes: Uint8Array } | null>;
  /** The files (not folders, links or submodules) directly in `folder` on `ref`. */
  list(folder: string, ref: string): Promise<{ path: string; name: string; sha: string; size: number }[]>;
  /** Every file of a commit, from one read of its whole tree. */
  tree(commit: string): Promise<{ sha: string; files: Listing }>;
  blob(sha: string): Promise<Uint8Array>;
  /** A new commit: the tree `tree` with `changes` made, on `parents`, by `author`. */
  write(commit: NewCommit): Promise<string>;
  /** Moves the branch `ref` to `next` only from `from` (null: makes it); false where it moved meanwhile. */
  move(ref: string, next: string, from: string | null): Promise<boolean>;
  /** The newest commit of both histories. */
  mergeBase(a: string, b: string): Promise<string>;
  /** The commits of `from`'s history that changed `path` (or any, without it), newest first. */
  log(from: string, count: number, path?: string): Promise<Commit[]>;
  /** What the draft `head` changes since it left `base`, as the board lists it. */
  changed(base: string, head: string): Promise<{ path: string; sha: string; added: boolean }[]>;
  drafts: {
    list(): Promise<StoredDraft[]>;
    /** The draft of the branch `branch`; null where the server made none. */
    find(branch: string): Promise<StoredDraft | null>;
    /** Makes the draft of `branch` (which exists): `title` is its first commit's message. */
    open(branch: string, draft: { title: string; status: string; author: string }): Promise<void>;
    setStatus(branch: string, status: string): Promise<void>;
    setSchedule(branch: string, schedule: Schedule | null): Promise<void>;
    /** Deletes the draft and its branch; its notes are kept. */
    remove(branch: string): Promise<void>;
    /** The review notes of the draft of `branch`, oldest first, as the server wrote them (any other is ignored). */
    notes(branch: string): Promise<Note[]>;
    /** Writes `note` on the draft of `branch`, over the one of its id if there is one; `remove`: deletes that one. */
    writeNote(branch: string, note: Note, remove?: boolean): Promise<void>;
  };
  /** What the host reports on a commit of the live branch (GitHub's checks and statuses); none for a local store. */
  reports?(commit: string, part: "" | "/check-runs" | "/status"): Promise<Record<string, unknown>>;
}

/** A refusal the editor reads as it is, with the status the server answers. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
