import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Renders, ISNet and ffmpeg take 1-5 s a test on 2 cores; vitest's default 5 s limit failed
    // them when something else kept both cores busy. Only a hang should fail on time.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
