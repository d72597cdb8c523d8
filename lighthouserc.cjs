// Lighthouse CI (`npm run test:lighthouse`): every route of the production build in public/, served by the project's
// own server (scripts/serve.ts: gzip and the real _headers), measured 3 times with Lighthouse's mobile emulation and
// simulated throttling in Debian's Chromium. The budgets below are errors, judged on the median of the 3 runs. The
// HTML reports (the median run of each route, e.g. route-about_.html) land in reports/lighthouse/: open them in a browser.
// The routes come from scripts/routes.cjs (the content and the site's path helpers). Port: LHCI_PORT, default 9555.
const chromium = require("./scripts/chromium.json");
const routes = require("./scripts/routes.cjs");

const PORT = Number(process.env.LHCI_PORT || 9555);
const BASE = `http://127.0.0.1:${PORT}`;

/** An error unless the median of the runs meets it. */
const median = (options) => ["error", { ...options, aggregationMethod: "median" }];

module.exports = {
  ci: {
    collect: {
      url: routes.map((route) => `${BASE}${route}`),
      numberOfRuns: 3,
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
        // Timing is the speed gate's (scripts/speed-gate.mjs: main-thread CPU time, which a busy host cannot move):
        // Lighthouse's simulated timings multiply the host's wall time, and on a page that runs no script at load they
        // measure the host, not the page. Here: what holds whatever the host is doing.
        "categories:accessibility": median({ minScore: 1 }),
        "categories:best-practices": median({ minScore: 1 }),
        "categories:seo": median({ minScore: 1 }),
        "cumulative-layout-shift": median({ maxNumericValue: 0 }),
        // Static first: no page fetches a script before the visitor's first interaction (Lighthouse never interacts).
        "resource-summary:script:count": median({ maxNumericValue: 0 }),
        // Nothing reaches another host, in any run.
        "resource-summary:third-party:count": ["error", { maxNumericValue: 0, aggregationMethod: "pessimistic" }],
      },
    },
    upload: {
      target: "filesystem",
      outputDir: "reports/lighthouse",
      // One report per route: the median run is written last and replaces the others (manifest.json lists every run).
      reportFilenamePattern: "route-%%PATHNAME%%.%%EXTENSION%%",
    },
  },
};
