import { afterEach, describe, expect, it } from "vitest";
import { injectAs, signup } from "../../testing/api-helpers.ts";
import { createTestApp, type TestApp } from "../../testing/test-harness.ts";

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});
const TOKEN = "metrics-token-0123456789";

describe("GET /metrics", () => {
  it("needs the token, then answers Prometheus text with latency by route and ledger totals", async () => {
    t = await createTestApp("pglite", { env: { METRICS_TOKEN: TOKEN } });
    const { app } = t;
    await app.inject({ method: "GET", url: "/api/hello" });
    await signup(app);
    const metrics = (token: string | null) => injectAs(app, token, "GET", "/metrics");
    expect((await metrics(null)).statusCode).toBe(401);
    expect((await metrics("metrics-token-0123456780")).statusCode).toBe(401);
    const res = await metrics(TOKEN);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain; version=0.0.4");
    const text = res.body;
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/hello",status="2xx"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="POST",route="/api/signup",status="2xx"} 1',
    );
    expect(text).toMatch(/studio_queue_depth\{status="waitlisted"\} 0/);
    expect(text).toMatch(/studio_workers_alive\{kind="worker"\} \d+/);
    expect(text).toMatch(/studio_coins_total\{kind="grant"\} \d+/);
    expect(text).toMatch(/studio_generation_stage_seconds_count\{stage="run"\} 0/);
    expect(text).toMatch(/studio_engine_thread_busy_seconds_total [\d.]+/);
    // every sample line is `name{labels} value`
    for (const line of text.split("\n").filter((l) => l && !l.startsWith("#"))) {
      expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? (-?[\d.e+-]+|NaN)$/);
    }
  });

  it("answers 404 without a configured token", async () => {
    t = await createTestApp("pglite");
    expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
  });
});

describe("liveness, readiness and request ids", () => {
  it("readiness checks the database, the migrations and a live worker", async () => {
    t = await createTestApp("pglite");
    expect((await t.app.inject({ method: "GET", url: "/api/live" })).json()).toEqual({ ok: true });
    await t.database.executeSql("delete from job_workers");
    const down = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(down.statusCode).toBe(503);
    expect(down.json().checks).toMatchObject({
      database: { ok: true },
      migrations: { ok: true },
      worker: { ok: false },
    });
    await t.database.executeSql(
      "insert into job_workers (id, kind, host, pid) values ('w1', 'worker', 'test', 1)",
    );
    const up = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(up.statusCode).toBe(200);
    await t.database.executeSql(
      "delete from schema_migrations where name = '202611251300_login_protection.sql'",
    );
    const missing = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(missing.statusCode).toBe(503);
    expect(missing.json().checks.migrations.detail).toContain("202611251300_login_protection.sql");
  });

  it("gives every response a request id, keeping a sane one from the proxy", async () => {
    t = await createTestApp("pglite");
    const a = await t.app.inject({ method: "GET", url: "/api/live" });
    expect(a.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const b = await t.app.inject({
      method: "GET",
      url: "/api/live",
      headers: { "x-request-id": "edge-1234abcd" },
    });
    expect(b.headers["x-request-id"]).toBe("edge-1234abcd");
    const c = await t.app.inject({
      method: "GET",
      url: "/api/live",
      headers: { "x-request-id": "bad id\nforged log line" },
    });
    expect(c.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
