// Lighthouse CI (`npm run test:lighthouse`): a page of each template of the production build in public/ (the first
// service page stands for all: they differ only in content, which the content check and the browser tests, axe
// included, judge on every route), served by the project's own server (scripts/serve.ts: gzip and the real _headers),
// measured once with Lighthouse's mobile emulation and
// simulated throttling in Debian's Chromium. The budgets below are errors. Each is a fact of the page, not a timing
// (timing is the speed gate's), so one run judges it as three would. The HTML reports (e.g. route-about_.html) land in
// reports/lighthouse/: open them in a browser.
// The routes come from e2e/tools/routes.cjs (the content and the site's path helpers). Port: LHCI_PORT, default 9555.
const chromium = require("./e2e/tools/chromium.json");
const { ROUTES } = require("tsx/cjs/api").require("./src/lib/paths.ts", __filename);
const routes = require("./e2e/tools/routes.cjs");

const isServicePage = (route) => route.startsWith(ROUTES.services) && route !== ROUTES.services;
const pages = routes.filter((route) => !isServicePage(route) || route === routes.find(isServicePage));

const PORT = Number(process.env.LHCI_PORT || 9555);
const BASE = `http://127.0.0.1:${PORT}`;

const budget = (options) => ["error", options];

module.exports = {
  ci: {
    collect: {
      url: pages.map((route) => `${BASE}${route}`),
      numberOfRuns: 1,
      startServerCommand: `PORT=${PORT} tsx scripts/serve.ts`,
      startServerReadyPattern: "Serving",
      chromePath: process.env.CHROME_PATH || chromium.path,
      settings: {
        chromeFlags: chromium.args.join(" "),
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      },
    },
    assert: {
      assertions: {
        // Timing is the speed gate's (e2e/tools/speed-gate.mjs: main-thread CPU time, which a busy host cannot move):
        // Lighthouse's simulated timings multiply the host's wall time, and on a page that runs no script at load they
        // measure the host, not the page. Here: what holds whatever the host is doing.
        "categories:accessibility": budget({ minScore: 1 }),
        "categories:best-practices": budget({ minScore: 1 }),
        "categories:seo": budget({ minScore: 1 }),
        "cumulative-layout-shift": budget({ maxNumericValue: 0 }),
        // Static first: no page fetches a script before the visitor's first interaction (Lighthouse never interacts).
        "resource-summary:script:count": budget({ maxNumericValue: 0 }),
        // Nothing reaches another host.
        "resource-summary:third-party:count": budget({ maxNumericValue: 0 }),
      },
    },
    upload: {
      target: "filesystem",
      outputDir: "reports/lighthouse",
      // One report per route.
      reportFilenamePattern: "route-%%PATHNAME%%.%%EXTENSION%%",
    },
  },
};
