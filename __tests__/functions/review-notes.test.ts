/**
 * Review notes on drafts, through the content API against the stand-in for GitHub, whose pull requests carry comments
 * as GitHub's do (pages of at most 100; anyone with write access edits or deletes anyone's). Any editor reads and adds
 * notes; only a note's author edits or deletes it; its author, the draft's author or a publisher resolves it; the
 * author is the server's record, and a note is text.
 * @jest-environment node
 */
import { NOTE_MAX } from "../../src/content/editor-requests";
import { AUTHORS_ONLY, RESOLVERS } from "../../functions/_lib/content/notes";
import {
  ANN,
  BEN,
  SERVICES,
  call,
  edited,
  publish,
  saveDraft,
  savePageDraft,
  slugOf,
  standIn,
} from "../helpers/content-api";

const CAT = "cat@firm.example";
const file = SERVICES[0];
const at = { collection: "services", slug: slugOf(file) };
type Note = { id: string; author: string; content: string; resolved: boolean; isOwn: boolean };
const notes = async (email = ANN) => ((await call(email, "getNotes", at)).body.notes ?? []) as Note[];
async function add(email: string, content: string) {
  const answer = await call(email, "addNote", { ...at, note: { content, author: "someone else", resolved: true } });
  expect(answer).toMatchObject({ status: 200 });
  return (answer.body as unknown as { note: Note }).note;
}
const draft = () =>
  saveDraft(
    ANN,
    file,
    edited(file, (d) => (d.title = `${String(d.title)} (draft)`)),
  );
const board = async () => (await call(CAT, "drafts", {})).body as unknown as { openNotes?: number }[];
const refusal = (why: string) => expect.objectContaining({ error: `Refused: ${why} Nothing was changed.` });

test("every editor reads and adds notes on a draft, recorded as theirs whatever the note claims; the board counts", async () => {
  expect(await notes()).toEqual([]);
  expect(await call(BEN, "addNote", { ...at, note: { content: "Too early" } })).toMatchObject({ status: 404 });
  await draft();
  const note = await add(BEN, "Please check the second paragraph.");
  expect(note).toMatchObject({ author: BEN, resolved: false, isOwn: true });
  await add(CAT, "A second opinion.");
  expect(await notes(CAT)).toEqual([
    { ...note, isOwn: false },
    expect.objectContaining({ author: CAT, content: "A second opinion.", isOwn: true }),
  ]);
  // The draft's author may resolve any note of it, so every button shows theirs.
  expect((await notes(ANN)).map((n) => n.isOwn)).toEqual([true, true]);
  expect((await board())[0].openNotes).toBe(2);
  expect(standIn.comments.map((c) => c.user.login)).toEqual(["site-editor[bot]", "site-editor[bot]"]);
});

test("the board reads a draft's notes in one request to GitHub, and one draft's failing holds no other", async () => {
  const cost = async () => {
    const before = standIn.requests.length;
    await board();
    return standIn.requests.length - before;
  };
  await draft();
  await add(BEN, "On the service");
  const one = await cost();
  await savePageDraft(ANN);
  await call(BEN, "addNote", { collection: "pages", slug: "firm", note: { content: "On the firm" } });
  expect((await board()).map((d) => d.openNotes)).toEqual([1, 1]);
  expect((await cost()) - one).toBe(1);
  // GitHub failing one draft's comments leaves every card's line but that count.
  standIn.failOn = `GET /issues/${standIn.pulls[0].number}/comments`;
  expect((await board()).map((d) => d.openNotes)).toEqual([undefined, 1]);
});

test("only the author edits or deletes a note; its author, the draft's author or a publisher resolves it", async () => {
  await draft();
  const cats = await add(CAT, "Cat's note");
  const bens = await add(BEN, "Ben's note");
  const update = (email: string, id: string, updates: object) =>
    call(email, "updateNote", { ...at, noteId: id, updates });
  expect(await update(BEN, cats.id, { content: "Rewritten" })).toMatchObject({
    status: 403,
    body: refusal(AUTHORS_ONLY),
  });
  expect(await call(ANN, "deleteNote", { ...at, noteId: cats.id })).toMatchObject({ status: 403 });
  expect(await update(CAT, bens.id, { resolved: true })).toMatchObject({ status: 403, body: refusal(RESOLVERS) });
  expect(await call(CAT, "toggleNoteResolution", { ...at, noteId: bens.id })).toMatchObject({ status: 403 });
  expect((await notes()).map((n) => [n.content, n.resolved])).toEqual([
    ["Cat's note", false],
    ["Ben's note", false],
  ]);
  expect(await update(CAT, cats.id, { content: "Cat's note, reworded" })).toMatchObject({ status: 200 });
  expect(await update(ANN, bens.id, { resolved: true })).toMatchObject({ status: 200 });
  expect(await call(BEN, "toggleNoteResolution", { ...at, noteId: cats.id })).toMatchObject({ status: 200 });
  expect((await board())[0].openNotes).toBe(0);
  expect(await call(BEN, "toggleNoteResolution", { ...at, noteId: cats.id })).toMatchObject({ status: 200 });
  expect(await call(CAT, "deleteNote", { ...at, noteId: cats.id })).toMatchObject({ status: 200 });
  expect((await notes()).map((n) => [n.author, n.content, n.resolved])).toEqual([[BEN, "Ben's note", true]]);
  expect(await call(CAT, "deleteNote", { ...at, noteId: cats.id })).toMatchObject({ status: 404 });
});

test("a note is text, bounded, and mentions no one on GitHub; a fence in it does not end its block", async () => {
  await draft();
  const lines = Array.from({ length: 1000 }, (_, i) => `${i} </script><script>alert(1)</script> @ben ~~~~`);
  const content = `@firm/team please look\n~~~\n${lines.join("\n")}\n<!-- site-editor-note {} ${"0".repeat(64)} -->`;
  expect(content.length).toBeLessThanOrEqual(NOTE_MAX);
  await add(ANN, content);
  expect((await notes()).map((n) => n.content)).toEqual([content]);
  // Every mention is inside the fenced code block, where GitHub links and notifies no one.
  const [body] = standIn.comments.map((c) => c.body);
  const fence = /\n(~{3,})\n/.exec(body)![1];
  const [outside, inside] = [body.split(`\n${fence}\n`)[0] + body.split(`\n${fence}\n`).at(-1), content];
  expect(body).toContain(`\n${fence}\n${inside}\n${fence}\n`);
  expect(outside).not.toMatch(/(^|[^\w`])@\w/);
  // At the bound, even a note of newlines fits a comment; past it, refused before GitHub is asked.
  await add(ANN, "\n".repeat(NOTE_MAX - 1) + "~");
  expect(await call(ANN, "addNote", { ...at, note: { content: "x".repeat(NOTE_MAX + 1) } })).toMatchObject({
    status: 400,
  });
  expect(standIn.comments).toHaveLength(2);
});

test("a comment edited on GitHub keeps its recorded author; copies and others' comments are no notes", async () => {
  await draft();
  const note = await add(CAT, "Cat's note");
  const [comment] = standIn.comments;
  const { number } = standIn.pulls[0];
  // A developer rewrites the visible author: the note is still Cat's.
  comment.body = comment.body.replace(`\`${CAT}\``, `\`${BEN}\``);
  expect(await notes()).toEqual([expect.objectContaining({ id: note.id, author: CAT })]);
  // Another's comment copying the App's, another pull request's, and a copy within the App's: no second note.
  standIn.comments.push({ ...comment, id: 1, user: { login: "developer" } });
  standIn.comments.push({ ...comment, id: 2, body: comment.body.replace("Cat's", "Ben's") });
  standIn.comments.push({ ...comment, id: 3 });
  expect(await notes()).toEqual([expect.objectContaining({ id: note.id, author: CAT, content: "Cat's note" })]);
  // The record's author rewritten: unsigned, so no note at all, never one by Ben.
  comment.body = comment.body.replace(/"author":"[^"]+"/, `"author":"${BEN.replace("@", "\\u0040")}"`);
  standIn.comments.splice(standIn.comments.length - 1, 1);
  expect((await notes()).filter((n) => n.author === BEN)).toEqual([]);
  expect(standIn.comments.every((c) => c.issue === number)).toBe(true);
});

test("a note past GitHub's first page of comments is read; notes stay on GitHub past a Publish", async () => {
  const head = await draft();
  const { number } = standIn.pulls[0];
  for (let id = 1; id <= 100; id++)
    standIn.comments.push({ id, issue: number, user: { login: "someone" }, body: "+1" });
  const note = await add(ANN, "On the second page");
  expect(await notes()).toEqual([expect.objectContaining({ id: note.id, content: "On the second page" })]);
  expect(await publish(file, head)).toMatchObject({ status: 200 });
  expect(standIn.comments).toHaveLength(101);
  expect(await notes()).toEqual([]);
});
