// The landing page's Amazon main-image checker through the real app (PGlite) and the real
// engine: a compliant white image passes, a scene photo fails with its reasons, bad input is
// refused clearly.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp("pglite", { env: { RATE_LIMIT_UPLOADS: "5/60" } });
});
afterAll(async () => {
  await t?.close();
});

/** A dark box on pure white, filling `fill` of a side×side frame. */
async function whiteImage(side: number, fill: number): Promise<Buffer> {
  const box = Math.round(side * fill);
  const product = await sharp({
    create: { width: box, height: box, channels: 3, background: { r: 30, g: 60, b: 120 } },
  })
    .png()
    .toBuffer();
  return sharp({
    create: { width: side, height: side, channels: 3, background: { r: 255, g: 255, b: 255 } },
  })
    .composite([
      { input: product, left: Math.round((side - box) / 2), top: Math.round((side - box) / 2) },
    ])
    .png()
    .toBuffer();
}

const post = (payload: Buffer | string, type = "image/png", ip = "10.0.0.1") =>
  t.app.inject({
    method: "POST",
    url: "/api/tools/amazon-check",
    payload,
    headers: { "content-type": type },
    remoteAddress: ip,
  });

describe("POST /api/tools/amazon-check", () => {
  it("passes a 1200 px white image whose product fills 90 %", async () => {
    const res = await post(await whiteImage(1200, 0.9));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(true);
    expect(body.reasons).toEqual([]);
    expect(body.metrics).toMatchObject({ width: 1200, height: 1200, format: "png" });
    expect(body.metrics.fill).toBeGreaterThan(0.85);
  });

  it("fails a small image on a coloured background, with the reasons", async () => {
    const photo = await sharp({
      create: { width: 600, height: 400, channels: 3, background: { r: 140, g: 90, b: 50 } },
    })
      .jpeg()
      .toBuffer();
    const res = await post(photo, "image/jpeg", "10.0.0.2");
    const body = res.json();
    expect(body.ok).toBe(false);
    expect(body.reasons.join(" ")).toMatch(/1000 px/);
    expect(body.reasons.join(" ")).toMatch(/not pure white/);
    expect(body.metrics.whiteBorder).toBeLessThan(0.5);
  });

  it("refuses what is not an image, and other content types", async () => {
    const garbage = await post(Buffer.from("not an image at all"), "image/png", "10.0.0.3");
    expect(garbage.statusCode).toBe(422);
    expect(garbage.json().error).toBeTruthy();
    const text = await post("hello", "text/plain", "10.0.0.3");
    expect(text.statusCode).toBe(415);
    const empty = await post(Buffer.alloc(0), "image/png", "10.0.0.3");
    expect(empty.statusCode).toBe(400);
  });

  it("limits each address", async () => {
    const image = await whiteImage(600, 0.9);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await post(image, "image/png", "10.0.0.9")).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.at(-1)).toBe(429);
  });
});
