import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-harness.ts";

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe("GET /api/photo-material", () => {
  it("lists the pack's files with origin, licence and source, and how much is here", async () => {
    t = await createTestApp("pglite");
    await t.app.pipeline.assets.settled;
    const res = await t.app.inject({ method: "GET", url: "/api/photo-material" });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      pack: { files: number; presentFiles: number; complete: boolean };
      entries: { file: string; licence: string; rawUrl: string }[];
    };
    expect(body.entries.length).toBe(body.pack.files);
    expect(body.entries.length).toBeGreaterThan(100);
    expect(body.entries.every((e) => e.rawUrl.startsWith("https://") && e.licence)).toBe(true);
    // a test install has no pack and fetches none (ASSETS_FETCH is off under NODE_ENV=test)
    expect(body.pack).toMatchObject({ presentFiles: 0, complete: false, state: "incomplete" });
  });
});
