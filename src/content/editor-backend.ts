/**
 * Where the editor reads and writes content, from the build's CMS_* variables (docs/deploy.md): unset, only on this
 * machine through the local backend (npm run cms); `access`, through the content API, for editors Access logs in.
 */

/** The port the local backend (npm run cms) listens on (Decap's default). */
export const LOCAL_PROXY_PORT = 8081;
/** The hosts local editing works at: the editor's page and the proxy both on this machine. */
export const LOCAL_HOSTS = ["localhost", "127.0.0.1"];
export const LOCAL_PROXY_ORIGINS = LOCAL_HOSTS.map((host) => `http://${host}:${LOCAL_PROXY_PORT}`);

/** The content API (CMS_BACKEND=access): Decap's proxy protocol, under the backend name cms.tsx registers. */
export const CONTENT_API = { name: "content-api", url: "/api/content" } as const;

/** Why an editor not among the site's PUBLISHERS cannot publish, as the content API and the editor say it. */
export const PUBLISHERS_ONLY =
  "publishing is for the site's publishers: set the draft's status to Ready, and one of them will publish it.";
/** Why, with drafts and review, an editor not among the PUBLISHERS cannot change the live site but by a draft. */
export const LIVE_FOR_PUBLISHERS =
  "with drafts and review, only the site's publishers change the live site directly: make the change in an entry's draft, and set it Ready.";
/** Why an editor cannot delete another editor's draft. */
export const DRAFTS_FOR_AUTHORS = "a draft is deleted by the editor who made it, or by one of the site's publishers.";

export interface CmsBackend {
  /** Decap's `backend` setting. */
  config: { name: "proxy" | typeof CONTENT_API.name; proxy_url: string; branch: string; site_timezone: string };
  editorialWorkflow: boolean;
  /** Origins the editor's page must reach beside its own (its policy's connect-src): the local backend's, locally. */
  connectOrigins: string[];
}

export type CmsEnv = Partial<Record<string, string | undefined>>;

/** The backend the environment asks for, or an error naming the variable that is wrong. */
export function cmsBackend(env: CmsEnv): { backend: CmsBackend; error?: undefined } | { error: string } {
  const value = (name: string) => env[name]?.trim() || undefined;
  const name = value("CMS_BACKEND");
  const repo = value("CMS_REPO");
  const branch = value("CMS_BRANCH") ?? "main";
  const workflow = value("CMS_EDITORIAL_WORKFLOW");

  if (workflow !== undefined && workflow !== "true" && workflow !== "false") {
    return { error: `CMS_EDITORIAL_WORKFLOW is "${workflow}": expected true or false.` };
  }
  if (!/^[\w./-]+$/.test(branch) || branch.includes("..")) {
    return { error: `CMS_BRANCH is "${branch}": expected a git branch name such as main.` };
  }
  const editorialWorkflow = workflow === "true";
  // The firm's time zone, in which the editor shows and takes the times drafts are published at.
  const site_timezone = value("SITE_TIMEZONE") ?? "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: site_timezone });
  } catch {
    return { error: `SITE_TIMEZONE is "${site_timezone}": expected a time zone such as Europe/London.` };
  }

  if (name === undefined) {
    if (repo) return { error: "CMS_REPO is set, but CMS_BACKEND is not: set CMS_BACKEND=access too." };
    const config = { name: "proxy" as const, proxy_url: `${LOCAL_PROXY_ORIGINS[0]}/api/v1`, branch, site_timezone };
    return { backend: { config, editorialWorkflow, connectOrigins: LOCAL_PROXY_ORIGINS } };
  }
  if (name === "github") {
    return {
      error:
        'CMS_BACKEND is "github": editors log in by email now, or with GitHub through Cloudflare Access, and no ' +
        'token reaches the browser. Set CMS_BACKEND=access (docs/deploy.md, "The editor\'s login").',
    };
  }
  if (name !== "access")
    return { error: `CMS_BACKEND is "${name}": expected access, or unset for local editing only.` };
  if (!repo || !/^[\w.-]+\/[\w.-]+$/.test(repo)) {
    const found = repo ? `"${repo}"` : "not set";
    return { error: `CMS_REPO is ${found}: CMS_BACKEND=access needs the repository as owner/name.` };
  }
  // The editor's page reaches only its own origin: the content API.
  const config = { name: CONTENT_API.name, proxy_url: CONTENT_API.url, branch, site_timezone };
  return { backend: { config, editorialWorkflow, connectOrigins: [] } };
}
