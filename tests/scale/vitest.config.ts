// The scaled-out suite: real API and worker processes on a fresh PostgreSQL database.
// Run: npx vitest run --config tests/scale/vitest.config.ts  (skipped, loudly, without
// TEST_POSTGRES_URL).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL(".", import.meta.url).pathname,
    include: ["**/*.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
