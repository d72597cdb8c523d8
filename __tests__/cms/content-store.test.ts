/**
 * The editor's view of its backend as it is now: the real local backend (decap-server's file mode, and its git mode
 * with a draft branch, and the files' history) answering the store's reads, and GitHub's contents API asked with the
 * editor's token and never from cache.
 * @jest-environment node
 */
import fs from "fs";
import path from "path";
import { githubStore, proxyStore, SERVICES_FOLDER } from "../../src/cms/content-store";
import { parseData } from "../../src/content/data";
import { serviceFiles } from "../../src/content/read-content";
import { DATA_DIR } from "../helpers/content.cjs";
import { startLocalBackend } from "../../e2e/tools/local-backend";

const serviceNames = serviceFiles(DATA_DIR);

test.each(["fs", "git"] as const)(
  "decap-server in %s mode: files, services, images and drafts as they are",
  async (mode) => {
    const proxy = await startLocalBackend(mode, { dataDir: DATA_DIR });
    try {
      if (mode === "git") proxy.git("branch", "cms/services/other");
      const store = proxyStore(proxy.url);
      const firm = fs.readFileSync(path.join(DATA_DIR, "firm.yaml"), "utf8");
      const read = await store.read("data/firm.yaml", "main");
      expect(read?.text).toBe(firm);
      // decap-server names each file's version (its SHA-256): the version a write says it replaces.
      expect(read?.version).toMatch(/^[0-9a-f]{64}$/);
      expect(await store.read("data/no-such.yaml", "main")).toBeNull();
      // A change on disk is what the next read sees.
      fs.appendFileSync(path.join(proxy.repo, "data/firm.yaml"), "# edited\n");
      const edited = await store.read("data/firm.yaml", "main");
      expect(edited?.text).toBe(`${firm}# edited\n`);
      expect(edited?.version).not.toBe(read?.version);

      const services = await store.list(SERVICES_FOLDER, "main");
      expect(services.map((s) => s.path).sort()).toEqual(serviceNames.map((f) => `data/${f}`).sort());
      expect(services.every((s) => typeof parseData(s.text).slug === "string")).toBe(true);

      const badge = fs.readFileSync(path.join(DATA_DIR, "images", "cva-badge.png"));
      expect(Buffer.from((await store.readBytes("data/images/cva-badge.png", "main"))!).equals(badge)).toBe(true);

      expect(await store.hasDraft("cms/services/other", "main")).toBe(mode === "git");
      expect(await store.hasDraft("cms/services/business-valuation", "main")).toBe(false);

      // The file's history: its one commit, with the file then and its author; a folder without git says so.
      expect(await store.history("data/firm.yaml", "main")).toEqual(
        mode === "git"
          ? {
              versions: [
                {
                  sha: expect.stringMatching(/^[0-9a-f]{40}$/),
                  date: expect.any(String),
                  author: "Test editor",
                  text: firm,
                },
              ],
            }
          : { versions: [], note: "No history: this folder is not a git repository." },
      );
    } finally {
      await proxy.stop();
    }
  },
);

test("GitHub: the contents API on the branch, with the editor's token, never from cache; a missing file is null", async () => {
  const asked: { url: string; init?: RequestInit }[] = [];
  const fake = (async (url: string, init?: RequestInit) => {
    asked.push({ url, init });
    if (url.includes("/contents/data/services?")) {
      return Response.json([
        { type: "file", path: "data/services/a.yaml" },
        { type: "dir", path: "data/services/x" },
        { type: "file", path: "data/services/README.md" },
      ]);
    }
    if (url.includes("/contents/data/services/a.yaml?ref=c2")) return new Response("slug: b\n");
    if (/\/contents\/data\/services\/a.yaml\?ref=(?!c1)/.test(url)) return new Response("slug: a\n");
    if (url.includes("/commits?path=data%2Fservices%2Fa.yaml&sha=main&per_page=11")) {
      const author = (name: string, email: string, date: string) => ({ commit: { author: { name, email, date } } });
      return Response.json([
        { sha: "c2", ...author("", "bo@example.com", "2026-11-02T10:00:00Z") },
        { sha: "c1", ...author("Ann", "ann@example.com", "2026-11-01T10:00:00Z") },
      ]);
    }
    const prefix = /\/git\/matching-refs\/(.*)$/.exec(url)?.[1];
    if (prefix) {
      // GitHub answers every ref that starts with the name, and an empty list for none.
      const refs = ["refs/heads/cms/services/a-2", "refs/heads/cms/services/a", "refs/heads/main"];
      return Response.json(refs.filter((ref) => ref.startsWith(`refs/${prefix}`)).map((ref) => ({ ref })));
    }
    return new Response('{"message":"Not Found"}', { status: 404 });
  }) as typeof fetch;
  const store = githubStore("https://api.example", "o/r", () => "tok", fake);

  // A file's history: its commits on the branch (a page and one more), each with the file as it was then.
  expect(await store.history("data/services/a.yaml", "main")).toEqual({
    versions: [
      { sha: "c2", date: "2026-11-02T10:00:00Z", author: "bo@example.com", text: "slug: b\n" },
      { sha: "c1", date: "2026-11-01T10:00:00Z", author: "Ann", text: null },
    ],
  });
  expect(await store.list("data/services", "cms/services/a")).toEqual([
    { path: "data/services/a.yaml", text: "slug: a\n" },
  ]);
  expect(await store.read("data/missing.yaml", "main")).toBeNull();
  expect(await store.hasDraft("cms/services/a", "main")).toBe(true);
  expect(await store.hasDraft("cms/services/b", "main")).toBe(false);
  expect(asked.map((a) => a.url)).toContain(
    "https://api.example/repos/o/r/contents/data/services?ref=cms%2Fservices%2Fa",
  );
  for (const { init } of asked) {
    expect((init?.headers as Record<string, string>).Authorization).toBe("token tok");
    expect(init?.cache).toBe("no-store");
  }
});
