/**
 * The content API's tests' session: the stand-ins for GitHub and Access started for each test, and requests as the
 * editor sends them (api.ts called as the Worker calls it, with the validators the build compiles).
 */
import path from "path";
import { parse, stringify } from "yaml";
import { serviceFiles } from "../../src/content/read-content";
import { draftBranch } from "../../src/cms/content-store";
import { blobSha } from "../../src/content/bytes";
import type * as Api from "../../functions/_lib/content/api";
import { standInSettings, startContentStandIn, type ContentStandIn } from "../../e2e/content-api-stand-in";

export const DATA = path.join(__dirname, "..", "..", "data");
export const { handleContent, publishDue } = require("../../functions/_lib/content/api") as typeof Api;

export const ANN = "ann@firm.example";
export const BEN = "ben@firm.example";
export const SERVICES = serviceFiles(DATA).map((name) => `data/${name}`);

export let standIn: ContentStandIn;
beforeEach(async () => {
  standIn = await startContentStandIn("firm/site", DATA);
});
afterEach(() => standIn.close());

/** The content API's settings with drafts and review, Ben the one publisher. */
export const workflowEnv = () => ({ ...standInSettings(standIn), CMS_EDITORIAL_WORKFLOW: "true", PUBLISHERS: BEN });

type Answer = { status: number; body: Record<string, unknown> & { error?: string } };
/** A request as the editor sends it, from `email` (or with Access's `assertion`); `workflow`: drafts and review. */
export async function call(email: string, action: string, params: object, workflow = true, assertion?: string) {
  const request = new Request("https://site.example/api/content", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Sec-Fetch-Site": "same-origin",
      "Cf-Access-Jwt-Assertion": assertion ?? (await standIn.assertion(email)),
    },
    body: JSON.stringify({ action, params: { branch: "main", ...params } }),
  });
  const response = await handleContent(request, workflow ? workflowEnv() : standInSettings(standIn));
  return { status: response.status, body: (await response.json()) as Answer["body"] } satisfies Answer;
}

export const version = (file: string) => blobSha(Buffer.from(standIn.file(file)!));
export const slugOf = (file: string) => path.basename(file, ".yaml");
export const base64 = (text: string | Buffer) => Buffer.from(text).toString("base64");

/** Saves `text` as the draft of the service `file`, as `email`; answers the draft's head. */
export async function saveDraft(email: string, file: string, text: string) {
  const draft = draftBranch("services", slugOf(file));
  const current = standIn.file(file, draft) ?? standIn.file(file);
  const versions = current === null ? {} : { [file]: await blobSha(Buffer.from(current)) };
  const answer = await call(email, "persistEntry", {
    dataFiles: [{ path: file, slug: slugOf(file), raw: text }],
    assets: [],
    options: { useWorkflow: true, collectionName: "services", status: "draft", commitMessage: `Draft of ${file}` },
    versions,
  });
  expect(answer).toMatchObject({ status: 200 });
  return String(answer.body.head);
}
/** Saves a draft of a page file (any content has one), as `email`: the firm's file with a comment added. */
export async function savePageDraft(email: string) {
  const firm = "data/firm.yaml";
  const answer = await call(email, "persistEntry", {
    dataFiles: [{ path: firm, slug: "firm", raw: `${standIn.file(firm)}# a second draft\n` }],
    options: { useWorkflow: true, collectionName: "pages", status: "draft" },
    versions: { [firm]: await version(firm) },
  });
  expect(answer.status).toBe(200);
  return String(answer.body.head);
}
export const publish = (file: string, head: string) =>
  call(BEN, "publishUnpublishedEntry", { collection: "services", slug: slugOf(file), head });

/** `file`'s data with `change` made to it, as YAML. */
export const edited = (file: string, change: (data: Record<string, unknown>) => void, branch = "main") => {
  const data = parse(standIn.file(file, branch)!) as Record<string, unknown>;
  change(data);
  return stringify(data);
};
