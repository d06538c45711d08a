import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // real worker processes on PostgreSQL: starting one takes seconds on 2 cores
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
