/** Reads content as the editor's backend holds it right now, not Decap's cache, in Decap's proxy protocol. */
import { CONTENT_FOLDER, PAGE_FILES, SERVICES_DIRECTORY, type SourceFile } from "../content/model";
import { fromBase64 } from "../content/bytes";
import { LOCAL_HOSTS, type CmsBackend } from "../content/editor-backend";
import { remembered, type Entries } from "./reads";
import { HISTORY_PAGE, type Version } from "./history";
import { SESSION_ENDED } from "./login-notice";

export interface StoredFile {
  /** Relative to the repository: data/services/other.yaml */
  path: string;
  text: string;
  version?: string;
}

export interface ContentStore {
  /** The file's text on `branch`, and its version where the backend names one; null when there is no such file. */
  read(path: string, branch: string): Promise<{ text: string; version?: string } | null>;
  /** The YAML files (.yaml, as the editor writes them) directly in `folder` on `branch`, by path, with versions. */
  list(folder: string, branch: string): Promise<StoredFile[]>;
  /** A file's bytes on `branch` (an image); null (or an error) when there is no such file. */
  readBytes(path: string, branch: string): Promise<Uint8Array | null>;
  /** Whether the draft branch `draft` (cms/<collection>/<slug>) exists beside the published branch `base`. */
  hasDraft(draft: string, base: string): Promise<boolean>;
  /**
   * The versions of the file at `path`, newest first, from commit `from` (or the head of `branch`): a page of the
   * history and the version before it. `note` says why there is none.
   */
  history(path: string, branch: string, from?: string): Promise<{ versions: Version[]; note?: string }>;
}

export { draftName as draftBranch } from "../content/editor-requests";

/** A name in the content directory (services/x.yaml) as a path in the repository (data/services/x.yaml), and back. */
export const repositoryPath = (name: string) => `${CONTENT_FOLDER}/${name}`;
export const contentPath = (path: string) => path.slice(CONTENT_FOLDER.length + 1);

export const SERVICES_FOLDER = repositoryPath(SERVICES_DIRECTORY);

/** All the content on `branch`: the page files there are and the services, by their names in the content folder. */
export async function readSources(store: ContentStore, branch: string): Promise<SourceFile[]> {
  const names = Object.keys(PAGE_FILES);
  const [services, ...pages] = await Promise.all([
    store.list(SERVICES_FOLDER, branch),
    ...names.map((name) => store.read(repositoryPath(name), branch)),
  ]);
  return [
    ...names.flatMap((name, i) => (pages[i] === null ? [] : [{ name, text: pages[i].text }])),
    ...services.map((file) => ({ name: contentPath(file.path), text: file.text })),
  ];
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** A call of Decap's proxy protocol at `proxyUrl`: the local backend (…/api/v1), or the content API (/api/content). */
export function proxyCall(proxyUrl: string, fetchImpl: Fetch = fetch) {
  return async (what: string, action: string, params: Record<string, unknown>) => {
    const response = await fetchImpl(proxyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action, params }),
      cache: "no-store",
    });
    // Not answered: the reason the backend gave, or what could not be read; with the status, for the caller.
    if (!response.ok) {
      const { error } = (await response.json().catch(() => ({}))) as { error?: string };
      const { status } = response;
      const why = `Could not read ${what} from the editor's backend (HTTP ${status}). Check the connection and retry.`;
      throw Object.assign(new Error(status === 401 ? SESSION_ENDED : (error ?? why)), { status });
    }
    return response.json() as Promise<unknown>;
  };
}

/**
 * Whether saves are drafts: for a hosted backend as the build was told, locally as the local backend's `info` says
 * (none running, Decap says so itself when the editor logs in).
 */
export async function editorialWorkflow(config: CmsBackend["config"], configured: boolean): Promise<boolean> {
  if (config.name !== "proxy") return configured;
  // Anywhere but this machine the browser would ask the visitor to let the page reach their own machine.
  if (!LOCAL_HOSTS.includes(location.hostname)) return false;
  const info = proxyCall(config.proxy_url)("the drafts", "info", {}).catch(() => ({}));
  return ((await info) as { publish_modes?: string[] }).publish_modes?.includes("editorial_workflow") === true;
}

/** The files behind Decap's proxy protocol at `proxyUrl` (the local backend, or the content API hosted). */
export function proxyStore(proxyUrl: string, fetchImpl: Fetch = fetch): ContentStore {
  const direct = proxyCall(proxyUrl, fetchImpl);
  const call = (what: string, action: string, params: Record<string, unknown>) =>
    remembered(action, params, () => direct(what, action, params));
  return {
    async read(path, branch) {
      const [found] = (await call(path, "entriesByFiles", { branch, files: [{ path }] })) as Entries;
      return typeof found?.data === "string" ? { text: found.data, version: found.file.id ?? undefined } : null;
    },
    async list(folder, branch) {
      // As Decap lists the services, whose file it reads then: the server's check reads a .yml one too.
      const listed = (await call(folder, "entriesByFolder", {
        branch,
        folder,
        extension: "yaml",
        depth: 1,
      })) as Entries;
      return listed
        .filter((entry) => entry.data !== null && entry.file.path.endsWith(".yaml"))
        .map((entry) => ({ path: entry.file.path, text: entry.data as string, version: entry.file.id ?? undefined }));
    },
    async readBytes(path, branch) {
      // The backend answers a file it does not have with an error, which reaches the editor as one.
      const file = (await call(path, "getMediaFile", { branch, path })) as { content: string };
      return fromBase64(file.content);
    },
    async hasDraft(draft, base) {
      // The drafts, as collection/slug keys.
      const keys = (await call("the drafts", "unpublishedEntries", { branch: base })) as string[];
      return keys.some((key) => `cms/${key}` === draft);
    },
    history: async (path, branch, from) =>
      (await call(`the history of ${path}`, "history", { branch, path, from, count: HISTORY_PAGE + 1 })) as {
        versions: Version[];
      },
  };
}
