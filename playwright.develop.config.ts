// Browser tests of `npm start`: the site under `gatsby develop`, as a developer first runs it (e2e/develop.spec.ts).
// gatsby develop runs in a copy of the project (e2e/tools/project-copy.ts), so its .cache/ and public/ are not the
// ones a build writes: package.json's test command runs this beside the speed gate and Lighthouse, which read public/.
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
    command: `tsx e2e/tools/project-copy.ts npm run develop -- --port ${PORT}`,
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
