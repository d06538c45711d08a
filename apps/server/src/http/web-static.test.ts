import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerWebStatic } from "./web-static.ts";

async function appWithDist() {
  const dist = mkdtempSync(path.join(tmpdir(), "web-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>app</title>");
  writeFileSync(path.join(dist, "assets", "main-abc123.js"), "console.log(1)");
  const app = Fastify();
  await registerWebStatic(app, dist);
  return app;
}

describe("web static", () => {
  it("serves hashed assets as immutable and index.html as no-cache", async () => {
    const app = await appWithDist();
    const asset = await app.inject({ url: "/assets/main-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    const page = await app.inject({ url: "/app" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>app</title>");
  });

  it("answers 404 for a missing asset instead of the app's HTML", async () => {
    const app = await appWithDist();
    const res = await app.inject({ url: "/assets/main-old999.js" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Not found: GET /assets/main-old999.js" });
  });

  it("answers 404 JSON for unknown API paths", async () => {
    const app = await appWithDist();
    const res = await app.inject({ url: "/api/nope" });
    expect(res.statusCode).toBe(404);
  });
});
