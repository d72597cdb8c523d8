/**
 * The editor's view of its backend as it is now: the real local backend (decap-server's file mode, and its git mode
 * with a draft branch, and the files' history) answering the store's reads.
 * @jest-environment node
 */
import fs from "fs";
import path from "path";
import { proxyStore, SERVICES_FOLDER } from "../../src/cms/content-store";
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
      // A request the backend refuses fails with the backend's reason.
      await expect(store.history("src/code.ts", "main")).rejects.toThrow(/^Refused: .*is not under data\//);
    } finally {
      await proxy.stop();
    }
  },
  // The backend starts in about a second, and in 2.6 s with both cores busy: more than jest's default 5 s in all.
  30_000,
);
