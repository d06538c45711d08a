import type { CutoutMeta } from "@studio/engine";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  bearer,
  generateOneAndRun,
  injectAs,
  postUpload,
  sellerWithCoins,
  signup,
} from "../../testing/api-helpers.ts";
import { testAppPerSuite } from "../../testing/test-app-per-suite.ts";
import { createTestApp, dbKinds } from "../../testing/test-harness.ts";
import { MaskMessages } from "./cutout-mask.ts";
import { blankPhoto, multipartBody, productPhoto, studioEnv } from "./test-images.test-helper.ts";
import { uploads as uploadsTable } from "./uploads.tables.ts";

/** a mask as the editor sends it: RGBA, the matte in alpha */
async function maskPng(w: number, h: number, inside: (x: number, y: number) => boolean) {
  const rgba = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) rgba[(y * w + x) * 4 + 3] = inside(x, y) ? 255 : 0;
  }
  return sharp(rgba, { raw: { width: w, height: h, channels: 4 } })
    .png()
    .toBuffer();
}

/** a one-channel PNG's pixels (sharp would hand them back as sRGB otherwise) */
async function greyPixels(png: Buffer) {
  const meta = await sharp(png).metadata();
  const { data, info } = await sharp(png)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: meta.channels } };
}

describe.each(dbKinds)("cut-out masks on %s", (kind) => {
  const t = testAppPerSuite(kind, { env: { ...studioEnv, RATE_LIMIT_UPLOADS: "40/60" } });

  const run = () => t.app.pipeline.runner?.runUntilIdle();
  const upload = async (token: string, bytes: Buffer, query = "") => {
    const body = multipartBody(bytes);
    const res = await postUpload(t.app, token, body, query);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; cutoutUrl: string };
  };
  const getMask = (token: string | null, id: string) =>
    injectAs(t.app, token, "GET", `/api/uploads/${id}/mask`);
  const putMask = (token: string | null, id: string, body: Buffer, type = "image/png") =>
    t.app.inject({
      method: "PUT",
      url: `/api/uploads/${id}/mask`,
      headers: { "content-type": type, ...(token ? bearer(token) : {}) },
      payload: body,
    });
  const resetMask = (token: string, id: string) =>
    t.app.inject({ method: "DELETE", url: `/api/uploads/${id}/mask`, headers: bearer(token) });
  const stored = async (id: string) =>
    (await t.database.db.select().from(uploadsTable).where(eq(uploadsTable.id, id)))[0];

  it("answers the current mask to its owner only, 202 while the cut-out is made", async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const up = await upload(a.token, await productPhoto({ size: 200 }));
    expect((await getMask(a.token, up.id)).statusCode).toBe(202);
    await run();
    const res = await getMask(a.token, up.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    const { data, info } = await greyPixels(res.rawPayload);
    expect(info).toMatchObject({ width: 200, height: 200, channels: 1 });
    expect(data[0]).toBe(0); // the backdrop
    expect(data[100 * 200 + 100]).toBe(255); // the product
    expect((await getMask(b.token, up.id)).statusCode).toBe(404);
    expect((await getMask(null, up.id)).statusCode).toBe(401);
    const mask = await maskPng(100, 100, () => true);
    expect((await putMask(b.token, up.id, mask)).statusCode).toBe(404);
    expect((await putMask(null, up.id, mask)).statusCode).toBe(401);
    expect((await resetMask(b.token, up.id)).statusCode).toBe(404);
  });

  it("saves a painted mask as the cut-out generations use, and resets to the model's", async () => {
    const a = await sellerWithCoins(t.app, 10);
    const up = await upload(a.token, await productPhoto({ width: 240, height: 160 }));
    await run();
    const auto = (await getMask(a.token, up.id)).rawPayload;
    const before = await stored(up.id);
    expect((before?.cutoutMeta as CutoutMeta | undefined)?.method).toBe("classical");

    // painted on a half-size preview: the left half of the frame is the product
    const res = await putMask(a.token, up.id, await maskPng(120, 80, (x) => x < 60));
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ id: up.id, cutoutStatus: "ready", cutoutEdited: true });
    expect(saved.cutoutUrl).toMatch(/&v=1$/);
    expect(saved.cutoutUrl).not.toBe(up.cutoutUrl);

    const cut = await t.app.inject({ method: "GET", url: saved.cutoutUrl });
    const px = await sharp(cut.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(px.info).toMatchObject({ width: 240, height: 160, channels: 4 });
    expect(px.data[(10 * 240 + 10) * 4 + 3]).toBe(255); // the corner is product now
    expect(px.data[(80 * 240 + 200) * 4 + 3]).toBe(0); // and the right half is not
    const edited = await greyPixels((await getMask(a.token, up.id)).rawPayload);
    expect(edited.data[80 * 240 + 10]).toBe(255);
    expect(edited.data[80 * 240 + 200]).toBe(0);

    // a generation afterwards renders the edited cut-out
    expect(await generateOneAndRun(t.app, a.token, up.id)).toBe("done");
    const used = await t.app.pipeline.uploads.ensureCutout(up.id);
    expect(used.method).toBe("edited");
    expect(used.bbox).toMatchObject({ x: 0, y: 0, height: 160 });
    expect(Math.abs(used.bbox.width - 120)).toBeLessThanOrEqual(2);

    // a second edit replaces the edit; the model's cut-out stays aside
    const again = await putMask(a.token, up.id, await maskPng(240, 160, (_x, y) => y < 80));
    expect(again.json().cutoutUrl).toMatch(/&v=2$/);
    expect(((await stored(up.id))?.autoCutoutMeta as CutoutMeta | undefined)?.method).toBe(
      "classical",
    );

    const reset = await resetMask(a.token, up.id);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ cutoutStatus: "ready", cutoutEdited: false });
    expect(reset.json().cutoutUrl).toMatch(/&v=3$/);
    expect((await getMask(a.token, up.id)).rawPayload.equals(auto)).toBe(true);
    expect(await t.app.pipeline.storage.get(`uploads/${up.id}/cutout-edited.png`)).toBeNull();
    expect((await t.app.pipeline.uploads.ensureCutout(up.id)).method).toBe("classical");
    // nothing to reset: unchanged
    expect((await resetMask(a.token, up.id)).json().cutoutUrl).toMatch(/&v=3$/);
  });

  it("refuses masks that are not PNG, damaged, of the wrong size or empty", async () => {
    const a = await signup(t.app);
    const up = await upload(a.token, await productPhoto({ width: 240, height: 160 }));
    const ref = await upload(a.token, await productPhoto({ size: 100 }), "?purpose=reference");
    const good = await maskPng(120, 80, (x) => x < 60);
    // before the cut-out exists there is nothing to correct yet
    const early = await putMask(a.token, up.id, good);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(MaskMessages.pending);
    await run();

    const jpeg = await sharp(good).jpeg().toBuffer();
    expect((await putMask(a.token, up.id, jpeg)).statusCode).toBe(415);
    expect((await putMask(a.token, up.id, jpeg, "image/jpeg")).statusCode).toBe(415);
    const damaged = Buffer.concat([good.subarray(0, 60), Buffer.alloc(200, 7)]);
    expect((await putMask(a.token, up.id, damaged)).json()).toMatchObject({
      error: MaskMessages.damaged,
    });
    const cases: [Buffer, string][] = [
      [await maskPng(12, 8, () => true), MaskMessages.tooSmall],
      [await maskPng(480, 320, () => true), MaskMessages.tooLarge],
      [await maskPng(100, 100, () => true), MaskMessages.aspect],
      [await maskPng(120, 80, () => false), MaskMessages.empty],
    ];
    for (const [body, error] of cases) {
      const res = await putMask(a.token, up.id, body);
      expect(res.statusCode, error).toBe(400);
      expect(res.json().error).toBe(error);
    }
    const huge = Buffer.concat([good, Buffer.alloc(Number(studioEnv.UPLOAD_MAX_BYTES))]);
    expect((await putMask(a.token, up.id, huge)).statusCode).toBe(413);
    expect((await putMask(a.token, ref.id, good)).statusCode).toBe(404);
    expect((await getMask(a.token, ref.id)).statusCode).toBe(404);
    // none of it changed the cut-out
    expect((await stored(up.id))?.cutoutVersion).toBe(0);
  });

  it("lets a seller draw the product the model could not find", async () => {
    const a = await signup(t.app);
    const up = await upload(a.token, await blankPhoto(128));
    await run();
    expect((await stored(up.id))?.cutoutStatus).toBe("failed");
    const empty = await greyPixels((await getMask(a.token, up.id)).rawPayload);
    expect(empty.info).toMatchObject({ width: 128, height: 128, channels: 1 });
    expect(empty.data.every((v) => v === 0)).toBe(true);
    const res = await putMask(a.token, up.id, await maskPng(64, 64, (x, y) => x > 16 && y > 16));
    expect(res.json()).toMatchObject({ cutoutStatus: "ready", cutoutEdited: true });
    expect(res.json().cutoutError).toBeUndefined();
    // reset: the model is asked again and still finds nothing
    const reset = await resetMask(a.token, up.id);
    expect(reset.json()).toMatchObject({ cutoutStatus: "failed", cutoutEdited: false });
  });

  it("limits how often masks are saved", async () => {
    const limited = await createTestApp(kind, {
      env: { ...studioEnv, RATE_LIMIT_UPLOADS: "3/60" },
    });
    try {
      const a = await signup(limited.app);
      const id = "00000000-0000-4000-8000-000000000000";
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: "PUT",
          url: `/api/uploads/${id}/mask`,
          headers: { "content-type": "image/png", ...bearer(a.token) },
          payload: await maskPng(20, 20, () => true),
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
