import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createTestDatabase, type TestDatabase, testConfig } from "../../testing/test-harness.ts";
import type { JobHandlers } from "./job-definitions.ts";
import { createJobQueue, type JobQueue } from "./job-queue.ts";
import { createJobRunner } from "./job-runner.ts";

const silent = { info() {}, error() {} };
const UUID = "0b6f1c8e-6a43-4b0a-9d7e-2f1f6a3c9e11";

describe("job runner (PGlite)", () => {
  let tdb: TestDatabase;
  let queue: JobQueue;
  const config = testConfig().generations;
  beforeAll(async () => {
    tdb = await createTestDatabase("pglite");
    queue = createJobQueue(tdb.database, { ...config, jobRetryLimit: 0 }, () => {});
  });
  afterAll(async () => {
    await queue.stop();
    await tdb.drop();
  });

  const handlers = (seen: unknown[]): JobHandlers => ({
    "upload.cutout": async (data) => {
      seen.push(data);
    },
    "generation.run": async (data) => {
      seen.push(data);
    },
    "generation.failed": async (data) => {
      seen.push(data);
    },
    "video.run": async (data) => {
      seen.push(data);
    },
    "webhook.deliver": async (data) => {
      seen.push(data);
    },
    "batch.item": async (data) => {
      seen.push(data);
    },
    "batch.failed": async (data) => {
      seen.push(data);
    },
    "video.failed": async (data) => {
      seen.push(data);
    },
  });

  it("refuses to start when a job has no handler", () => {
    const partial = { ...handlers([]) } as Partial<JobHandlers>;
    delete partial["generation.failed"];
    expect(() =>
      createJobRunner({
        db: tdb.database.db,
        queue,
        handlers: partial as JobHandlers,
        config,
        kind: "worker",
        log: silent,
      }),
    ).toThrow('Job "generation.failed" has no handler');
  });

  it("runs valid payloads one at a time and fails malformed ones without running them", async () => {
    const seen: unknown[] = [];
    const runner = createJobRunner({
      db: tdb.database.db,
      queue,
      handlers: handlers(seen),
      config,
      kind: "worker",
      log: silent,
    });
    await queue.start();
    await queue.send("upload.cutout", { uploadId: UUID }, { id: UUID });
    await queue.send("upload.cutout", { uploadId: "not-a-uuid" } as never);
    expect(await runner.runUntilIdle()).toBe(2);
    expect(seen).toEqual([{ uploadId: UUID }]);
    expect(await queue.state("upload.cutout", UUID)).toBe("completed");
  });

  it("names the queues holding a job a fetch would take now, and only those", async () => {
    await queue.start();
    const all = ["upload.cutout", "generation.run", "webhook.deliver"] as const;
    expect(await queue.waiting(all)).toEqual(new Set());
    const id = "5d0c2a47-1a0e-4b8f-8c5e-7f3b2d9a6e10";
    await queue.send("generation.run", { generationId: id }, { id });
    // not before a minute from now: no fetch would take it yet
    await queue.send(
      "webhook.deliver",
      { deliveryId: UUID, attempt: 1 },
      { startAfterSeconds: 60 },
    );
    expect(await queue.waiting(all)).toEqual(new Set(["generation.run"]));
    expect((await queue.fetch("generation.run"))?.id).toBe(id);
    // taken (active): no longer waiting
    expect(await queue.waiting(all)).toEqual(new Set());
    await queue.complete("generation.run", id);
  });

  it("validates its configuration", () => {
    const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), "studio-config-")) };
    expect(() => loadConfig({ ...base, STORAGE_URL: "s3://bucket-only" })).toThrow(/STORAGE_URL/);
    expect(() => loadConfig({ ...base, CUTOUT_METHOD: "magic" })).toThrow(/CUTOUT_METHOD/);
    expect(() => loadConfig({ ...base, MAINTENANCE_AT: "tomorrow" })).toThrow(/MAINTENANCE_AT/);
    expect(() => loadConfig({ ...base, RUN_JOBS: "yes" })).toThrow(/RUN_JOBS/);
    expect(() => loadConfig({ ...base, DETECT_PRODUCT: "maybe" })).toThrow(/DETECT_PRODUCT/);
    const ok = loadConfig({
      STORAGE_URL: "s3://key:secret@127.0.0.1:9000/photos?tls=false",
      MAINTENANCE_AT: "2026-12-01T02:00:00Z",
      ...base,
    }).generations;
    expect(ok.maintenanceAt).toBe(Date.UTC(2026, 11, 1, 2));
    expect(ok.runJobs).toBe(true);
    expect(ok.detectProduct).toBe(true);
  });
});
