import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bearer, injectAs, signup } from "../../testing/api-helpers.ts";
import { testAppPerSuite } from "../../testing/test-app-per-suite.ts";
import { dbKinds } from "../../testing/test-harness.ts";
import {
  blankPhoto,
  multipartBody,
  noisePng,
  productPhoto,
  studioEnv,
} from "./test-images.test-helper.ts";

describe.each(dbKinds)("uploads on %s", (kind) => {
  const t = testAppPerSuite(kind, { env: studioEnv });

  const upload = (token: string | null, bytes: Buffer, opts = {}, query = "") => {
    const body = multipartBody(bytes, opts);
    return t.app.inject({
      method: "POST",
      url: `/api/uploads${query}`,
      headers: { ...body.headers, ...(token ? bearer(token) : {}) },
      payload: body.payload,
    });
  };

  it("refuses anonymous uploads with the spec's texts", async () => {
    const res = await upload(null, await productPhoto());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Please login to continue.", message: "Signup to unlock" });
  });

  it("stores a photo once, cuts it out once as a job, serves it to its owner only", async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const photo = await productPhoto();
    const res = await upload(a.token, photo);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      width: 256,
      height: 256,
      purpose: "product",
      cutoutStatus: "pending",
    });
    expect(body.cutoutUrl).toMatch(new RegExp(`^/api/uploads/${body.id}/cutout\\?token=`));

    // same bytes again: the same upload
    expect((await upload(a.token, photo)).json().id).toBe(body.id);

    const pending = await t.app.inject({ method: "GET", url: body.cutoutUrl });
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toEqual({ status: "pending" });

    expect(await t.app.pipeline.runner?.runUntilIdle()).toBe(1);
    const cut = await t.app.inject({ method: "GET", url: body.cutoutUrl });
    expect(cut.statusCode).toBe(200);
    expect(cut.headers["content-type"]).toBe("image/png");
    const meta = await sharp(cut.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 256, height: 256, channels: 4 });
    // the backdrop is transparent, the product opaque
    const { data } = await sharp(cut.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
    expect(data[(128 * 256 + 128) * 4 + 3]).toBe(255);
    // nothing left to do: computed once
    expect(await t.app.pipeline.runner?.runUntilIdle()).toBe(0);

    const info = await injectAs(t.app, a.token, "GET", `/api/uploads/${body.id}`);
    expect(info.json().cutoutStatus).toBe("ready");

    // the other user: 404 everywhere, with or without a token of their own
    for (const url of [
      `/api/uploads/${body.id}`,
      `/api/uploads/${body.id}/cutout`,
      `/api/uploads/${body.id}/original`,
    ]) {
      const other = await t.app.inject({ method: "GET", url, headers: bearer(b.token) });
      expect(other.statusCode, url).toBe(404);
      const anon = await t.app.inject({ method: "GET", url });
      expect(anon.statusCode, url).toBe(401);
    }
    const forged = await t.app.inject({
      method: "GET",
      url: `/api/uploads/${body.id}/original?token=${encodeURIComponent("x.y.z")}`,
    });
    expect(forged.statusCode).toBe(401);
  });

  it("decides the type by magic bytes, not by the name", async () => {
    const u = await signup(t.app);
    const png = await productPhoto({ format: "png", color: { r: 20, g: 90, b: 200 } });
    const asText = await upload(u.token, png, { filename: "notes.txt", contentType: "text/plain" });
    expect(asText.statusCode).toBe(201);
    const garbage = Buffer.from("this is not an image at all, whatever its name says".repeat(10));
    const res = await upload(u.token, garbage, { filename: "photo.jpg" });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatch(/JPEG, PNG, WebP/);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await upload(u.token, svg, { filename: "a.svg" })).statusCode).toBe(415);
    const truncated = (await productPhoto({ color: { r: 1, g: 2, b: 3 } })).subarray(0, 300);
    const bad = await upload(u.token, truncated);
    expect(bad.statusCode).toBe(400);
    expect((await upload(u.token, Buffer.alloc(0))).statusCode).toBe(400);
  });

  it("enforces the size and pixel limits", async () => {
    const u = await signup(t.app);
    const big = await noisePng(300);
    expect(big.length).toBeGreaterThan(200_000);
    const tooBig = await upload(u.token, big, { filename: "big.png" });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toMatch(/larger than/);
    const wide = await productPhoto({ width: 1200, height: 1000 });
    const tooMany = await upload(u.token, wide);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error).toMatch(/MP/);
  });

  it("strips metadata and applies the orientation", async () => {
    const u = await signup(t.app);
    const rotated = await productPhoto({ width: 240, height: 160, orientation: 6 });
    expect((await sharp(rotated).metadata()).exif).toBeDefined();
    const res = await upload(u.token, rotated);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 160, height: 240 });
    const stored = await t.app.inject({ method: "GET", url: res.json().originalUrl });
    expect(stored.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([160, 240]);
  });

  it("takes reference images without a cut-out, and records a cut-out that cannot be made", async () => {
    const u = await signup(t.app);
    const ref = await upload(u.token, await productPhoto({ size: 128 }), {}, "?purpose=reference");
    expect(ref.json()).toMatchObject({
      purpose: "reference",
      cutoutStatus: "none",
      cutoutUrl: null,
    });
    const blank = await upload(u.token, await blankPhoto());
    await t.app.pipeline.runner?.runUntilIdle();
    const res = await t.app.inject({ method: "GET", url: blank.json().cutoutUrl });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/product/i);
  });

  it("wants multipart with a field named file", async () => {
    const u = await signup(t.app);
    const json = await injectAs(t.app, u.token, "POST", "/api/uploads", { file: "x" });
    expect(json.statusCode).toBe(415);
    const wrong = await upload(u.token, await productPhoto(), { field: "photo" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatch(/'file'/);
  });
});
