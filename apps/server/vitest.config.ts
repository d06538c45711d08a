import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // Each suite starts PGlite (WASM) and may create a PostgreSQL database: slow on 2 cores.
    // Several tests take 5-10 s alone; the limits leave room for a machine three or four times
    // slower than usual (another process busy on both cores), so only a hang fails.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
