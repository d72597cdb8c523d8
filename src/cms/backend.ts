/**
 * Where the editor at /admin/ reads and writes content, from the build's CMS_* variables (docs/deploy.md's table: a
 * wrong value stops the build naming the variable). Unset, the editor works only on this machine, through
 * `decap-server` (npm run cms); `access` saves through the site's content API (functions/api/content.ts), `github`
 * with each editor's GitHub login. Either way the editor reads the current files before each save (content-store.ts).
 */

/** The port `decap-server` listens on, and the local backend's address (Decap's default). */
export const LOCAL_PROXY_PORT = 8081;
/** The hosts local editing works at: the editor's page and the proxy both on this machine. */
export const LOCAL_HOSTS = ["localhost", "127.0.0.1"];
export const LOCAL_PROXY_ORIGINS = LOCAL_HOSTS.map((host) => `http://${host}:${LOCAL_PROXY_PORT}`);

export const CMS_BACKENDS = ["github", "access"] as const;
type CmsBackendName = (typeof CMS_BACKENDS)[number];

/**
 * The content API the editor saves through with CMS_BACKEND=access: Decap's proxy protocol, as decap-server speaks
 * it locally, under the backend name the editor registers for it (cms.tsx).
 */
export const CONTENT_API = { name: "content-api", url: "/api/content" } as const;

/**
 * Decap's `auth_endpoint` for the site's own GitHub login (functions/api/auth.ts), relative to `base_url`, which is
 * the origin the editor runs at and so is known only in the browser (backendAtOrigin).
 */
export const SITE_LOGIN_ENDPOINT = "api/auth";

export interface CmsBackend {
  /** Decap's `backend` setting. */
  config: {
    name: "github" | "proxy" | typeof CONTENT_API.name;
    proxy_url?: string;
    /** GitHub's API (Decap's default, https://api.github.com). */
    api_root?: string;
    repo?: string;
    branch: string;
    base_url?: string;
    auth_endpoint?: string;
    auth_scope?: AuthScope;
  };
  editorialWorkflow: boolean;
  /**
   * Hosts the editor's page must reach (its Content-Security-Policy connect-src), beside its own: the local
   * decap-server for local editing only, the backend's API otherwise.
   */
  connectOrigins: string[];
}

/** The scopes an OAuth app's login may ask for (functions/_lib/login/settings.ts accepts the same). */
export const AUTH_SCOPES = ["repo", "public_repo"] as const;
type AuthScope = (typeof AUTH_SCOPES)[number];

export type CmsEnv = Partial<Record<string, string | undefined>>;

/** The backend the environment asks for, or an error naming the variable that is wrong. */
export function cmsBackend(env: CmsEnv): { backend: CmsBackend; error?: undefined } | { error: string } {
  const value = (name: string) => env[name]?.trim() || undefined;
  const name = value("CMS_BACKEND");
  const repo = value("CMS_REPO");
  const branch = value("CMS_BRANCH") ?? "main";
  const authUrl = value("CMS_AUTH_URL");
  const workflow = value("CMS_EDITORIAL_WORKFLOW");
  const scope = value("CMS_AUTH_SCOPE");

  if (workflow !== undefined && workflow !== "true" && workflow !== "false") {
    return { error: `CMS_EDITORIAL_WORKFLOW is "${workflow}": expected true or false.` };
  }
  if (!/^[\w./-]+$/.test(branch) || branch.includes("..")) {
    return { error: `CMS_BRANCH is "${branch}": expected a git branch name such as main.` };
  }
  const editorialWorkflow = workflow === "true";

  if (scope !== undefined && !(AUTH_SCOPES as readonly string[]).includes(scope)) {
    return { error: `CMS_AUTH_SCOPE is "${scope}": expected ${AUTH_SCOPES.join(" or ")}.` };
  }

  if (name === undefined) {
    for (const other of ["CMS_REPO", "CMS_AUTH_URL", "CMS_AUTH_SCOPE"]) {
      if (value(other)) return { error: `${other} is set, but CMS_BACKEND is not: set CMS_BACKEND too.` };
    }
    return {
      backend: {
        config: { name: "proxy", proxy_url: `${LOCAL_PROXY_ORIGINS[0]}/api/v1`, branch },
        editorialWorkflow,
        connectOrigins: LOCAL_PROXY_ORIGINS,
      },
    };
  }
  if (!(CMS_BACKENDS as readonly string[]).includes(name)) {
    return {
      error: `CMS_BACKEND is "${name}": expected ${CMS_BACKENDS.join(" or ")}, or unset for local editing only.`,
    };
  }
  const backendName = name as CmsBackendName;
  if (!repo || !/^[\w.-]+\/[\w.-]+$/.test(repo)) {
    return {
      error: `CMS_REPO is ${repo ? `"${repo}"` : "not set"}: CMS_BACKEND=${backendName} needs the repository as owner/name.`,
    };
  }
  if (authUrl !== undefined) {
    let ok = false;
    try {
      ok = new URL(authUrl).protocol === "https:";
    } catch {
      ok = false;
    }
    if (!ok) return { error: `CMS_AUTH_URL is "${authUrl}": expected an absolute https:// URL.` };
  }
  if (backendName === "access") {
    // The editor's page reaches only its own origin: the content API.
    const config = { name: CONTENT_API.name, proxy_url: CONTENT_API.url, branch };
    return { backend: { config, editorialWorkflow, connectOrigins: [] } };
  }
  return {
    backend: {
      config: {
        name: backendName,
        repo,
        branch,
        ...(authUrl ? { base_url: authUrl.replace(/\/+$/, "") } : {}),
        ...(!authUrl ? { auth_endpoint: SITE_LOGIN_ENDPOINT } : {}),
        ...(scope ? { auth_scope: scope as AuthScope } : {}),
      },
      editorialWorkflow,
      connectOrigins: ["https://api.github.com"],
    },
  };
}

/**
 * Whether saves are drafts (Decap's editorial workflow). A hosted backend: as the build was told
 * (CMS_EDITORIAL_WORKFLOW). Local editing: as the local proxy runs — `npm run cms` runs decap-server in its git mode,
 * which keeps drafts on branches, when CMS_EDITORIAL_WORKFLOW=true, and in its file mode, which has none, otherwise.
 */
export async function editorialWorkflow(
  config: CmsBackend["config"],
  configured: boolean,
  fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
  if (config.name !== "proxy" || !config.proxy_url) return configured;
  // Local editing is for an editor opened on this machine (Decap's local_backend allows no other host); anywhere
  // else the browser would ask the visitor to let the page reach their own machine.
  if (!LOCAL_HOSTS.includes(location.hostname)) return false;
  try {
    const response = await fetchImpl(config.proxy_url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: "info" }),
    });
    const info = (await response.json()) as { publish_modes?: unknown };
    return Array.isArray(info.publish_modes) && info.publish_modes.includes("editorial_workflow");
  } catch {
    // No proxy running: Decap says so itself when the editor logs in.
    return false;
  }
}

/**
 * The backend setting as the editor uses it in the browser at `origin`: the site's own GitHub login (no CMS_AUTH_URL)
 * gets that origin as its `base_url`, so one build logs in on whatever address it is served at (its preview and its
 * own domain alike), and Decap accepts the login's messages from that origin only. Any other setting is unchanged.
 */
export function backendAtOrigin(config: CmsBackend["config"], origin: string): CmsBackend["config"] {
  if (config.name !== "github" || config.base_url || config.auth_endpoint !== SITE_LOGIN_ENDPOINT) return config;
  return { ...config, base_url: origin };
}
