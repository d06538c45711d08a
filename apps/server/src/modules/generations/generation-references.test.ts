// Reference images reach the engine: each reference upload is read once by the engine's
// readReference and its look is passed with the render request. The real engine renders in
// its worker thread, as in production (which takes the plates it is sent: the cache must hand
// out copies); the test only counts and records the calls.
import { type ReferenceLook, readReference } from "@studio/engine";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StudioEngine } from "../../engine/engine-adapter.ts";
import { createThreadEngine } from "../../engine/engine-thread.ts";
import { injectAs, postUpload, sellerWithCoins } from "../../testing/api-helpers.ts";
import { createTestApp, dbKinds, type TestApp } from "../../testing/test-harness.ts";
import { multipartBody, productPhoto, studioEnv } from "../uploads/test-images.test-helper.ts";
import { findUploadById } from "../uploads/uploads.repository.ts";

/** a warm, busy scene: orange and brown stripes lit from the right */
async function warmScene(): Promise<Buffer> {
  const w = 240;
  const h = 160;
  const rgb = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const stripe = (Math.floor(x / 12) + Math.floor(y / 20)) % 2 ? 1 : 0.45;
      const light = 0.4 + (0.6 * x) / w;
      const i = (y * w + x) * 3;
      rgb[i] = Math.round(250 * stripe * light);
      rgb[i + 1] = Math.round(140 * stripe * light);
      rgb[i + 2] = Math.round(40 * stripe * light);
    }
  }
  return sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** a cool, even swatch: pale blue */
async function coolSwatch(): Promise<Buffer> {
  return sharp({
    create: { width: 200, height: 200, channels: 3, background: { r: 150, g: 190, b: 235 } },
  })
    .png()
    .toBuffer();
}

describe.each(dbKinds)("generations with reference images on %s", (kind) => {
  let t: TestApp;
  const renders: ReferenceLook[][] = [];
  let reads = 0;
  beforeAll(async () => {
    const real = createThreadEngine();
    const engine: StudioEngine = {
      cutoutPhoto: real.cutoutPhoto,
      maskPhoto: real.maskPhoto,
      loadCutout: real.loadCutout,
      templateThumbnail: real.templateThumbnail,
      close: real.close,
      async readReference(bytes) {
        reads++;
        return real.readReference(bytes);
      },
      async render(job, cut, maxSide, references) {
        renders.push(structuredClone(references));
        return real.render(job, cut, maxSide, references);
      },
    };
    t = await createTestApp(kind, { env: studioEnv, engine });
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = async (token: string, bytes: Buffer, query = "") => {
    const body = multipartBody(bytes);
    const res = await postUpload(t.app, token, body, query);
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };

  it("reads each reference once and renders with its look", async () => {
    const u = await sellerWithCoins(t.app, 20);
    const product = await upload(u.token, await productPhoto());
    const warm = await upload(u.token, await warmScene(), "?purpose=reference");
    const cool = await upload(u.token, await coolSwatch(), "?purpose=reference");

    const generate = async (referenceIds: string[]) => {
      const res = await injectAs(t.app, u.token, "POST", "/api/generations", {
        uploadId: product,
        prompt: "on a table",
        count: 1,
        referenceIds,
      });
      expect(res.statusCode).toBe(202);
      await t.app.pipeline.runner?.runUntilIdle();
      const g = await injectAs(t.app, u.token, "GET", `/api/generations/${res.json().id}`);
      expect(g.json()).toMatchObject({ status: "done", referenceIds });
      return g.json();
    };

    await generate([warm]);
    await generate([cool]);
    await generate([warm]);
    await generate([]);

    // what the engine itself reads from the stored references
    const stored = async (id: string) => {
      const row = await findUploadById(t.database.db, id);
      const bytes = await t.app.pipeline.storage.get(row?.storageKey ?? "");
      if (!bytes) throw new Error("reference not stored");
      return readReference(bytes);
    };
    const warmLook = await stored(warm);
    const coolLook = await stored(cool);
    expect(renders.map((r) => r.length)).toEqual([1, 1, 1, 0]);
    expect(renders[0]?.[0]).toEqual(warmLook);
    expect(renders[1]?.[0]).toEqual(coolLook);
    expect(renders[2]?.[0]).toEqual(warmLook); // from the cache, still whole
    // the two are as different as the test meant: a warm scene (with a plate), a cool swatch
    expect(warmLook.warmth).toBeGreaterThan(0.3);
    expect(coolLook.warmth).toBeLessThan(-0.1);
    expect(warmLook.plate).toBeDefined();
    expect(coolLook.plate).toBeUndefined();
    // read once per reference, not per generation
    expect(reads).toBe(2);
  });
});
