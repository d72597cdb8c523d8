/**
 * The editor's view of its backend as it is now: the real local backend (the content service over a git repository,
 * with saves on main or drafts, and the files' history) answering the store's reads.
 * @jest-environment node
 */
import fs from "fs";
import path from "path";
import { proxyCall, proxyStore, SERVICES_FOLDER } from "../../src/cms/content-store";
import { parseData } from "../../src/content/data";
import { serviceFiles } from "../../src/content/read-content";
import { DATA_DIR } from "../helpers/content.cjs";
import { startLocalBackend } from "../../e2e/tools/local-backend";
import { answers, remembered } from "../../src/cms/reads";

const serviceNames = serviceFiles(DATA_DIR);

// Each test an editor opened anew: nothing read before.
beforeEach(() => answers.kept.clear());

test.each(["simple", "drafts"] as const)(
  "the local backend with %s saves: files, services, images, drafts and history as they are",
  async (mode) => {
    const proxy = await startLocalBackend(mode, { dataDir: DATA_DIR });
    try {
      const store = proxyStore(proxy.url);
      const firm = fs.readFileSync(path.join(DATA_DIR, "firm.yaml"), "utf8");
      const read = await store.read("data/firm.yaml", "main");
      expect(read?.text).toBe(firm);
      // Each file's version, which a write names as the one it replaces: git's blob sha, as the content API names it.
      expect(read?.version).toMatch(/^[0-9a-f]{40}$/);
      expect(await store.read("data/no-such.yaml", "main")).toBeNull();
      // What the next read sees: the branch's next commit (a save, or a draft's).
      const edited = `${firm}# edited\n`;
      const useWorkflow = mode === "drafts";
      const dataFiles = [{ path: "data/firm.yaml", slug: "other", raw: edited }];
      const options = { useWorkflow, collectionName: "services", status: "draft" };
      const versions = { "data/firm.yaml": read!.version };
      const params = { branch: "main", dataFiles, options, versions };
      // Through the reads kept, as the editor's writes go: a write lets them go.
      await remembered("persistEntry", params, () => proxyCall(proxy.url)("a save", "persistEntry", params));
      const reread = await store.read("data/firm.yaml", useWorkflow ? "cms/services/other" : "main");
      expect(reread?.text).toBe(edited);
      expect(reread?.version).not.toBe(read?.version);
      // The folder shows a save on the branch checked out.
      expect(fs.readFileSync(path.join(proxy.repo, "data/firm.yaml"), "utf8")).toBe(useWorkflow ? firm : edited);

      const services = await store.list(SERVICES_FOLDER, "main");
      expect(services.map((s) => s.path).sort()).toEqual(serviceNames.map((f) => `data/${f}`).sort());
      expect(services.every((s) => typeof parseData(s.text).slug === "string")).toBe(true);

      const badge = fs.readFileSync(path.join(DATA_DIR, "images", "cva-badge.png"));
      expect(Buffer.from((await store.readBytes("data/images/cva-badge.png", "main"))!).equals(badge)).toBe(true);

      expect(await store.hasDraft("cms/services/other", "main")).toBe(useWorkflow);
      expect(await store.hasDraft("cms/services/business-valuation", "main")).toBe(false);

      // The file's history on main, newest first, with the file then and its author.
      const commit = { sha: expect.stringMatching(/^[0-9a-f]{40}$/), date: expect.any(String), author: "Test editor" };
      expect(await store.history("data/firm.yaml", "main")).toEqual({
        versions: [...(useWorkflow ? [] : [{ ...commit, text: edited }]), { ...commit, text: firm }],
      });
      // A request the backend refuses fails with the backend's reason.
      await expect(store.history("src/code.ts", "main")).rejects.toThrow(/^Refused: .*is not under data\//);
    } finally {
      await proxy.stop();
    }
  },
  // The backend starts in about a second, and in 2.6 s with both cores busy: more than jest's default 5 s in all.
  30_000,
);
