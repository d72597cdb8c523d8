/**
 * The editor's backend from build-time variables: each wrong value stops the build with a message naming the
 * variable; unset, the editor works through the local backend only.
 */
import { cmsBackend, CONTENT_API, LOCAL_PROXY_ORIGINS } from "../../src/content/editor-backend";

const ok = (env: Record<string, string>) => {
  const result = cmsBackend(env);
  if (result.error !== undefined) throw new Error(result.error);
  return result.backend;
};
const error = (env: Record<string, string>) => cmsBackend(env).error;

test("unset: the local proxy, the one host to reach", () => {
  const backend = ok({});
  const proxy_url = `${LOCAL_PROXY_ORIGINS[0]}/api/v1`;
  expect(backend.config).toEqual({ name: "proxy", proxy_url, branch: "main", site_timezone: "UTC" });
  expect(backend.connectOrigins).toEqual(LOCAL_PROXY_ORIGINS);
  expect(backend.editorialWorkflow).toBe(false);
});

test.each([
  [{ CMS_BACKEND: "bitbucket" }, /^CMS_BACKEND is "bitbucket": expected access, or unset for local/],
  // Backends whose current files the editor does not read before a save: a save there could overwrite another's.
  [{ CMS_BACKEND: "gitlab", CMS_REPO: "a/b" }, /^CMS_BACKEND is "gitlab": expected access/],
  [{ CMS_BACKEND: "git-gateway" }, /^CMS_BACKEND is "git-gateway": expected access/],
  // The GitHub-account login put a token that reaches every repository of the editor's in the browser: retired.
  [{ CMS_BACKEND: "github", CMS_REPO: "a/b" }, /^CMS_BACKEND is "github": .*Set CMS_BACKEND=access/],
  [{ CMS_BACKEND: "access" }, /^CMS_REPO is not set: CMS_BACKEND=access needs the repository as owner\/name/],
  [{ CMS_BACKEND: "access", CMS_REPO: "just-a-name" }, /^CMS_REPO is "just-a-name"/],
  [{ CMS_BRANCH: "two words" }, /^CMS_BRANCH is "two words"/],
  [{ CMS_BRANCH: "a..b" }, /^CMS_BRANCH is/],
  [{ CMS_EDITORIAL_WORKFLOW: "yes" }, /^CMS_EDITORIAL_WORKFLOW is "yes": expected true or false/],
  [{ CMS_REPO: "a/b" }, /^CMS_REPO is set, but CMS_BACKEND is not/],
  [{ SITE_TIMEZONE: "London" }, /^SITE_TIMEZONE is "London": expected a time zone such as Europe\/London/],
])("%j is refused, naming the variable", (env, message) => {
  expect(error(env)).toMatch(message);
});

test("CMS_BACKEND=access: the editor saves through the site's content API, and reaches no other host", () => {
  const env = { CMS_BACKEND: "access", CMS_REPO: "a/b", CMS_BRANCH: "live", SITE_TIMEZONE: "Europe/London" };
  const { config, connectOrigins } = ok(env);
  expect(config).toMatchObject({ name: CONTENT_API.name, branch: "live", site_timezone: "Europe/London" });
  expect(connectOrigins).toEqual([]);
  expect(ok({ CMS_BACKEND: "access", CMS_REPO: "a/b", CMS_EDITORIAL_WORKFLOW: "true" }).editorialWorkflow).toBe(true);
});
