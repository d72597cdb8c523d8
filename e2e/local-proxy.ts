/**
 * The editor's real local backend (scripts/local-backend.mjs) for the editor's browser tests: the content service on a
 * temporary git repository holding a copy of data/, with saves on main or drafts on branches. Each worker has one of each mode,
 * on a port of its own, put back for each test (the `localBackend` fixture); the editor's page (built to look for the
 * proxy at EDITOR_PROXY_PORT, or under gatsby develop at LOCAL_PROXY_PORT) is routed to it, so tests run side by side.
 */
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { closing, expect, test } from "./fixtures";
import { EDITOR_PROXY_PORT } from "./fixture-build";
import { ADMIN_URL } from "../plugins/publish/editor/admin";
import { DECAP_USER_KEY } from "../src/cms/decap";
import { startLocalBackend, type LocalBackend } from "./tools/local-backend";
import { loadSchemas } from "../src/content/read-content";
import { SERVICE_SCHEMA } from "../src/content/model";

export interface LocalProxy {
  /** The temporary repository: data/ is at `${repo}/data`. */
  repo: string;
  url: string;
  read(file: string): string;
  write(file: string, text: string): void;
  /** git in the repository, returning its output. */
  git(...args: string[]): string;
  /** Commits everything changed in the folder on the branch checked out: another editor's save. */
  commit(message: string): void;
  /** The editor's requests to the proxy, in this page's context, go to this proxy. */
  /** Routes the editor's requests to `port` (where its page looks for the local backend) to this proxy. */
  route(target: Page | BrowserContext, port?: number): Promise<void>;
  /** Closes a second editor's browser: its requests still under way are dropped, not answered into a closed page. */
  close(context: BrowserContext): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the local backend on a copy of data/: on `port`, or on a free port of its own, answering the editor the running
 * test opens (its project's baseURL).
 */
export async function startLocalProxy(mode: "simple" | "drafts", port?: number): Promise<LocalProxy> {
  const editorPort = Number(new URL(test.info().project.use.baseURL!).port);
  const backend = await startLocalBackend(mode, { port, editorPort });
  const proxy = proxyTo(backend);
  return { ...proxy, stop: async () => (await proxy.stop(), await backend.stop()) };
}

/** The editor's pages and contexts routed to `backend`; `stop` takes the routes away and leaves the backend running. */
function proxyTo({ repo, url, git }: LocalBackend): LocalProxy {
  const listen = Number(new URL(url).port);
  const routed: (Page | BrowserContext)[] = [];
  return {
    repo,
    url,
    read: (file) => fs.readFileSync(path.join(repo, file), "utf8"),
    write: (file, text) => fs.writeFileSync(path.join(repo, file), text),
    git,
    commit: (message) => (git("add", "-A"), git("commit", "-qm", message)),
    async route(target, port = EDITOR_PROXY_PORT) {
      if (listen === port) return;
      routed.push(target);
      await target.route(new RegExp(`^http://(localhost|127\\.0\\.0\\.1):${port}/`), async (route) => {
        const request = route.request();
        // A fresh connection for each request: Playwright keeps idle ones open, and one the proxy closes as it is
        // reused fails with ECONNRESET (a busy machine delays the client's own idle timer past the server's).
        const response = await route.fetch({
          url: url.replace(/\/api\/v1$/, new URL(request.url()).pathname),
          headers: { ...request.headers(), connection: "close" },
        });
        await route.fulfill({ response });
      });
    },
    async close(context) {
      closing.add(context);
      await context.unrouteAll({ behavior: "ignoreErrors" });
      await context.close();
    },
    async stop() {
      // Requests still under way when the test ends are dropped, not answered by a stopped proxy.
      // (A context the test closed has no routes left.)
      await Promise.all(routed.map((target) => target.unrouteAll({ behavior: "ignoreErrors" }).catch(() => {})));
    },
  };
}

const serviceSchema = loadSchemas(path.resolve(__dirname, "..", "data"))[SERVICE_SCHEMA];
/** A service field's label in the editor (its schema's title), and the field on the page. */
export const serviceLabel = (key: string) => serviceSchema.properties![key].title!;
export const serviceField = (page: Page, key: string) => page.getByLabel(serviceLabel(key), { exact: true });

/**
 * Opens the editor, logs in to the local proxy (once a browser), and goes to `hash` (collections/services/…). An editor
 * already open goes there as an editor would, by the entry's card in its collection's list, without loading Decap
 * again (going from one entry to another by the address alone, Decap keeps the first one's form).
 */
export async function openEditor(page: Page, hash: string): Promise<void> {
  const open = new URL(page.url(), "http://x").pathname === ADMIN_URL && /#\/(collections|workflow)\//.test(page.url());
  const card = page.locator(`a[href="#/${hash}"]`).first();
  if (open && /^collections\/[^/]+\/entries\//.test(hash) && !page.url().endsWith(`#/${hash}`)) {
    await page.goto(`${ADMIN_URL}#/${hash.split("/").slice(0, 2).join("/")}`);
    if (
      await card.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      return card.click();
  }
  await page.goto(ADMIN_URL);
  const loggedIn = await page.evaluate((key) => localStorage.getItem(key) !== null, DECAP_USER_KEY);
  if (!loggedIn) await page.getByRole("button", { name: /login/i }).click();
  // Logged in, Decap shows its first collection; going elsewhere before that, it would take the editor back there.
  await page.waitForURL(/#\/collections\//);
  await page.goto(`${ADMIN_URL}#/${hash}`);
}

/** Saves the open entry as a draft (Decap's Save in the workflow). */
export async function saveDraft(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  // Decap's notice, and on a desktop its toolbar's "Changes saved" too.
  await expect(
    page
      .getByText(/entry saved|changes saved/i)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
}

export async function setStatus(page: Page, status: "In review" | "Ready"): Promise<void> {
  await page.getByRole("button", { name: /^Status:/ }).click();
  await page.getByRole("menuitem", { name: status }).click();
  await expect(page.getByRole("button", { name: new RegExp(`^Status: ${status}`) })).toBeVisible();
}

export async function publish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
}

/** Decap's notice after a save. */
export const SAVED = /entry (saved|published)|changes saved/i;
/** A save the pre-save check refuses: Decap logs the check's error and rejects the save's promise, uncaught. */
export const CHECK_REFUSAL = [/^Error: Not saved: /, /^pageerror: Object$/];
/** A save the backend refuses (a clash, its content check): the browser logs the status, Decap the backend's error. */
export const SERVER_REFUSAL = [/status of (409|422) /, /^API_ERROR: Not saved: /, /^pageerror: Object$/];

/**
 * Gives each test of the calling spec file the worker's backend for `mode`, put back as it started, with the test's
 * page routed to it; the page closes before the routes go (the editor keeps asking it). Returns the current test's proxy.
 */
export function proxyForEachTest(mode: "simple" | "drafts"): () => LocalProxy {
  let proxy: LocalProxy;
  test.beforeEach(async ({ page, guard, localBackend }) => {
    proxy = proxyTo(await localBackend(mode));
    guard.intercepted.push(new RegExp(`^http://(127\\.0\\.0\\.1|localhost):${EDITOR_PROXY_PORT}/`));
    await proxy.route(page.context());
  });
  test.afterEach(async ({ page, guard }) => {
    await guard.report();
    await page.close();
    await proxy.stop();
  });
  return () => proxy;
}
