// The id of the HTTP request that queued a job travels in the job's payload (checked against
// its schema) and appears in the log lines the runner and the engine thread write for that job,
// so one search for a request id finds the request and the work it caused.
import { availableParallelism } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, sellerWithCoins } from "../../testing/api-helpers.ts";
import { createTestApp, type TestApp } from "../../testing/test-harness.ts";
import { multipartBody, productPhoto, studioEnv } from "../uploads/test-images.test-helper.ts";

interface Line {
  msg: string;
  reqId?: string;
  job?: string;
  jobId?: string;
  op?: string;
  threadId?: number;
  outcome?: string;
}

describe("request ids across the API, the job runner and the engine thread", () => {
  let t: TestApp;
  const lines: Line[] = [];
  beforeAll(async () => {
    t = await createTestApp("pglite", {
      env: { ...studioEnv, LOG_LEVEL: "info" },
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    });
  });
  afterAll(async () => {
    await t.close();
  });
  const linesOf = (reqId: string) => lines.filter((l) => l.reqId === reqId);

  it("carries the upload's and the generation's request ids into their jobs' log lines", async () => {
    const u = await sellerWithCoins(t.app, 8);
    const photo = multipartBody(await productPhoto());
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { ...photo.headers, ...bearer(u.token), "x-request-id": "upload-req-0001" },
      payload: photo.payload,
    });
    expect(upload.statusCode).toBe(201);
    expect(upload.headers["x-request-id"]).toBe("upload-req-0001");
    const submit = await t.app.inject({
      method: "POST",
      url: "/api/generations",
      headers: { ...bearer(u.token), "x-request-id": "generate-req-0001" },
      payload: { uploadId: upload.json().id, prompt: "on linen" },
    });
    expect(submit.statusCode).toBe(202);
    await t.app.pipeline.runner?.runUntilIdle();

    const cutout = linesOf("upload-req-0001");
    expect(cutout.map((l) => l.msg)).toEqual(
      expect.arrayContaining(["incoming request", "job started", "engine thread call", "job done"]),
    );
    const cutoutJob = cutout.filter((l) => l.job === "upload.cutout");
    expect(cutoutJob.every((l) => l.jobId === upload.json().id)).toBe(true);
    expect(cutoutJob.find((l) => l.msg === "engine thread call")).toMatchObject({
      op: "cutoutPhoto",
      outcome: "ok",
      threadId: expect.any(Number),
    });

    const generation = linesOf("generate-req-0001").filter((l) => l.job === "generation.run");
    expect(generation.map((l) => l.msg)).toEqual([
      "job started",
      ...generation.filter((l) => l.msg === "engine thread call").map(() => "engine thread call"),
      "job done",
    ]);
    // four photos: half the shots on each of the engine's two threads (decision 0551), on a
    // machine with two cores or more
    const threads = availableParallelism() > 1 ? 2 : 1;
    const renders = generation.filter((l) => l.op === "render");
    expect(renders).toHaveLength(threads);
    expect(new Set(renders.map((l) => l.threadId)).size).toBe(threads);
    expect(generation.every((l) => l.jobId === submit.json().id)).toBe(true);
  });

  it("refuses a job whose request id is not a plain token, and logs it without one", async () => {
    const uploadId = "00000000-0000-4000-8000-000000000001";
    await t.app.pipeline.queue.send("upload.cutout", {
      uploadId,
      requestId: "a b\nforged line",
    } as never);
    await t.app.pipeline.runner?.runUntilIdle();
    const failed = lines.filter((l) => l.jobId !== undefined && l.msg === "job failed");
    const mine = failed.filter((l) => l.job === "upload.cutout" && !l.reqId);
    expect(mine.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.reqId?.includes("forged"))).toBe(false);
    expect(
      lines.some((l) => l.msg === "job started" && l.job === "upload.cutout" && !l.reqId),
    ).toBe(false);
  });
});
