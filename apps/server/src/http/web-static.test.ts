import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-harness.ts";

describe("serving the built web app", () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "web-dist-"));
    writeFileSync(
      path.join(dist, "index.html"),
      "<!doctype html><title>Studio</title><div id=root></div>",
    );
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(path.join(dist, "assets", "app.js"), "console.log('app')");
    t = await createTestApp("pglite", { env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("serves files and falls back to index.html for client routes", async () => {
    const js = await t.app.inject({ method: "GET", url: "/assets/app.js" });
    expect(js.statusCode).toBe(200);
    expect(js.body).toContain("console.log");
    for (const url of ["/", "/app", "/clothing-app", "/create/amazon-product-photography?x=1"]) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
      expect(page.body).toContain("<title>Studio</title>");
    }
  });

  it("keeps JSON 404s for unknown API calls and non-GET methods", async () => {
    const api = await t.app.inject({ method: "GET", url: "/api/unknown" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: "Not found: GET /api/unknown" });
    const post = await t.app.inject({ method: "POST", url: "/app" });
    expect(post.statusCode).toBe(404);
  });
});
