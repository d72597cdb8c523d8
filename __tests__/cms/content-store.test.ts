/**
 * The editor's view of its backend as it is now: the real local backend (decap-server's file mode, and with drafts the
 * content service over a git repository, with a draft, and the files' history) answering the store's reads.
 * @jest-environment node
 */
import fs from "fs";
import path from "path";
import { proxyCall, proxyStore, SERVICES_FOLDER } from "../../src/cms/content-store";
import { parseData } from "../../src/content/data";
import { serviceFiles } from "../../src/content/read-content";
import { DATA_DIR } from "../helpers/content.cjs";
import { startLocalBackend } from "../../e2e/tools/local-backend";

const serviceNames = serviceFiles(DATA_DIR);

test.each(["fs", "git"] as const)(
  "the local backend in %s mode: files, services, images and drafts as they are",
  async (mode) => {
    const proxy = await startLocalBackend(mode, { dataDir: DATA_DIR });
    try {
      const store = proxyStore(proxy.url);
      const firm = fs.readFileSync(path.join(DATA_DIR, "firm.yaml"), "utf8");
      const read = await store.read("data/firm.yaml", "main");
      expect(read?.text).toBe(firm);
      // Each file's version, which a write names as the one it replaces: decap-server's SHA-256 of the file; with
      // drafts, git's blob sha, as the content API names it.
      expect(read?.version).toMatch(mode === "fs" ? /^[0-9a-f]{64}$/ : /^[0-9a-f]{40}$/);
      expect(await store.read("data/no-such.yaml", "main")).toBeNull();
      // What the next read sees: a change on disk, or with drafts the branch's next commit (a draft's save here).
      const edited = `${firm}# edited\n`;
      if (mode === "fs") fs.appendFileSync(path.join(proxy.repo, "data/firm.yaml"), "# edited\n");
      else {
        const dataFiles = [{ path: "data/firm.yaml", slug: "other", raw: edited }];
        const options = { useWorkflow: true, collectionName: "services", status: "draft" };
        const versions = { "data/firm.yaml": read!.version };
        await proxyCall(proxy.url)("a draft", "persistEntry", { branch: "main", dataFiles, options, versions });
      }
      const reread = await store.read("data/firm.yaml", mode === "fs" ? "main" : "cms/services/other");
      expect(reread?.text).toBe(edited);
      expect(reread?.version).not.toBe(read?.version);

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
      // A request the backend refuses fails with the backend's reason.
      await expect(store.history("src/code.ts", "main")).rejects.toThrow(/^Refused: .*is not under data\//);
    } finally {
      await proxy.stop();
    }
  },
  // The backend starts in about a second, and in 2.6 s with both cores busy: more than jest's default 5 s in all.
  30_000,
);
