/**
 * The content API's settings, from the Pages project's variables (docs/deploy.md): CMS_REPO and CMS_BRANCH, the Access
 * application (ACCESS_TEAM_DOMAIN, ACCESS_AUD), EDITOR_EMAILS and PUBLISHERS (emails and @domains), the GitHub App
 * (GITHUB_APP_ID, the secret GITHUB_APP_PRIVATE_KEY) and GITHUB_API_URL. The build checks them all but the secret.
 */
import { cmsBackend } from "../../../src/content/editor-backend";

type Name =
  | "CMS_REPO"
  | "CMS_BRANCH"
  | "CMS_EDITORIAL_WORKFLOW"
  | "ACCESS_TEAM_DOMAIN"
  | "ACCESS_AUD"
  | "EDITOR_EMAILS"
  | "PUBLISHERS";
export type ContentEnv = Partial<Record<Name | `GITHUB_${"APP_ID" | "APP_PRIVATE_KEY" | "API_URL"}`, string>>;
export type ContentSettings = Exclude<ReturnType<typeof contentSettings>, { error: string }>;

/**
 * An address without a trailing slash, or null if it is not one: https://, or http:// on this machine only (a test
 * stand-in on 127.0.0.1).
 */
function httpsBase(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) return null;
  if (url.search || url.hash || url.username || url.password) return null;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/** The settings, or what is missing or wrong, naming the variable. `secrets: false` at build. */
export function contentSettings(env: ContentEnv, { secrets = true } = {}) {
  const { CMS_REPO, CMS_BRANCH, CMS_EDITORIAL_WORKFLOW } = env;
  const found = cmsBackend({ CMS_BACKEND: "access", CMS_REPO, CMS_BRANCH, CMS_EDITORIAL_WORKFLOW });
  if (found.error !== undefined) return { error: found.error };
  const team = env.ACCESS_TEAM_DOMAIN?.trim() ? httpsBase(env.ACCESS_TEAM_DOMAIN.trim()) : null;
  if (team === null || new URL(team).pathname !== "/") {
    return {
      error: "ACCESS_TEAM_DOMAIN must be your Cloudflare Access team's address: https://<team>.cloudflareaccess.com",
    };
  }
  const audience = env.ACCESS_AUD?.trim();
  if (!audience) return { error: "ACCESS_AUD is not set: copy the Access application's Audience (AUD) tag." };
  const appId = env.GITHUB_APP_ID?.trim() ?? "";
  if (!/^\d+$/.test(appId)) return { error: "GITHUB_APP_ID must be the GitHub App's App ID (a number)." };
  const api = httpsBase(env.GITHUB_API_URL?.trim() || "https://api.github.com");
  if (api === null) return { error: "GITHUB_API_URL must be an https:// address." };
  const privateKey = env.GITHUB_APP_PRIVATE_KEY?.trim() ?? "";
  if (secrets && !privateKey.startsWith("-----BEGIN PRIVATE KEY-----")) {
    return {
      error:
        "GITHUB_APP_PRIVATE_KEY must be the GitHub App's private key in PKCS#8 form (-----BEGIN PRIVATE KEY-----): " +
        "openssl pkcs8 -topk8 -nocrypt -in <downloaded>.pem converts the file GitHub gives.",
    };
  }
  const list = (text = "") =>
    text
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean);
  const [editors, publishers] = [list(env.EDITOR_EMAILS), list(env.PUBLISHERS)];
  const { branch } = found.backend.config;
  const workflow = found.backend.editorialWorkflow;
  if (publishers.length > 0 && !workflow) {
    return {
      error: "PUBLISHERS needs drafts and review (CMS_EDITORIAL_WORKFLOW=true): without them every save is live.",
    };
  }
  return { repo: env.CMS_REPO!.trim(), branch, workflow, team, audience, editors, publishers, appId, privateKey, api };
}

/** Whether `email` is on `list` (emails and @domains); an empty list holds everyone. */
export function listed(list: string[], email: string): boolean {
  const lower = email.toLowerCase();
  return list.length === 0 || list.includes(lower) || list.includes(lower.slice(lower.lastIndexOf("@")));
}
