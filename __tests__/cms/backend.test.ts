/**
 * The editor's backend from build-time variables: each wrong value stops the build with a message naming the
 * variable; unset, the editor works through the local decap-server only.
 */
import {
  backendAtOrigin,
  cmsBackend,
  CMS_BACKENDS,
  CONTENT_API,
  LOCAL_PROXY_ORIGINS,
  SITE_LOGIN_ENDPOINT,
} from "../../src/cms/backend";

const ok = (env: Record<string, string>) => {
  const result = cmsBackend(env);
  if (result.error !== undefined) throw new Error(result.error);
  return result.backend;
};
const error = (env: Record<string, string>) => cmsBackend(env).error;

test("unset: the local proxy, the one host to reach", () => {
  const backend = ok({});
  expect(backend.config).toEqual({ name: "proxy", proxy_url: `${LOCAL_PROXY_ORIGINS[0]}/api/v1`, branch: "main" });
  expect(backend.connectOrigins).toEqual(LOCAL_PROXY_ORIGINS);
  expect(backend.editorialWorkflow).toBe(false);
});

test("github with its repository, branch and OAuth endpoint; the API is the one host the editor may reach", () => {
  const backend = ok({
    CMS_BACKEND: "github",
    CMS_REPO: "harborline/site",
    CMS_BRANCH: "content",
    CMS_AUTH_URL: "https://auth.example.com/",
    CMS_EDITORIAL_WORKFLOW: "true",
  });
  expect(backend.config).toEqual({
    name: "github",
    repo: "harborline/site",
    branch: "content",
    base_url: "https://auth.example.com",
  });
  expect(backend.connectOrigins).toEqual(["https://api.github.com"]);
  for (const origin of LOCAL_PROXY_ORIGINS) expect(backend.connectOrigins).not.toContain(origin);
  expect(backend.editorialWorkflow).toBe(true);
});

test("github without CMS_AUTH_URL logs in through the site's own /api/auth, at the origin the editor is opened at", () => {
  const backend = ok({ CMS_BACKEND: "github", CMS_REPO: "harborline/site" });
  expect(backend.config).toEqual({
    name: "github",
    repo: "harborline/site",
    branch: "main",
    auth_endpoint: "api/auth",
  });
  expect(SITE_LOGIN_ENDPOINT).toBe("api/auth");
  expect(backendAtOrigin(backend.config, "https://www.example.com")).toEqual({
    ...backend.config,
    base_url: "https://www.example.com",
  });
  expect(backendAtOrigin(backend.config, "https://preview.example.pages.dev").base_url).toBe(
    "https://preview.example.pages.dev",
  );
  // CMS_AUTH_URL still points it elsewhere; other backends and the local proxy are left as they are.
  const elsewhere = ok({ CMS_BACKEND: "github", CMS_REPO: "a/b", CMS_AUTH_URL: "https://auth.example.com" }).config;
  expect(elsewhere.auth_endpoint).toBeUndefined();
  expect(backendAtOrigin(elsewhere, "https://www.example.com")).toBe(elsewhere);
  expect(backendAtOrigin(ok({}).config, "http://localhost:8000")).toEqual(ok({}).config);
});

test.each([
  [{ CMS_BACKEND: "bitbucket" }, /^CMS_BACKEND is "bitbucket": expected github or access, or unset for local/],
  // Backends whose current files the editor does not read before a save: a save there could overwrite another's.
  [{ CMS_BACKEND: "gitlab", CMS_REPO: "a/b" }, /^CMS_BACKEND is "gitlab": expected github/],
  [{ CMS_BACKEND: "git-gateway" }, /^CMS_BACKEND is "git-gateway": expected github/],
  [{ CMS_BACKEND: "github" }, /^CMS_REPO is not set: CMS_BACKEND=github needs the repository as owner\/name/],
  [{ CMS_BACKEND: "github", CMS_REPO: "just-a-name" }, /^CMS_REPO is "just-a-name"/],
  [{ CMS_BACKEND: "github", CMS_REPO: "a/b", CMS_AUTH_URL: "http://auth.example.com" }, /^CMS_AUTH_URL is/],
  [{ CMS_BACKEND: "github", CMS_REPO: "a/b", CMS_AUTH_URL: "auth.example.com" }, /^CMS_AUTH_URL is/],
  [{ CMS_BRANCH: "two words" }, /^CMS_BRANCH is "two words"/],
  [{ CMS_BRANCH: "a..b" }, /^CMS_BRANCH is/],
  [{ CMS_EDITORIAL_WORKFLOW: "yes" }, /^CMS_EDITORIAL_WORKFLOW is "yes": expected true or false/],
  [{ CMS_REPO: "a/b" }, /^CMS_REPO is set, but CMS_BACKEND is not/],
  [{ CMS_BACKEND: "github", CMS_REPO: "a/b", CMS_AUTH_SCOPE: "admin:org" }, /^CMS_AUTH_SCOPE is "admin:org"/],
  [{ CMS_AUTH_SCOPE: "public_repo" }, /^CMS_AUTH_SCOPE is set, but CMS_BACKEND is not/],
  [{ CMS_BACKEND: "access" }, /^CMS_REPO is not set: CMS_BACKEND=access needs the repository/],
])("%j is refused, naming the variable", (env, message) => {
  expect(error(env)).toMatch(message);
});

test("every backend the docs name is accepted", () => {
  for (const name of CMS_BACKENDS) expect(error({ CMS_BACKEND: name, CMS_REPO: "a/b" })).toBeUndefined();
});

test("CMS_BACKEND=access: the editor saves through the site's content API, and reaches no other host", () => {
  const { config, connectOrigins } = ok({ CMS_BACKEND: "access", CMS_REPO: "a/b", CMS_BRANCH: "live" });
  expect(config).toEqual({ name: CONTENT_API.name, proxy_url: CONTENT_API.url, branch: "live" });
  expect(connectOrigins).toEqual([]);
});

test("CMS_AUTH_SCOPE=public_repo: the login asks GitHub for public repositories only; unset, Decap's repo", () => {
  const github = { CMS_BACKEND: "github", CMS_REPO: "a/b" };
  expect(ok({ ...github, CMS_AUTH_SCOPE: "public_repo" }).config.auth_scope).toBe("public_repo");
  expect(ok(github).config.auth_scope).toBeUndefined();
});
