/**
 * The editor's own code at /admin/, run after Decap's bundle with Decap's React (plugins/publish/editor/admin.ts): it
 * registers the clean YAML format, the previews (the site's own views) and the check that refuses a save the build
 * would refuse, then starts Decap.
 */
import React from "react";
import { PAGE_FILES, SERVICE_COUNT, fileKey, type JsonSchema } from "../content/model";
import "../styles/global.css";
import { CMS_FORMAT, SERVICES_COLLECTION, PAGES_COLLECTION, type CmsConfig } from "./config";
import { yamlFormat } from "./yaml-format";
import { CONTENT_API, PUBLISHERS_ONLY } from "../content/editor-backend";
import { draftBranch, editorialWorkflow, proxyCall, proxyStore } from "./content-store";
import { answers, keptEntry, remembered } from "./reads";
import { readSources, repositoryPath, SERVICES_FOLDER } from "./content-store";
import { startContentProblems } from "./content-problems";
import { LIVE_COMMIT_FILE } from "./live-status";
import { startLivePanel } from "./live-panel";
import { LOG_IN_AGAIN, notice, SESSION_ENDED } from "./login-notice";
import type { EntryState } from "./save-check";
import { parseData } from "../content/data";
import { startHistory } from "./history-panel";
import { startSchedule } from "./schedule-panel";
import { takePickedImages } from "./picked-images";
import { entryFile, openEntry, SOURCE_KEY } from "./entry";
import { DECAP_USER_KEY, decapCms, type DecapImplementation, type DecapPreviewProps } from "./decap";
import { readVersions } from "./read-versions";

declare const __CMS_CONFIG__: CmsConfig;
declare const __CONTENT_SCHEMAS__: Record<string, JsonSchema>;
/** The URL of the site's CSS as bundled with the previews (cms.<hash>.css), relative to this script. */
declare const __PREVIEW_STYLE__: string;

const CMS = decapCms();
const schemas = __CONTENT_SCHEMAS__;

CMS.registerCustomFormat(CMS_FORMAT, "yaml", yamlFormat(schemas));

// Absolute: the preview frame has no URL of its own to resolve against.
CMS.registerPreviewStyle(new URL(__PREVIEW_STYLE__, import.meta.url).href);

const backend = __CMS_CONFIG__.backend;
const store = proxyStore(backend.proxy_url);
const branch = backend.branch;

const read = readVersions();
type ProxyRequest = (payload: { action: string; params: Record<string, unknown> }) => Promise<unknown>;
interface ProxyBackend {
  request: ProxyRequest;
  branch: string;
  mediaFolder: string;
  getMedia(folder?: string): Promise<unknown>;
  getMediaFile(path: string): Promise<{ url: string }>;
  getMediaDisplayURL?(url: { path: string }): Promise<string>;
}
type Listed = { id: string; path: string; name: string; size: number };
/** Rethrows `error`, first saying so when it means the email login's session ended (a 401, or Access turning away). */
function sessionEnded(error: { status?: number }): never {
  const again = { label: LOG_IN_AGAIN, run: () => window.location.reload() };
  if (backend.name === CONTENT_API.name && (error.status === 401 || error instanceof TypeError)) {
    notice(document, SESSION_ENDED, again);
  }
  throw error;
}
// Decap's proxy backend, with each write naming the versions it replaces, and an ended session said so: the content
// service's, hosted (the content API) or over this folder's git repository (npm run cms).
const proxyInit = CMS.getBackend("proxy").init;
function versioned(...args: unknown[]) {
  const proxy = proxyInit(...args) as ProxyBackend;
  const request = proxy.request.bind(proxy);
  // The media library lists the folder, then reads an image when its card shows (as Decap's GitHub backend does):
  // one request opens a folder of any size.
  proxy.getMedia = async (mediaFolder = proxy.mediaFolder) =>
    ((await proxy.request({ action: "getMedia", params: { branch: proxy.branch, mediaFolder } })) as Listed[]).map(
      (file) => ({ ...file, displayURL: { path: file.path } }),
    );
  proxy.getMediaDisplayURL = async ({ path }) => (await proxy.getMediaFile(path)).url;
  // A form reads its draft (by collection and slug; the board, by id), then the draft's file: the drafts between.
  const formDrafts = new Set<string>();
  proxy.request = async ({ action, params }) => {
    const ask = () =>
      request({ action, params: read.params(action, params) }).catch((error) => {
        answers.kept.clear();
        return sessionEnded(error);
      });
    const draft = `${params.collection}/${params.slug}`;
    const form =
      (action === "unpublishedEntry" && !params.id) ||
      (action === "unpublishedEntryDataFile" && formDrafts.delete(draft));
    const answer = (action === "getEntry" && (await keptEntry(params))) || (await remembered(action, params, ask));
    // A read for a form the editor has since left (Decap's reload after a Publish, an entry opened and left at once):
    // Decap would put it into the entry now open, and a save would write it over that entry's file. Unanswered.
    const open = openEntry(location.hash);
    const here =
      open &&
      (action === "getEntry"
        ? entryFile(open.collection, open.slug).file === params.path
        : draft === `${open.collection}/${open.slug}`);
    if (open && !here && (action === "getEntry" || form)) return new Promise<never>(() => {});
    if (here && action === "unpublishedEntry" && form) formDrafts.add(draft);
    await read.answered(action, params, answer);
    return answer;
  };
  return proxy;
}
if (backend.name === CONTENT_API.name) {
  CMS.registerBackend(CONTENT_API.name, function ContentApi(...args: unknown[]) {
    return versioned(...args);
  });
  // Cloudflare Access logged the editor in before /admin/ opened: Decap needs no login page of its own.
  if (!localStorage.getItem(DECAP_USER_KEY))
    localStorage.setItem(DECAP_USER_KEY, JSON.stringify({ backendName: CONTENT_API.name }));
} else CMS.getBackend("proxy").init = versioned;

// The previews (the site's views) and the checks (the content check's rules, with its schema validator
// and phone numbers) load when first needed, in chunks of their own: the login page needs neither.
const saveCheck = () => import("./save-check");
function template(collection: string, name?: string) {
  const Preview = React.lazy(async () => ({
    default: (await import("./preview-templates")).previewComponent(schemas, { store, branch }, collection, name),
  }));
  return function LazyPreview(props: DecapPreviewProps) {
    return (
      <React.Suspense fallback={null}>
        <Preview {...props} />
      </React.Suspense>
    );
  };
}

for (const file of Object.keys(PAGE_FILES)) {
  const name = fileKey(file);
  CMS.registerPreviewTemplate(name, template(PAGES_COLLECTION, name));
}
CMS.registerPreviewTemplate(SERVICES_COLLECTION, template(SERVICES_COLLECTION));

/** Decap's Immutable map of the entry's fields. */
interface EntryData {
  toJS(): Record<string, unknown>;
  set(key: string, value: unknown): EntryData;
}
interface SavedEntry {
  get(key: "collection" | "slug"): string | undefined;
  get(key: "newRecord"): boolean | undefined;
  get(key: "data"): EntryData;
  /** Files picked in the media library for this entry; `draft` ones are not in the backend yet (drafts and review). */
  get(key: "mediaFiles"): { toJS(): { path: string; url?: string; draft?: boolean }[] } | undefined;
}

function entryState(entry: SavedEntry): EntryState {
  const media = entry.get("mediaFiles")?.toJS() ?? [];
  const pending = media.filter((file) => file.draft && file.url);
  return {
    collection: entry.get("collection") ?? "",
    slug: entry.get("newRecord") ? undefined : entry.get("slug") || undefined,
    data: entry.get("data").toJS(),
    pendingMedia: Object.fromEntries(
      pending.map((file) => [file.path, async () => new Uint8Array(await (await fetch(file.url!)).arrayBuffer())]),
    ),
  };
}

const firstInteraction = new Promise<void>((resolve) => {
  for (const type of ["pointerdown", "keydown"]) addEventListener(type, () => resolve(), { capture: true, once: true });
});

/**
 * Before a save and before a publish: the content check and the merge with others' changes (save-check.ts). A throw
 * stops it, and Decap shows its message; the form keeps the edits.
 */
async function startEditor(): Promise<void> {
  const workflow = await editorialWorkflow(backend, __CMS_CONFIG__.publish_mode === "editorial_workflow");
  const info =
    backend.name === CONTENT_API.name && (await proxyCall(CONTENT_API.url)("info", "info", {}).catch(() => ({})));
  const publisher = (info as { publisher?: boolean }).publisher !== false;
  if (!publisher) {
    // Not a publisher (the content API refuses their Publish): Publish shows disabled, and says why when pressed.
    const CONTROL = "button, [role=button], [role=menuitem]";
    const isPublish = (control: Element | null) =>
      /^Publish( now| changes| new entry)?$/.test(control?.textContent?.trim() ?? "");
    // Decap renders aria-disabled="false" on its menu button: set again whenever it does.
    new MutationObserver(() => {
      for (const control of document.querySelectorAll(CONTROL)) {
        if (isPublish(control) && control.getAttribute("aria-disabled") !== "true") {
          control.setAttribute("aria-disabled", "true");
          control.setAttribute("data-publishers-only", "");
        }
      }
    }).observe(document.body, { childList: true, subtree: true, attributeFilter: ["aria-disabled"] });
    document.addEventListener(
      "click",
      (event) => {
        const control = (event.target as Element).closest(CONTROL);
        if (!isPublish(control)) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        notice(document, `Not published: ${PUBLISHERS_ONLY}`, undefined, "Publishing");
      },
      true,
    );
  }
  const context = { store, branch, workflow, schemas };
  const check = async (entry: EntryState) => (await saveCheck()).checkSave(context, entry).catch(sessionEnded);
  CMS.registerEventListener({
    name: "preSave",
    handler: async ({ entry }: { entry: SavedEntry }) => {
      const { texts } = await check(entryState(entry));
      let data = entry.get("data");
      for (const [key, text] of Object.entries(texts)) data = data.set(key, text);
      return data;
    },
  });
  const panels = [
    startContentProblems({
      // From the editor's first touch or key (the first screen shows nothing of it unless content is broken), the
      // files first: where they cannot be read (the login page), the check's code is never loaded.
      check: async () => {
        await firstInteraction;
        const files = await readSources(store, branch);
        const { validators } = await import("../content/schemas.generated");
        const { checkFiles } = await import("../content/validate");
        return checkFiles({ schemas, validators, files, display: repositoryPath, image: () => undefined }).errors;
      },
    }),
  ];
  if (backend.name === CONTENT_API.name) {
    // "Is it live?": the build's commit (build.json beside this page) against the branch, through the content API.
    const api = (resource: string) => proxyCall(CONTENT_API.url)(resource, "liveStatus", { branch, resource });
    const liveCommitUrl = new URL(LIVE_COMMIT_FILE, document.baseURI).href;
    panels.push(startLivePanel({ api, branch, liveCommitUrl }));
  }
  const config: CmsConfig = { ...__CMS_CONFIG__, backend };
  startHistory({
    fieldsOf(collection, slug) {
      const found = config.collections.find((c) => c.name === collection);
      return found && "files" in found ? found.files.find((f) => f.name === slug)?.fields : found?.fields;
    },
    store,
    branchOf: async (entry) => (await saveCheck()).entryBranch(context, entry),
    // A restore is a save of the version's values made by the editor's own backend, as Decap's Save makes it.
    async restore({ collection, slug, file }, version, opened) {
      const { restorable } = await saveCheck();
      const values = await restorable(context, { collection, slug }, parseData(version.text ?? ""), parseData(opened));
      const { written } = await check({ collection, slug, data: { ...values, [SOURCE_KEY]: opened } });
      const own = CMS.getBackend(backend.name).init(config, { useWorkflow: workflow }) as DecapImplementation;
      await own.authenticate(JSON.parse(localStorage.getItem(DECAP_USER_KEY) ?? "null"));
      const unpublished = workflow && (await store.hasDraft(draftBranch(collection, slug), branch));
      const commitMessage = `Restore ${file} to ${version.date.slice(0, 10)} (${version.sha.slice(0, 7)})`;
      const options = {
        commitMessage,
        collectionName: collection,
        useWorkflow: workflow,
        unpublished,
        status: "draft",
      };
      await own.persistEntry({ dataFiles: [{ path: file, slug, raw: written }], assets: [] }, options);
    },
  });
  // What changes the branch: a save, or with drafts a publish (Decap fires both events for a save without drafts).
  CMS.registerEventListener({
    name: workflow ? "postPublish" : "postSave",
    handler: () => panels.forEach((panel) => panel.refresh()),
  });
  // Before Decap deletes (or unpublishes) an entry: the site needs at least one service.
  CMS.registerEventListener({
    name: "preUnpublish",
    handler: async ({ entry }: { entry: SavedEntry }) => {
      if (entry.get("collection") !== SERVICES_COLLECTION) return;
      const own = entryFile(SERVICES_COLLECTION, String(entry.get("slug"))).file;
      const left = (await store.list(SERVICES_FOLDER, branch)).filter((file) => file.path !== own);
      if (left.length < SERVICE_COUNT.min) {
        throw new Error("Not deleted: this is the site's last service, and the site needs one. Add another first.");
      }
    },
  });
  if (workflow) {
    const schedule = startSchedule(backend.proxy_url, branch, backend.site_timezone, publisher);
    CMS.registerEventListener({ name: "postSave", handler: schedule.refresh });
    CMS.registerEventListener({
      name: "prePublish",
      handler: async ({ entry }: { entry: SavedEntry }) => (await saveCheck()).checkPublish(context, entryState(entry)),
    });
  }
  if (workflow) config.publish_mode = "editorial_workflow";
  else delete config.publish_mode;
  if (backend.name === "proxy") {
    // Editing locally: "View Live" and the header's link open the site this editor runs beside, where a save shows;
    // there is no host to build a draft's preview, so no "Check for Preview" (admin.css).
    config.site_url = config.display_url = window.location.origin;
    document.documentElement.dataset.editing = "local";
  }
  // With drafts, each draft has its review notes (kept where the draft lives, by the server).
  CMS.init({ config: workflow ? { ...config, editor: { notes: true } } : config });
}

// The workflow board's "New Post" button creates an entry of a collection that allows it (a service): not a post.
const en = CMS.getLocale("en");
const workflowPhrases = en.workflow as { workflow: Record<string, string> };
CMS.registerLocale("en", {
  ...en,
  workflow: { ...workflowPhrases, workflow: { ...workflowPhrases.workflow, newPost: "New entry" } },
});

/**
 * On a phone, one pane at a time (admin.css): an entry opens on its fields. Elsewhere it opens on its preview until the
 * editor picks another pane (Decap's first choice would be a draft's notes). Decap keeps the choice under this key.
 */
const PHONE_QUERY = "(max-width: 759px)";
const DECAP_PANE_KEY = "cms.right-pane";
try {
  if (window.matchMedia(PHONE_QUERY).matches) localStorage.setItem(DECAP_PANE_KEY, "none");
  else if (!localStorage.getItem(DECAP_PANE_KEY)) localStorage.setItem(DECAP_PANE_KEY, "preview");
} catch {
  // Storage refused (a private window): Decap opens on its default, the toggle still switches.
}

takePickedImages(document);
void startEditor();
