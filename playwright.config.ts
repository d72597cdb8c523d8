// Browser tests: Debian's Chromium (no downloaded browsers; the editor's in its headless shell,
// e2e/tools/chromium.json) against the production build in public/, served three ways: by scripts/serve.ts (the whole
// suite, at two widths; what a host sends, at one), and by the real host runtimes — Cloudflare's (`wrangler pages dev`,
// scripts/cloudflare.mjs) and Debian's nginx with deploy/nginx.conf (scripts/nginx.mjs) — for the hosting and route
// specs; and the fixture build (e2e/tools/fixture-site.mjs) by scripts/serve.ts for the text-is-text spec; the editor's
// specs get the editor for local editing, which no build publishes, served over the build (e2e/tools/local-editor.ts).
// Each project names the servers it needs; each starts once for the run, as the first test that needs it starts
// (e2e/servers.ts). The "login" project's spec starts its own: Cloudflare's runtime with the site's functions on the
// fixture build, and stand-ins for GitHub and Cloudflare Access.
import { defineConfig } from "@playwright/test";
import chromium from "./e2e/tools/chromium.json";
import { ACCESS_SITE_URL, FIXTURE_SITE_URL } from "./e2e/fixture-build";
import { BASE_URL, CLOUDFLARE_URL, LOCAL_EDITOR_URL, NGINX_URL, type ServerName } from "./e2e/servers";

type Servers = { servers: ServerName[] };
const HOST_SPECS = ["hosting.spec.ts", "routes.spec.ts", "editor-hosting.spec.ts"];
// What a host sends (headers, policies, redirects, status codes) is the same at every width: checked at 1280 px only.
const HEADER_SPECS = ["hosting.spec.ts", "editor-hosting.spec.ts"];
// The daily loop (`npm run test:quick`, TEST_QUICK=1) leaves what a host sends to `npm test`, which checks it on the
// hosts themselves.
const QUICK_IGNORE = process.env.TEST_QUICK ? HEADER_SPECS : [];
// The editor at /admin/ (with its own decap-server): at 1280 px, and at 375 px (touch) in its phone tests.
const EDITOR_SPECS = [
  "cms.spec.ts",
  "cms-saves.spec.ts",
  "cms-workflow.spec.ts",
  "cms-images.spec.ts",
  "history.spec.ts",
];
// Starts nginx itself, on a copy of the build in a private folder: once, in the nginx project.
const NGINX_ONLY = ["nginx-private-folder.spec.ts"];
// The email login and the content API on Cloudflare's runtime (on E2E_PORT + 8 and + 9, with stand-ins for GitHub and
// Access).
const LOGIN_SPECS = ["content-api.spec.ts"];
// Markup-like text in the fixture build (e2e/tools/fixture-site.mjs), served by our server on E2E_PORT + 5.
const FIXTURE_SPECS = ["text-is-text.spec.ts"];
// Under gatsby develop, with a server of its own: playwright.develop.config.ts.
const DEVELOP_SPECS = ["develop.spec.ts"];
// How long an editor's expectation waits for what follows a click: Decap's start (its 5 MB bundle), a save or a
// publish through a backend that runs git or a stand-in. With two editors and their backends on two busy cores a save
// took over 5 s, the expectations' default. They check what happens; the speed gate and Lighthouse check how fast.
const EDITOR_EXPECT = { timeout: 15_000 };
// The browser a project's tests run in: Debian's Chromium, or for the editor's its headless shell (chromium.json).
const launch = (executablePath: string) => ({
  executablePath: process.env.CHROME_PATH || executablePath,
  args: chromium.args,
});

export default defineConfig<object, Servers>({
  testDir: "e2e",
  // Starts no server: each project names the ones it needs (`servers`), started as its first test starts.
  globalSetup: "./e2e/servers.ts",
  fullyParallel: true,
  workers: 2,
  // No retries, in CI too: a test that passes only on its second try hides a bug (a layout shift, a race) that some
  // visitors meet. Timing-sensitive tests wait for the condition they check instead.
  retries: 0,
  // A stray test.only would quietly shrink npm test: under CI it fails the run.
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    launchOptions: launch(chromium.path),
    trace: "off",
    // A click, fill or wait that cannot happen fails at that step, naming it, rather than as the test's timeout. Far
    // above what any step takes on a busy two-core machine (Decap's start, the longest, 5 s).
    actionTimeout: 20_000,
  },
  // Tests start in the order of these projects. The login project's run in turn, in one worker (its servers are its
  // own): first, so that the other worker's tests fill the time beside them and no worker waits at the end.
  projects: [
    {
      name: "login",
      testMatch: LOGIN_SPECS,
      // Its own Cloudflare runtimes (content-api-session.ts); the Worker route's site behind them.
      use: {
        baseURL: ACCESS_SITE_URL,
        viewport: { width: 1280, height: 800 },
        servers: ["fixtureSite"],
        launchOptions: launch(chromium.headlessShell),
      },
      expect: EDITOR_EXPECT,
    },
    {
      name: "desktop-1280",
      testIgnore: [...EDITOR_SPECS, ...NGINX_ONLY, ...LOGIN_SPECS, ...FIXTURE_SPECS, ...DEVELOP_SPECS, ...QUICK_IGNORE],
      use: { viewport: { width: 1280, height: 800 }, servers: ["site"] },
    },
    {
      name: "mobile-375",
      testIgnore: [...EDITOR_SPECS, ...NGINX_ONLY, ...LOGIN_SPECS, ...FIXTURE_SPECS, ...HEADER_SPECS, ...DEVELOP_SPECS],
      use: { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true, servers: ["site"] },
    },
    {
      name: "editor",
      testMatch: EDITOR_SPECS,
      use: {
        baseURL: LOCAL_EDITOR_URL,
        viewport: { width: 1280, height: 900 },
        servers: ["localEditor"],
        launchOptions: launch(chromium.headlessShell),
      },
      expect: EDITOR_EXPECT,
    },
    {
      name: "cloudflare",
      testMatch: HOST_SPECS,
      use: { baseURL: CLOUDFLARE_URL, viewport: { width: 1280, height: 800 }, servers: ["cloudflare"] },
    },
    {
      name: "fixture",
      testMatch: FIXTURE_SPECS,
      // The same page built from plain content is the site's.
      use: { baseURL: FIXTURE_SITE_URL, viewport: { width: 1280, height: 800 }, servers: ["fixtureSite", "site"] },
    },
    {
      name: "nginx",
      testMatch: [...HOST_SPECS, ...NGINX_ONLY],
      use: { baseURL: NGINX_URL, ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 }, servers: ["nginx"] },
    },
  ],
});
