import { type CutoutMeta, RENDER_COPY_SIDE, renderCopyMeta } from "@studio/engine";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  generateOneAndRun,
  injectAs,
  postUpload,
  sellerWithCoins,
  signup,
} from "../../testing/api-helpers.ts";
import { createTestApp, dbKinds, type TestApp } from "../../testing/test-harness.ts";
import { productSideFor } from "../generations/generation-output.ts";
import { multipartBody, productPhoto, studioEnv } from "./test-images.test-helper.ts";
import { uploads as uploadsTable } from "./uploads.tables.ts";

// A large photo's cut-out is stored with a smaller copy beside it; a render that places the
// product no larger than the copy's uses the copy (engine's cutout/render-copy.ts).
describe.each(dbKinds)("render copy of a large cut-out on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { ...studioEnv, UPLOAD_MAX_BYTES: "20000000", UPLOAD_MAX_PIXELS: "6000000" },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const run = () => t.app.pipeline.runner?.runUntilIdle();
  const stored = async (id: string) =>
    (await t.database.db.select().from(uploadsTable).where(eq(uploadsTable.id, id)))[0];
  async function upload(token: string, bytes: Buffer): Promise<string> {
    const body = multipartBody(bytes);
    const res = await postUpload(t.app, token, body);
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }
  const sizeOf = async (png: Buffer | null) => {
    if (!png) throw new Error("not stored");
    const m = await sharp(png).metadata();
    return { width: m.width, height: m.height };
  };

  it("stores the copy beside the cut-out and renders from it when it holds enough pixels", async () => {
    const a = await signup(t.app);
    // the product is 1680 px tall: more than 1.5 × RENDER_COPY_SIDE
    const id = await upload(a.token, await productPhoto({ width: 1800, height: 2800 }));
    await run();
    const meta = (await stored(id))?.cutoutMeta as CutoutMeta;
    expect(meta.width).toBe(1800);
    const copyMeta = renderCopyMeta(meta);
    if (!copyMeta) throw new Error("no render copy");
    expect(copyMeta.bbox.height).toBeGreaterThanOrEqual(RENDER_COPY_SIDE - 3);
    expect(copyMeta.bbox.height).toBeLessThanOrEqual(RENDER_COPY_SIDE + 3);
    const storage = t.app.pipeline.storage;
    expect(await sizeOf(await storage.get(`uploads/${id}/cutout-render.png`))).toEqual({
      width: copyMeta.width,
      height: copyMeta.height,
    });

    const uploads = t.app.pipeline.uploads;
    expect((await uploads.ensureCutout(id, () => 700)).width).toBe(copyMeta.width);
    expect((await uploads.ensureCutout(id, () => copyMeta.bbox.height)).width).toBe(copyMeta.width);
    expect((await uploads.ensureCutout(id, () => copyMeta.bbox.height + 1)).width).toBe(1800);
    expect((await uploads.ensureCutout(id)).width).toBe(1800);

    // decoded once: a repeat is the same pixels, kept in memory (cutout-cache.ts)
    const again = await uploads.ensureCutout(id, () => 700);
    expect(again.rgba.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect((await uploads.ensureCutout(id, () => 700)).rgba).toBe(again.rgba);

    // a copy that is damaged or went missing from storage before it was ever decoded: the
    // full cut-out, not a failure
    const other = await upload(a.token, await productPhoto({ width: 1800, height: 2801 }));
    await run();
    const copyKey = `uploads/${other}/cutout-render.png`;
    await storage.put(copyKey, Buffer.from("not a png"), "image/png");
    expect((await uploads.ensureCutout(other, () => 700)).width).toBe(1800);
    await storage.delete(copyKey);
    expect((await uploads.ensureCutout(other, () => 700)).width).toBe(1800);
  });

  it("sizes what a generation needs: web photos fit the copy, 2000² and clothing do not", async () => {
    const a = await signup(t.app);
    const id = await upload(a.token, await productPhoto({ width: 1800, height: 2800 }));
    await run();
    const meta = (await stored(id))?.cutoutMeta as CutoutMeta;
    const g = { prompt: "white marble podium", template: null, imageCount: 4, seed: 7 };
    const web = productSideFor({ ...g, preset: "web" }, meta, undefined);
    expect(web).toBeGreaterThan(300);
    expect(web).toBeLessThanOrEqual(RENDER_COPY_SIDE);
    expect(productSideFor({ ...g, preset: "amazon" }, meta, undefined)).toBeGreaterThan(
      RENDER_COPY_SIDE * 1.2,
    );
    // OUTPUT_MAX_SIDE scales every frame down, and the product with it
    expect(productSideFor({ ...g, preset: "amazon" }, meta, 512)).toBeLessThanOrEqual(512);
    const clothing = { ...g, preset: "web", app: "clothing" as const };
    expect(productSideFor(clothing, meta, undefined)).toBe(Number.POSITIVE_INFINITY);
  });

  it("keeps a corrected mask's own copy, and drops it when the seller resets", async () => {
    const a = await sellerWithCoins(t.app, 10);
    const id = await upload(a.token, await productPhoto({ width: 1800, height: 2800 }));
    await run();
    // the model's cut-out decoded (and kept in memory) before the seller corrects it: the edit
    // is a new version, never the kept pixels
    expect((await t.app.pipeline.uploads.ensureCutout(id, () => 500)).method).toBe("classical");
    // the left 40 % of the photo, full height: still a tall product
    const w = 180;
    const h = 280;
    const rgba = Buffer.alloc(w * h * 4);
    for (let p = 0; p < w * h; p++) rgba[p * 4 + 3] = p % w < 72 ? 255 : 0;
    const mask = await sharp(rgba, { raw: { width: w, height: h, channels: 4 } })
      .png()
      .toBuffer();
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/uploads/${id}/mask`,
      headers: { "content-type": "image/png", ...bearer(a.token) },
      payload: mask,
    });
    expect(put.statusCode).toBe(200);
    const edited = renderCopyMeta((await stored(id))?.cutoutMeta as CutoutMeta);
    if (!edited) throw new Error("no render copy of the edit");
    const storage = t.app.pipeline.storage;
    const copyKey = `uploads/${id}/cutout-edited-render.png`;
    expect(await sizeOf(await storage.get(copyKey))).toEqual({
      width: edited.width,
      height: edited.height,
    });
    const cut = await t.app.pipeline.uploads.ensureCutout(id, () => 500);
    expect(cut).toMatchObject({ method: "edited", width: edited.width });

    // a generation renders from it
    expect(await generateOneAndRun(t.app, a.token, id)).toBe("done");

    const reset = await injectAs(t.app, a.token, "DELETE", `/api/uploads/${id}/mask`);
    expect(reset.statusCode).toBe(200);
    expect(await storage.get(copyKey)).toBeNull();
    expect((await t.app.pipeline.uploads.ensureCutout(id, () => 500)).method).toBe("classical");
  });
});
