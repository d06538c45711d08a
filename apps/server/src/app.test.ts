import { describe, expect, it } from "vitest";
import { testAppPerSuite } from "./testing/test-app-per-suite.ts";
import { dbKinds } from "./testing/test-harness.ts";

describe.each(dbKinds)("app skeleton on %s", (kind) => {
  const t = testAppPerSuite(kind);

  it("answers the hello and health routes", async () => {
    const hello = await t.app.inject({ method: "GET", url: "/api/hello" });
    expect(hello.statusCode).toBe(200);
    expect(hello.json()).toEqual({ hello: "world" });
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.json()).toEqual({ ok: true, database: kind });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Not found: GET /api/nope" });
  });

  it("answers malformed JSON with a 400 and no stack trace", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain("    at ");
    expect(res.json()).toHaveProperty("error");
  });
});
