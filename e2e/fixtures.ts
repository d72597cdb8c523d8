/**
 * Shared browser-test fixtures: every test fails on a console error, a page error, or a request to any host other
 * than the local server (the form's POST is intercepted by the tests that submit it), in every page it opens: its
 * page, popups, and the pages of every other browser context it makes (a second editor).
 */
import {
  test as base,
  expect,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
  type Response,
} from "@playwright/test";
import path from "node:path";
import { ROUTES, servicePath, sitePaths as allPaths } from "../src/lib/paths";
import { readSiteContent } from "../src/content/read-content";
import { fileKey } from "../src/content/model";
import { startLocalBackend, type LocalBackend } from "./tools/local-backend";
import { ensureServers, type ServerName } from "./servers";

export interface Guard {
  consoleErrors: string[];
  /** Every answer of 500 or more: status, method, address and the start of its body. */
  serverErrors: string[];
  foreignRequests: string[];
  /** Console errors a test expects (e.g. the 404 status of an unknown address) and that do not fail it. */
  allowed: RegExp[];
  /** Requests to another host that a test intercepts itself (the form's POST), so they never leave the machine. */
  intercepted: RegExp[];
  /** When the test failed, prints what its page showed and last asked; a hook that closes the page calls it first. */
  report(): Promise<void>;
}

/** Contexts a test is closing: what their pages log as their requests are cut off is not the product's. */
export const closing = new WeakSet<BrowserContext>();

interface WorkerFixtures {
  /** The servers a project's tests need (playwright.config.ts), running before its first test. */
  servers: ServerName[];
  serversRunning: void;
  localBackend: (mode: "simple" | "drafts") => Promise<LocalBackend>;
}

export const test = base.extend<{ guard: Guard }, WorkerFixtures>({
  servers: [[], { scope: "worker", option: true }],
  serversRunning: [
    async ({ servers }, use) => {
      await ensureServers(servers);
      await use();
    },
    // A server's first start: wrangler builds the functions, the local editor its page (a minute at most).
    { scope: "worker", auto: true, timeout: 90_000 },
  ],
  // The editor's local backend (e2e/local-proxy.ts): one a worker for each mode, started when a test first asks, put
  // back as it started for each test, and stopped with the worker.
  localBackend: [
    // Playwright reads a fixture's needs from its first argument's pattern: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, { project }) => {
      const editorPort = Number(new URL(project.use.baseURL!).port);
      const started = new Map<string, Promise<LocalBackend>>();
      await use(async (mode) => {
        if (!started.has(mode)) started.set(mode, startLocalBackend(mode, { editorPort }));
        const backend = await started.get(mode)!;
        await backend.reset();
        return backend;
      });
      await Promise.all([...started.values()].map(async (backend) => (await backend).stop()));
    },
    { scope: "worker" },
  ],
  guard: [
    async ({ page, baseURL, browser }, use, testInfo) => {
      const guard: Guard = {
        consoleErrors: [],
        serverErrors: [],
        foreignRequests: [],
        allowed: [],
        intercepted: [],
        // What the page showed when the test failed, and what it last asked: a failure that a rerun does not repeat
        // still says where it stood.
        async report() {
          if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
          const text = await page
            .locator("body")
            .innerText({ timeout: 2_000 })
            .catch((error: Error) => error.message);
          console.log(`The page at ${page.url()} showed: ${text.replace(/\s+/g, " ").slice(0, 1500)}`);
          console.log(`Its last requests (ms from the test's start):\n${recent.splice(0).join("\n")}`);
        },
      };
      const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
      // The test page's last requests, answered or not, for the report of a test that fails (what was it waiting on?).
      const started = Date.now();
      const recent: string[] = [];
      const ended = (request: Request, how: string) => {
        // The editor's backend is one address: its action names the request.
        const action = /"action":"(\w+)"/.exec(request.postData() ?? "")?.[1] ?? "";
        const asked = `${request.method()} ${new URL(request.url()).pathname} ${action}`.trim();
        recent.push(`${Date.now() - started} ms ${asked} ${how}`);
        recent.splice(0, recent.length - 20);
      };
      page.on("requestfinished", (request) => ended(request, "answered"));
      page.on("requestfailed", (request) => ended(request, `failed (${request.failure()?.errorText})`));
      const watch = (watched: Page) => {
        const open = () => !closing.has(watched.context());
        watched.on("console", (msg) => {
          if (msg.type() === "error" && open()) guard.consoleErrors.push(msg.text());
        });
        watched.on("pageerror", (err) => open() && guard.consoleErrors.push(`pageerror: ${err.message}`));
        // A server error's address and answer, for the report of a test that fails on it.
        watched.on("response", (response) => {
          if (response.status() < 500 || !open()) return;
          const answer = `${response.status()} ${response.request().method()} ${response.url()}`;
          response.text().then(
            (body) => guard.serverErrors.push(`${answer}: ${body.slice(0, 300)}`),
            () => guard.serverErrors.push(answer),
          );
        });
        watched.on("request", (req) => {
          const url = req.url();
          const local = url.startsWith(origin) || url.startsWith("data:") || url.startsWith("blob:");
          if (!local && !guard.intercepted.some((re) => re.test(url))) {
            guard.foreignRequests.push(`${req.method()} ${url}`);
          }
        });
      };
      const watchAll = (context: BrowserContext) => {
        context.pages().forEach(watch);
        context.on("page", watch);
      };
      watchAll(page.context());
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...options) => {
        const context = await newContext(...options);
        watchAll(context);
        return context;
      };
      try {
        await use(guard);
      } finally {
        browser.newContext = newContext;
      }
      await guard.report();
      const unexpected = guard.consoleErrors.filter((text) => !guard.allowed.some((re) => re.test(text)));
      expect(unexpected, `console errors; server errors: ${guard.serverErrors.join("; ") || "none"}`).toEqual([]);
      expect(guard.foreignRequests, "requests to other hosts").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Why a test runs at 1280 px alone: the phone's layout changes nothing on its path (the same controls, the same
 * requests and checks), so a run at 375 px would repeat it. The phone runs kept are the ones whose path a phone changes
 * (its panes, menus and media library) and the clashing drafts, whose phone runs found bugs.
 */
export const ONE_WIDTH = "the same path as at 1280 px: nothing on a phone changes it";

const root = path.resolve(__dirname, "..");
/** A page file of data/ as the pages see it (src/content/read-content.ts), by name: contact.yaml. */
export function contentFile<T>(file: string): T {
  return readSiteContent(path.join(root, "data")).files[fileKey(file)] as T;
}

export interface ServiceContent {
  slug: string;
  description: string;
  order: number;
  navLabel: string;
  title: string;
  overview: string[];
  lead: string;
}

/** The services of data/ in menu order, each with its path (src/content/read-content.ts). */
export function services(): (ServiceContent & { path: string })[] {
  return readSiteContent(path.join(root, "data")).services as unknown as (ServiceContent & { path: string })[];
}

/** Every page of the site at its one URL (src/lib/paths.ts): the fixed routes and one per data/services/*.yaml. */
export function sitePaths(): string[] {
  return allPaths(services().map((s) => s.slug));
}

export { ROUTES, servicePath };

/** Content as a regular expression that matches it literally: a label such as "Tax (US)" stays itself. */
export const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Words an editor may change, as the pages show them: from data/, never written into a test. */
export const words = () => {
  const layout = contentFile<{
    skipLink: string;
    nav: { menuOpen: string; servicesToggle: string };
    footer: { newTab: string };
  }>("layout.yaml");
  const home = contentFile<{ hero: { cta: string }; cta: { button: string } }>("home.yaml");
  return {
    skipLink: layout.skipLink,
    menuOpen: layout.nav.menuOpen,
    servicesToggle: layout.nav.servicesToggle,
    newTab: layout.footer.newTab,
    heroCta: home.hero.cta,
    ctaButton: home.cta.button,
    contactHeading: contentFile<{ heading: string }>("contact.yaml").heading,
  };
};

/** The firm as the pages show it: with the number a tel: link dials and the state's full name. */
export const firm = () =>
  readSiteContent(path.join(root, "data")).files.firm as {
    name: string;
    phone: { display: string; dial: string };
    address: { city: string; region: string; regionName: string; postalCode: string; country: string };
    links: { url: string }[];
  };

export function isMobile(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/**
 * Gatsby's runtime starts on the visitor's first interaction (plugins/publish/static-first/deferred-runtime.ts). This starts it the way a
 * visitor does, with an interaction that changes nothing on the page (a Shift key press), and waits until React has
 * hydrated the page (the header marks itself as enhanced).
 */
export async function hydrated(page: Page): Promise<void> {
  // What happened on the way, said when the page never hydrates: each request and when, a failed load, an error.
  const seen: string[] = [];
  const failed = (request: Request) => seen.push(`${request.url()} failed (${request.failure()?.errorText})`);
  const answered = (response: Response) =>
    response.status() >= 400 && seen.push(`${response.url()} answered ${response.status()}`);
  const logged = (message: ConsoleMessage) => message.type() === "error" && seen.push(`console: ${message.text()}`);
  const threw = (error: Error) => seen.push(`page error: ${error.message}`);
  const started = Date.now();
  const asked = (request: Request) => seen.push(`${Date.now() - started} ms: ${request.url()}`);
  const finished = (request: Request) => seen.push(`${Date.now() - started} ms: ${request.url()} finished`);
  page.on("requestfailed", failed).on("response", answered).on("console", logged).on("pageerror", threw);
  page.on("request", asked).on("requestfinished", finished);
  try {
    await page.keyboard.press("Shift");
    await page.locator("header[data-enhanced]").waitFor({ state: "attached" });
  } catch (error) {
    throw new Error(`Not hydrated after a key press; on the way: ${seen.join("; ") || "no request"}. ${error}`);
  } finally {
    page.off("requestfailed", failed).off("response", answered).off("console", logged).off("pageerror", threw);
    page.off("request", asked).off("requestfinished", finished);
  }
}
