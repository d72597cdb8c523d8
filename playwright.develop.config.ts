// Browser tests of `npm start`: the site under `gatsby develop`, as a developer first runs it (e2e/develop.spec.ts).
// Run before any build (package.json's test command): gatsby develop writes the same .cache/ and public/ as a build.
import { defineConfig } from "@playwright/test";
import chromium from "./scripts/chromium.json";

const PORT = Number(process.env.DEVELOP_PORT || 9340);

export default defineConfig({
  testDir: "e2e",
  testMatch: "develop.spec.ts",
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: process.env.CHROME_PATH || chromium.path, args: chromium.args },
    viewport: { width: 1280, height: 800 },
  },
  webServer: {
    command: `npm run develop -- --port ${PORT}`,
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
