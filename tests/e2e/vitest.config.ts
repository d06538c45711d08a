// Browser tests: the real server (apps/server) serving the built web app, driven through
// Playwright by Debian's Chromium. One server for the whole run; files run one at a time
// (the machine has two cores and the journeys share it).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters: ["default"],
  },
});
