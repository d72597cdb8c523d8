/**
 * What the content API lets an editor touch (functions/_lib/content/rules.ts), and its settings' named errors.
 * @jest-environment node
 */
import {
  branchProblem,
  draftBranch,
  pathProblem,
  repoProblem,
  requestProblem,
} from "../../functions/_lib/content/rules";
import { contentSettings, listed } from "../../functions/_lib/content/settings";

test.each([
  "data/firm.yaml",
  "data/services/tax-compliance.yaml",
  "data/images/founder portrait 2.jpg",
  "data/images/café.png",
  "data/services",
])("%s is content: allowed", (path) => {
  expect(pathProblem(path)).toBeNull();
});

test.each([
  ["src/cms/cms.tsx", /not under data\//],
  ["functions/api/content.ts", /not under data\//],
  [".ci/run", /not under data\//],
  ["data", /not under data\//],
  ["data/", /not a plain file or folder name/],
  ["data/../src/x.ts", /not a plain file or folder name/],
  ["data/services/../../package.json", /not a plain file or folder name/],
  ["data/./firm.yaml", /not a plain file or folder name/],
  ["data//firm.yaml", /not a plain file or folder name/],
  ["data/.git/config", /not a plain file or folder name/],
  ["data/images/x.", /not a plain file or folder name/],
  ["data%2F..%2Fsrc%2Fx.ts", /percent sign/],
  ["data/%2e%2e/src/x.ts", /percent sign/],
  ["/data/firm.yaml", /not under data\//],
  ["/etc/passwd", /not under data\//],
  ["data\\..\\src\\x.ts", /backslash/],
  ["Data/firm.yaml", /not under data\//],
  ["DATA/firm.yaml", /not under data\//],
  ["data/firm.yaml\n", /control character/],
  ["data/a/b/" + "x".repeat(200), /short text/],
  [42, /short text/],
])("%j is refused: %s", (path, reason) => {
  expect(pathProblem(path)).toMatch(reason);
});

test("a draft branch is cms/<collection>/<slug>, of plain names only", () => {
  expect(draftBranch("services", "tax-compliance")).toEqual({ branch: "cms/services/tax-compliance" });
  for (const [collection, slug] of [
    ["services", "../main"],
    ["services", "a/b"],
    ["..", "x"],
    ["services", ""],
    ["services", "-x"],
    [undefined, "x"],
  ]) {
    expect(draftBranch(collection, slug)).toHaveProperty("problem");
  }
});

test("only the content branch and repository", () => {
  expect(branchProblem("main", "main")).toBeNull();
  for (const branch of ["gh-pages", "cms/services/x", "Main", "refs/heads/main", undefined]) {
    expect(branchProblem(branch, "main")).toMatch(/only the branch main and its drafts/);
  }
  expect(repoProblem(undefined, "o/site")).toBeNull();
  expect(repoProblem("o/site", "o/site")).toBeNull();
  expect(repoProblem("o/other", "o/site")).toMatch(/only the repository o\/site/);
});

test("a request is checked whole, whatever type each part has", () => {
  const ok = { action: "getEntry", params: { branch: "main", path: "data/firm.yaml" } };
  expect(requestProblem(ok, { branch: "main", repo: "o/site" })).toBeNull();
  expect(requestProblem({ action: "info" }, { branch: "main" })).toBeNull();
  const refused: [unknown, RegExp][] = [
    [null, /an object naming an action and its params/],
    ["getEntry", /an object naming an action and its params/],
    [{ action: "getEntry", params: null }, /an object naming an action and its params/],
    [{ action: "getEntry", params: ["data/firm.yaml"] }, /an object naming an action and its params/],
    // A path of another type is a path all the same.
    [{ action: "deleteFiles", params: { branch: "main", paths: "R" } }, /"R" is not under data\//],
    [{ action: "getEntry", params: { branch: "main", path: ["package.json"] } }, /short text/],
    [{ action: "getEntry", params: { branch: "main", path: { 0: "x" } } }, /short text/],
    [{ action: "persistEntry", params: { branch: "main", versions: { ".dev.vars": "x" } } }, /not under data\//],
    [{ ...ok, repo: "o/other" }, /only the repository o\/site/],
    [{ action: "unpublishedEntry", params: { branch: "main", id: "services/../x" } }, /a draft is named/],
    [{ action: "history", params: { branch: "main", path: "data/firm.yaml", count: 0 } }, /1 to 50 versions/],
    [{ action: "history", params: { branch: "main", path: "data/firm.yaml", count: "5" } }, /1 to 50 versions/],
    // Nested past any request of Decap's (a stack-deep body would otherwise reach every check).
    [{ action: "getEntry", params: { branch: "main", a: JSON.parse("[".repeat(50) + "]".repeat(50)) } }, /8 levels/],
    // The content model changes with the code: no write reaches data/schema/, by any action.
    [
      { action: "persistMedia", params: { branch: "main", asset: { path: "data/schema/firm.schema.json" } } },
      /content model/,
    ],
    [{ action: "deleteFiles", params: { branch: "main", paths: ["data/schema/firm.schema.json"] } }, /content model/],
  ];
  for (const [body, reason] of refused)
    expect(requestProblem(body, { branch: "main", repo: "o/site" })).toMatch(reason);
  // Reading the model is fine: the editor's checks read it.
  expect(
    requestProblem(
      { action: "getEntry", params: { branch: "main", path: "data/schema/firm.schema.json" } },
      { branch: "main" },
    ),
  ).toBeNull();
  const draft = {
    action: "persistEntry",
    params: { branch: "main", dataFiles: [{ slug: "a b", path: "data/x.yaml" }], options: { useWorkflow: true } },
  };
  expect(requestProblem(draft, { branch: "main" })).toMatch(/a draft is named/);
  // A file of a draft is named by its own id (a path or a version), the draft by collection and slug.
  const file = { collection: "services", slug: "other", id: "abc123", path: "data/services/other.yaml" };
  expect(
    requestProblem({ action: "unpublishedEntryDataFile", params: { branch: "main", ...file } }, { branch: "main" }),
  ).toBeNull();
  expect(
    requestProblem(
      { action: "unpublishedEntry", params: { branch: "main", id: "services/other" } },
      { branch: "main" },
    ),
  ).toBeNull();
  expect(
    requestProblem({ action: "unpublishedEntry", params: { branch: "main", id: "services/a/b" } }, { branch: "main" }),
  ).toMatch(/a draft is named/);
});

const env = {
  CMS_REPO: "o/site",
  ACCESS_TEAM_DOMAIN: "https://firm.cloudflareaccess.com",
  ACCESS_AUD: "aud-tag",
  GITHUB_APP_ID: "123456",
  GITHUB_APP_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\nMII…\n-----END PRIVATE KEY-----\n",
};

test("the content API's settings: every value named when wrong", () => {
  expect(contentSettings(env)).toMatchObject({ repo: "o/site", branch: "main", team: env.ACCESS_TEAM_DOMAIN });
  expect(contentSettings({ ...env, EDITOR_EMAILS: "A@Firm.com, @partner.com" })).toMatchObject({
    editors: ["a@firm.com", "@partner.com"],
  });
  const error = (changes: Record<string, string | undefined>, secrets = true) =>
    (contentSettings({ ...env, ...changes }, { secrets }) as { error?: string }).error;
  expect(error({ CMS_REPO: undefined })).toMatch(/^CMS_REPO is not set/);
  expect(error({ ACCESS_TEAM_DOMAIN: undefined })).toMatch(/^ACCESS_TEAM_DOMAIN must be/);
  expect(error({ ACCESS_TEAM_DOMAIN: "http://firm.cloudflareaccess.com" })).toMatch(/^ACCESS_TEAM_DOMAIN must be/);
  expect(error({ ACCESS_TEAM_DOMAIN: "https://firm.cloudflareaccess.com/x" })).toMatch(/^ACCESS_TEAM_DOMAIN/);
  expect(error({ ACCESS_AUD: " " })).toMatch(/^ACCESS_AUD is not set/);
  expect(error({ GITHUB_APP_ID: "Iv1.abc" })).toMatch(/^GITHUB_APP_ID must be/);
  expect(error({ GITHUB_API_URL: "http://api.example.com" })).toMatch(/^GITHUB_API_URL must be/);
  expect(error({ GITHUB_APP_PRIVATE_KEY: "-----BEGIN RSA PRIVATE KEY-----\n…" })).toMatch(/openssl pkcs8 -topk8/);
  expect(error({ GITHUB_APP_PRIVATE_KEY: undefined })).toMatch(/^GITHUB_APP_PRIVATE_KEY/);
  // At build, the secret is not there to check.
  expect(error({ GITHUB_APP_PRIVATE_KEY: undefined }, false)).toBeUndefined();
  // Publishers are the ones who take a draft live: without drafts, every save would be live.
  expect(error({ PUBLISHERS: "boss@firm.com" })).toMatch(/^PUBLISHERS needs drafts and review/);
  const roles = contentSettings({ ...env, CMS_EDITORIAL_WORKFLOW: "true", PUBLISHERS: "Boss@Firm.com @owners.com" });
  expect(roles).toMatchObject({ workflow: true, publishers: ["boss@firm.com", "@owners.com"] });
  const { publishers } = roles as { publishers: string[] };
  expect(["boss@firm.com", "x@owners.com", "x@firm.com"].map((email) => listed(publishers, email))).toEqual([
    true,
    true,
    false,
  ]);
  expect(listed([], "anyone@anywhere.example")).toBe(true);
});

test("the content API is built from no module of the browser's editor (src/cms/)", async () => {
  const { build } = await import("esbuild");
  const { metafile } = await build({
    entryPoints: ["functions/api/content.ts"],
    bundle: true,
    write: false,
    metafile: true,
    platform: "browser",
    format: "esm",
    conditions: ["workerd", "worker", "browser"],
    logLevel: "silent",
    // The schemas' validators the build writes, there or not yet.
    plugins: [
      {
        name: "generated",
        setup: (on) => on.onResolve({ filter: /schemas\.generated$/ }, ({ path }) => ({ path, external: true })),
      },
    ],
  });
  const inputs = Object.keys(metafile.inputs);
  expect(inputs).toContain("functions/_lib/content/actions.ts");
  expect(inputs.filter((input) => input.startsWith("src/cms/"))).toEqual([]);
});
