// Browser tests: Debian's Chromium (no downloaded browsers) against the production build served by scripts/serve.mjs.
import { defineConfig } from "@playwright/test";
import chromium from "./scripts/chromium.json";

const PORT = Number(process.env.E2E_PORT || 9323);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROME_PATH || chromium.path,
      args: chromium.args,
    },
    trace: "off",
  },
  projects: [
    { name: "desktop-1280", use: { viewport: { width: 1280, height: 800 } } },
    { name: "mobile-375", use: { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true } },
  ],
  webServer: {
    command: `node scripts/serve.mjs`,
    env: { PORT: String(PORT) },
    url: `${BASE_URL}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
