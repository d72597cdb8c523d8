// Browser tests of `npm start`: the site under `gatsby develop`, as a developer first runs it (e2e/develop.spec.ts).
// Run before any build (package.json's test command): gatsby develop writes the same .cache/ and public/ as a build.
import { defineConfig } from "@playwright/test";
import suite from "./playwright.config";

const PORT = Number(process.env.DEVELOP_PORT || 9340);

export default defineConfig({
  testDir: "e2e",
  testMatch: "develop.spec.ts",
  workers: 1,
  forbidOnly: suite.forbidOnly,
  reporter: [["list"]],
  // The suite's browser (Debian's Chromium, its flags).
  use: { ...suite.use, baseURL: `http://localhost:${PORT}`, viewport: { width: 1280, height: 800 } },
  webServer: {
    command: `npm run develop -- --port ${PORT}`,
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
