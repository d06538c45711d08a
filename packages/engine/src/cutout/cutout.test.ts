import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { maskIoU, syntheticPhoto } from "../../test/fixtures/synthetic-product.ts";
import { decodeImage } from "../input/decode.ts";
import { EngineError } from "../input/engine-error.ts";
import { cutout } from "./cutout.ts";
import { deserializeCutout, serializeCutout } from "./serialize.ts";

describe("classical cut-out", { timeout: 60_000 }, () => {
  it("separates a box and a bottle from a plain backdrop with their true masks", async () => {
    for (const shape of ["box", "bottle"] as const) {
      const photo = await syntheticPhoto({ shape });
      const c = await cutout(await decodeImage(photo.bytes), { method: "classical" });
      expect(c.method).toBe("classical");
      expect(maskIoU(c.rgba, photo.mask, 4, 3)).toBeGreaterThan(0.97);
    }
  });

  it("reports the bounding box and dominant colours", async () => {
    const photo = await syntheticPhoto({ shape: "box" });
    const c = await cutout(await decodeImage(photo.bytes), { method: "classical" });
    // the box's front face spans x 0.3..0.68+depth, y 0.3-depth..0.8 of 640×800
    expect(c.bbox.x).toBeGreaterThanOrEqual(189);
    expect(c.bbox.x).toBeLessThanOrEqual(194);
    expect(c.bbox.y + c.bbox.height).toBeGreaterThanOrEqual(638);
    expect(c.bbox.y + c.bbox.height).toBeLessThanOrEqual(643);
    const [r, g, b] = c.colors[0]!;
    expect(r).toBeGreaterThan(180); // the red front face dominates
    expect(g).toBeLessThan(110);
    expect(b).toBeLessThan(90);
  });

  it("throws NO_SUBJECT on an empty backdrop and on a busy scene", async () => {
    const blank = await sharp({
      create: { width: 200, height: 200, channels: 3, background: "#f0f0f0" },
    })
      .png()
      .toBuffer();
    const noise = Buffer.alloc(200 * 200 * 3);
    let s = 7;
    for (let i = 0; i < noise.length; i++) {
      s = (s * 1103515245 + 12345) >>> 0;
      noise[i] = s >>> 24;
    }
    const busy = await sharp(noise, { raw: { width: 200, height: 200, channels: 3 } })
      .png()
      .toBuffer();
    for (const file of [blank, busy]) {
      const err = await cutout(await decodeImage(file), { method: "classical" }).catch((e) => e);
      expect(err).toBeInstanceOf(EngineError);
      expect((err as EngineError).code).toBe("NO_SUBJECT");
    }
  });
});

describe("pre-cut uploads", { timeout: 60_000 }, () => {
  it("uses a transparent PNG's own alpha", async () => {
    const photo = await syntheticPhoto({ shape: "box", width: 200, height: 250 });
    const rgba = Buffer.from(photo.rgba);
    for (let i = 0; i < photo.mask.length; i++) rgba[i * 4 + 3] = photo.mask[i]!;
    const png = await sharp(rgba, { raw: { width: 200, height: 250, channels: 4 } })
      .png()
      .toBuffer();
    const c = await cutout(await decodeImage(png));
    expect(c.method).toBe("alpha");
    expect(maskIoU(c.rgba, photo.mask, 4, 3)).toBe(1);
  });
});

describe("serialised cut-out", { timeout: 60_000 }, () => {
  it("round-trips losslessly", async () => {
    const photo = await syntheticPhoto({ shape: "box", width: 200, height: 250 });
    const c = await cutout(await decodeImage(photo.bytes), { method: "classical" });
    const { png, meta } = await serializeCutout(c);
    const back = await deserializeCutout(png, JSON.parse(JSON.stringify(meta)));
    expect(back.rgba.equals(c.rgba)).toBe(true);
    expect(back.bbox).toEqual(c.bbox);
    expect(back.colors).toEqual(c.colors);
    const err = await deserializeCutout(png, { ...meta, width: 10 }).catch((e) => e);
    expect((err as EngineError).code).toBe("INVALID_ARGUMENT");
  });
});

// The one real model inference of the suite (~2-4 s on 2 cores, plus ~1 s to load).
describe("ISNet cut-out", { timeout: 60_000 }, () => {
  it("matches the true mask of a bottle with a soft, full-resolution alpha", async () => {
    const photo = await syntheticPhoto({ shape: "bottle", width: 480, height: 600 }, "jpeg");
    const c = await cutout(await decodeImage(photo.bytes), { method: "isnet" });
    expect(c.method).toBe("isnet");
    expect([c.width, c.height]).toEqual([480, 600]);
    expect(maskIoU(c.rgba, photo.mask, 4, 3)).toBeGreaterThan(0.95);
    let soft = 0;
    let opaque = 0;
    for (let i = 3; i < c.rgba.length; i += 4) {
      if (c.rgba[i]! > 0 && c.rgba[i]! < 255) soft++;
      if (c.rgba[i] === 255) opaque++;
    }
    expect(soft).toBeGreaterThan(200); // antialiased edge, not a binary mask
    expect(opaque).toBeGreaterThan(0.8 * photo.mask.filter((v) => v === 255).length);
  }, 60_000);
});
