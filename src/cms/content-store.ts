/**
 * Reads content files as the editor's backend holds them right now, apart from Decap's own cache: the checks before a
 * save or a publish (save-check.ts) and the previews read through it. Two backends: Decap's local proxy
 * (decap-server, both its modes) and GitHub's contents API with the editor's own token.
 */
import { CONTENT_FOLDER } from "../content/model";
import { SERVICES_DIRECTORY } from "../content/type-names";
import type { CmsBackend } from "./backend";
import { parseData } from "./yaml-format";

export interface StoredFile {
  /** Relative to the repository: data/services/other.yaml */
  path: string;
  text: string;
}

export interface ContentStore {
  /** The file's text on `branch`; null when the branch or the file does not exist. */
  read(path: string, branch: string): Promise<string | null>;
  /** The YAML files (.yaml, .yml) directly in `folder` on `branch`, by path. */
  list(folder: string, branch: string): Promise<StoredFile[]>;
}

export const SERVICES_FOLDER = `${CONTENT_FOLDER}/${SERVICES_DIRECTORY}`;

/** Every service file on `branch`, by path, with its fields. */
export async function readServices(
  store: ContentStore,
  branch: string,
): Promise<{ path: string; data: Record<string, unknown> }[]> {
  const files = await store.list(SERVICES_FOLDER, branch);
  return files.map((file) => ({ path: file.path, data: parseData(file.text) }));
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

const isYaml = (path: string) => /\.ya?ml$/.test(path);

class StoreError extends Error {
  constructor(what: string, response: Response) {
    super(
      `Could not read ${what} from the editor's backend (HTTP ${response.status}). Check the connection and retry.`,
    );
  }
}

/** decap-server at `proxyUrl` (…/api/v1): its own actions, as Decap's proxy backend sends them. */
export function proxyStore(proxyUrl: string, fetchImpl: Fetch = fetch): ContentStore {
  const call = async (what: string, action: string, params: Record<string, unknown>) => {
    const response = await fetchImpl(proxyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action, params }),
      cache: "no-store",
    });
    // In its git mode, decap-server answers 422 for a branch that does not exist (a draft not saved yet).
    if (response.status === 422) return null;
    if (!response.ok) throw new StoreError(what, response);
    return (await response.json()) as { data: string | null; file: { path: string } }[];
  };
  return {
    async read(path, branch) {
      const found = await call(path, "entriesByFiles", { branch, files: [{ path }] });
      return found?.[0]?.data ?? null;
    },
    async list(folder, branch) {
      const lists = await Promise.all(
        ["yaml", "yml"].map((extension) => call(folder, "entriesByFolder", { branch, folder, extension, depth: 1 })),
      );
      return lists
        .flatMap((list) => list ?? [])
        .filter((entry) => entry.data !== null && isYaml(entry.file.path))
        .map((entry) => ({ path: entry.file.path, text: entry.data as string }));
    },
  };
}

/** GitHub's contents API for `repo`, with the token Decap keeps for the logged-in editor. */
export function githubStore(
  apiRoot: string,
  repo: string,
  token: () => string | undefined,
  fetchImpl: Fetch = fetch,
): ContentStore {
  const get = async (what: string, path: string, branch: string, accept: string) => {
    const encoded = path.split("/").map(encodeURIComponent).join("/");
    const auth = token();
    const response = await fetchImpl(`${apiRoot}/repos/${repo}/contents/${encoded}?ref=${encodeURIComponent(branch)}`, {
      headers: { Accept: accept, ...(auth ? { Authorization: `token ${auth}` } : {}) },
      // GitHub lets browsers cache these answers for a minute: a save must see the file as it is now.
      cache: "no-store",
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new StoreError(what, response);
    return response;
  };
  const read = async (path: string, branch: string) =>
    (await get(path, path, branch, "application/vnd.github.raw+json"))?.text() ?? null;
  return {
    read,
    async list(folder, branch) {
      const response = await get(folder, folder, branch, "application/vnd.github+json");
      const items = response ? ((await response.json()) as { type: string; path: string }[]) : [];
      const files = items.filter((item) => item.type === "file" && isYaml(item.path));
      const texts = await Promise.all(files.map((file) => read(file.path, branch)));
      return files.flatMap((file, i) => (texts[i] === null ? [] : [{ path: file.path, text: texts[i] as string }]));
    },
  };
}

/** The key under which Decap keeps the logged-in editor (with the backend's token) in localStorage. */
export const DECAP_USER_KEY = "decap-cms-user";

function decapToken(): string | undefined {
  try {
    const user = JSON.parse(localStorage.getItem(DECAP_USER_KEY) ?? "null") as { token?: unknown } | null;
    return typeof user?.token === "string" ? user.token : undefined;
  } catch {
    return undefined;
  }
}

export const GITHUB_API = "https://api.github.com";

/** The store for the editor's backend, or null for a backend it cannot read (gitlab, git-gateway). */
export function storeFor(config: CmsBackend["config"]): ContentStore | null {
  if (config.name === "proxy" && config.proxy_url) return proxyStore(config.proxy_url);
  if (config.name === "github" && config.repo) {
    return githubStore(config.api_root ?? GITHUB_API, config.repo, decapToken);
  }
  return null;
}
