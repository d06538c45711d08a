import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-harness.ts";

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe("GET /api/public-config", () => {
  it("answers the server's Google client id, without a token", async () => {
    t = await createTestApp("pglite", {
      env: { GOOGLE_CLIENT_ID: "run-time.apps.googleusercontent.com" },
    });
    const res = await t.app.inject({ method: "GET", url: "/api/public-config" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    expect(res.json()).toEqual({
      googleClientId: "run-time.apps.googleusercontent.com",
      sentry: null,
    });
  });

  it("answers null when Google sign-in is not configured", async () => {
    t = await createTestApp("pglite", { env: { GOOGLE_CLIENT_ID: "" } });
    const res = await t.app.inject({ method: "GET", url: "/api/public-config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ googleClientId: null, sentry: null });
    // the same server refuses Google sign-in, so the web app must not offer it
    expect(t.app.services.config.googleClientId).toBeUndefined();
  });
});
