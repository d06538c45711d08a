import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { syntheticPhoto } from "../../test/fixtures/synthetic-product.ts";
import { compositeProduct } from "../composite/composite.ts";
import { generateFromCutout } from "../generate.ts";
import { decodeImage } from "../input/decode.ts";
import { whiteScene } from "../presets/presets.ts";
import { productSideNeeded } from "../product-side.ts";
import { renderScene } from "../render/index.ts";
import { planScenes } from "../scenes/index.ts";
import type { Cutout } from "../types.ts";
import { cutout } from "./cutout.ts";
import {
  productSide,
  RENDER_COPY_SIDE,
  renderCopyMeta,
  renderCopyOf,
  serializeWithRenderCopy,
} from "./render-copy.ts";
import { deserializeCutout } from "./serialize.ts";

/** two RGB outputs compared: peak signal-to-noise ratio, dB (the sets are the same pixels) */
function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  const mse = sum / a.length;
  return mse === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10(255 ** 2 / mse);
}

describe("render copy of a large cut-out", () => {
  let big: Cutout;
  beforeAll(async () => {
    const photo = await syntheticPhoto({ shape: "bottle", width: 2400, height: 3000 }, "jpeg");
    big = await cutout(await decodeImage(photo.bytes), { method: "classical" });
    big.product = { kind: "bottle", confidence: 0.9 };
  });

  it("scales the whole photo so the product is RENDER_COPY_SIDE px across, keeping what it is", async () => {
    expect(productSide(big)).toBeGreaterThan(RENDER_COPY_SIDE * 1.5);
    const copy = await renderCopyOf(big);
    if (!copy) throw new Error("no copy");
    const k = copy.width / big.width;
    expect(Math.abs(copy.height / big.height - k)).toBeLessThan(0.002);
    expect(Math.abs(productSide(copy) - RENDER_COPY_SIDE)).toBeLessThanOrEqual(3);
    expect(Math.abs(copy.bbox.x - big.bbox.x * k)).toBeLessThanOrEqual(3);
    expect(Math.abs(copy.bbox.y - big.bbox.y * k)).toBeLessThanOrEqual(3);
    expect(copy.rgba.length).toBe(copy.width * copy.height * 4);
    expect(copy).toMatchObject({ colors: big.colors, method: big.method, product: big.product });
    // the backdrop is kept (alpha 0), where the camera's grain is read
    expect(copy.rgba[3]).toBe(0);
  });

  it("is not made for a cut-out that is already small", async () => {
    const photo = await syntheticPhoto({ shape: "box", width: 640, height: 800 }, "jpeg");
    const small = await cutout(await decodeImage(photo.bytes), { method: "classical" });
    expect(await renderCopyOf(small)).toBeNull();
    const stored = await serializeWithRenderCopy(small);
    expect(stored.copyPng).toBeUndefined();
    expect(stored.meta.renderCopy).toBeUndefined();
    expect(renderCopyMeta(stored.meta)).toBeNull();
  });

  it("is stored beside the cut-out and read back with its own meta", async () => {
    const stored = await serializeWithRenderCopy(big);
    if (!stored.copyPng) throw new Error("no copy stored");
    const full = await deserializeCutout(stored.png, stored.meta);
    expect(full.width).toBe(big.width);
    expect(full.rgba.equals(big.rgba)).toBe(true);
    const meta = renderCopyMeta(stored.meta);
    if (!meta) throw new Error("no copy meta");
    const copy = await deserializeCutout(stored.copyPng, meta);
    expect(copy.width).toBe(stored.meta.renderCopy?.width);
    expect(copy.bbox).toEqual(stored.meta.renderCopy?.bbox);
    expect(copy.product).toEqual(big.product);
    expect(meta.renderCopy).toBeUndefined();
  });

  it("says how large the largest output places the product, as the compositor does", async () => {
    const req = { prompt: "white marble podium", count: 3, seed: 5, width: 320, height: 400 };
    const plans = planScenes({
      ...req,
      product: {
        colors: big.colors,
        aspectRatio: big.bbox.width / big.bbox.height,
        detected: { kind: "bottle", confidence: 0.9 },
      },
    });
    let largest = 0;
    for (const plan of plans.slice(0, 3)) {
      const { placement: p } = await compositeProduct(await renderScene(plan), big, {
        shadows: false,
      });
      largest = Math.max(largest, p.width, p.height);
    }
    expect(productSideNeeded(big, req)).toBe(largest);
    // a white-background preset: one photo, the product at most 90 % of the frame
    const white = await compositeProduct(whiteScene(big, 2000, 2000), big, { shadows: false });
    expect(productSideNeeded(big, { preset: "amazon" })).toBe(
      Math.max(white.placement.width, white.placement.height),
    );
  });

  it("renders web photos that match the full cut-out's where the copy holds enough pixels", async () => {
    const copy = await renderCopyOf(big);
    if (!copy) throw new Error("no copy");
    const req = { prompt: "linen tabletop, morning light", count: 2, seed: 9 };
    expect(productSideNeeded(big, req)).toBeLessThanOrEqual(productSide(copy));
    const [fromFull, fromCopy] = await Promise.all([
      generateFromCutout(big, req),
      generateFromCutout(copy, req),
    ]);
    for (const [i, full] of fromFull.entries()) {
      const other = fromCopy.find((o) => o.shot === full.shot);
      if (!other) throw new Error(`shot ${full.shot} missing`);
      const [a, b] = await Promise.all(
        [full, other].map((o) => sharp(o.bytes).removeAlpha().raw().toBuffer()),
      );
      // the product resampled twice instead of once: 47 dB here; a copy too small for the
      // output (300 px, upsampled) gives 37.6 dB
      expect(psnr(a!, b!), `output ${i}`).toBeGreaterThan(44);
    }
  });
});
