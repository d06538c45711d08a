// GET /api/ready: 503 while the engine warms up at start (its "engine" check), 200 once it
// has. The engine is the real one on its thread; only its warm-up waits for the test's word,
// so "before" is certain. (The database, migration and worker checks: metrics.routes.test.ts.)
import { describe, expect, it } from "vitest";
import { createThreadEngine } from "../../engine/engine-thread.ts";
import { createTestApp } from "../../testing/test-harness.ts";

describe("GET /api/ready", { timeout: 180_000 }, () => {
  it("answers 503 until the engine has warmed, then 200", async () => {
    const real = createThreadEngine();
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const warmed: (string | undefined)[] = [];
    const t = await createTestApp("pglite", {
      env: { ENGINE_WARM: "true", CUTOUT_METHOD: "classical" },
      engine: {
        ...real,
        async warm(method, detect, full, part) {
          await gate;
          await real.warm?.(method, detect, full, part);
          warmed.push(part);
        },
      },
    });
    try {
      // the other checks pass: a process that runs jobs has a heartbeat
      await t.database.executeSql(
        "insert into job_workers (id, kind, host, pid) values ('w1', 'worker', 'test', 1)",
      );
      const before = await t.app.inject({ method: "GET", url: "/api/ready" });
      expect(before.statusCode).toBe(503);
      expect(before.json().checks.engine.ok).toBe(false);
      expect(before.json().checks.worker.ok).toBe(true);
      release();
      await t.app.pipeline.warming;
      // the models first, then the render, once the pack is checked (decision 0555)
      expect(warmed).toEqual(["models", "render"]);
      const after = await t.app.inject({ method: "GET", url: "/api/ready" });
      expect(after.statusCode).toBe(200);
      expect(after.json().checks.engine).toEqual({ ok: true });
    } finally {
      await t.close();
    }
  });

  it("is ready at once where nothing warms (ENGINE_WARM=false, the test default)", async () => {
    const t = await createTestApp("pglite");
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/ready" });
      expect(res.json().checks.engine).toEqual({ ok: true });
    } finally {
      await t.close();
    }
  });
});
