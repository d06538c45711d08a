import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// The server (apps/server) serves dist/ in production; in development Vite proxies the API to it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "8080"}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    target: "es2022",
    sourcemap: false,
    // bench:web reads the manifest to know which chunks the home page loads first
    manifest: true,
    rolldownOptions: {
      // @studio/contracts builds its TypeBox schemas at module level; the browser takes only
      // types and the plain constants in messages.ts, so its modules count as side-effect free
      // and the schemas (and TypeBox, ~11 KB gzipped) stay out of the bundle.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contracts[\\/]/.test(id),
      },
    },
  },
  server: {
    proxy: { "/api": apiTarget, "/dev": apiTarget },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    // CI runs this beside the server and e2e suites on two cores: a cold lazy-chunk transform
    // has taken more than the 5 s default there.
    testTimeout: 20_000,
  },
});
