import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { flatScene } from "../../test/fixtures/flat-scene.ts";
import { rng } from "../render/noise.ts";
import type { Cutout, RenderedScene } from "../types.ts";
import { compositeProduct } from "./composite.ts";
import { MeasureScratch, measureNoise, measureSoftness, planes, smooth1 } from "./grain-measure.ts";
import { CAMERA_FLOOR, measureLayer } from "./match-grain.ts";
import { productLayer } from "./place.ts";

const PW = 300;
const PH = 400;

function gaussian(seed: number): () => number {
  const r = rng(seed);
  return () => Math.sqrt(-2 * Math.log(Math.max(1e-12, r()))) * Math.cos(2 * Math.PI * r());
}

/** a box-shaped product with printed stripes (sharp edges) and shading, fully opaque inside */
async function product(opts: { noise?: number; blur?: number } = {}): Promise<Cutout> {
  const w = PW + 40;
  const h = PH + 40;
  let rgb: Buffer = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const stripe = Math.floor(x / 23) % 2 === 0 && y % 97 < 60;
      const v = stripe ? 60 : 150 + (y / h) * 60;
      const o = (y * w + x) * 3;
      rgb[o] = v;
      rgb[o + 1] = v * 0.85;
      rgb[o + 2] = v * 0.7;
    }
  }
  if (opts.blur) {
    rgb = await sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
      .blur(opts.blur)
      .raw()
      .toBuffer();
  }
  const g = gaussian(7);
  const rgba = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    for (let c = 0; c < 3; c++)
      rgba[i * 4 + c] = Math.max(
        0,
        Math.min(255, Math.round(rgb[i * 3 + c]! + (opts.noise ?? 0) * g())),
      );
    const x = i % w;
    const y = Math.floor(i / w);
    rgba[i * 4 + 3] = x >= 20 && x < 20 + PW && y >= 20 && y < 20 + PH ? 255 : 0;
  }
  return {
    width: w,
    height: h,
    rgba,
    bbox: { x: 20, y: 20, width: PW, height: PH },
    colors: [[150, 128, 105]],
    method: "alpha",
  };
}

/** the flat test set with sharp tiles on its floor, so its own softness is measurable */
function tiledScene(): RenderedScene {
  const s = flatScene(900, 900, {
    placement: { centerX: 450, baseY: 700, maxWidth: PW, maxHeight: PH },
  });
  for (let y = 620; y < 900; y++) {
    for (let x = 0; x < 900; x++) {
      if ((Math.floor(x / 40) + Math.floor(y / 40)) % 2) continue;
      const o = (y * 900 + x) * 3;
      s.rgb[o] = s.rgb[o]! - 70;
      s.rgb[o + 1] = s.rgb[o + 1]! - 70;
      s.rgb[o + 2] = s.rgb[o + 2]! - 70;
    }
  }
  return s;
}

/** the set's grain and softness in the output, in a band left of the product */
function setFigures(
  rgb: Buffer,
  W: number,
  x0: number,
  y0: number,
  w: number,
  h: number,
  pitch = 1,
) {
  const pl = planes({ data: rgb, channels: 3, stride: W, x: x0, y: y0, width: w, height: h });
  const noise = measureNoise(pl, w, h, undefined, 1, pitch);
  return {
    noise,
    softness: measureSoftness(smooth1(pl.Y, w, h), w, h, undefined, noise.luma, 1).sigma,
  };
}

/** levels: the most high-pass grain a phone photograph's sky shows after its denoising (the
 * pack's plates read 0.7 to 3) */
const PHOTOGRAPH_GRAIN = 4.5;

/** luminance SD about a 7×7 box mean: what the eye sees as grain, whatever an estimator reads */
function highPassSd(rgb: Buffer, W: number, x0: number, y0: number, w: number, h: number) {
  const Y = (x: number, y: number) => {
    const o = (y * W + x) * 3;
    return 0.299 * rgb[o]! + 0.587 * rgb[o + 1]! + 0.114 * rgb[o + 2]!;
  };
  let sum = 0;
  let n = 0;
  for (let y = y0 + 3; y < y0 + h - 3; y++) {
    for (let x = x0 + 3; x < x0 + w - 3; x++) {
      let m = 0;
      for (let dy = -3; dy <= 3; dy++) for (let dx = -3; dx <= 3; dx++) m += Y(x + dx, y + dy);
      const d = Y(x, y) - m / 49;
      sum += d * d;
      n++;
    }
  }
  return Math.sqrt(sum / n);
}

describe("grain estimators", () => {
  it("read a known noise sigma and a known blur", async () => {
    const W = 320;
    const g = gaussian(3);
    const flat = new Uint8Array(W * W * 3);
    for (let i = 0; i < flat.length; i++) flat[i] = Math.round(120 + 5 * g());
    const pl = planes({ data: flat, channels: 3, stride: W, x: 0, y: 0, width: W, height: W });
    // per-channel sigma 5 → luminance sigma 5·√(.299² + .587² + .114²) ≈ 3.34
    expect(measureNoise(pl, W, W, undefined).luma).toBeCloseTo(3.34, 0);
    const edges = Buffer.alloc(W * W * 3);
    for (let i = 0; i < W * W; i++) edges.fill((i % W) % 40 < 20 ? 60 : 190, i * 3, i * 3 + 3);
    for (const s of [1, 2, 3]) {
      const b = await sharp(edges, { raw: { width: W, height: W, channels: 3 } })
        .blur(s)
        .raw()
        .toBuffer();
      const p = planes({ data: b, channels: 3, stride: W, x: 0, y: 0, width: W, height: W });
      const soft = measureSoftness(smooth1(p.Y, W, W), W, W, undefined, 0).sigma!;
      expect(Math.abs(soft - s)).toBeLessThan(0.2 * s);
    }
  });

  it("read the same figures with reused working buffers as with fresh ones", () => {
    // a noisy, soft-edged disc on a transparent layer: interior masks, noise and softness
    const layerOf = (W: number, H: number, seed: number) => {
      const g = gaussian(seed);
      const rgba = new Uint8Array(W * H * 4);
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++) {
          const i = (y * W + x) * 4;
          const d = Math.hypot(x - W / 2, y - H / 2) / (Math.min(W, H) * 0.45);
          const v = (x + y) % 50 < 25 ? 70 : 180;
          rgba.fill(Math.max(0, Math.min(255, Math.round(v + 4 * g()))), i, i + 3);
          rgba[i + 3] = d < 1 ? 255 : d < 1.05 ? 128 : 0;
        }
      return rgba;
    };
    const scratch = new MeasureScratch();
    // a larger layer first leaves its values in the buffers the smaller one gets views of
    const big = layerOf(300, 260, 5);
    const fresh = measureLayer(big, 300, 260, 1);
    expect(fresh.noise.samples).toBeGreaterThan(0);
    expect(fresh.softness.edges).toBeGreaterThan(0);
    expect(measureLayer(big, 300, 260, 1, scratch)).toEqual(fresh);
    for (const pitch of [1, 2]) {
      const small = layerOf(180, 210, 9);
      expect(measureLayer(small, 180, 210, pitch, scratch)).toEqual(
        measureLayer(small, 180, 210, pitch),
      );
    }
  });
});

describe("matchGrain in compositeProduct", { timeout: 60_000 }, () => {
  it("gives the set near a noisy product the product's grain", async () => {
    const cut = await product({ noise: 6 });
    const scene = tiledScene();
    const r = await compositeProduct(scene, cut);
    expect(r.placement.scale).toBe(1);
    const measured = r.grain!.product.noise.luma;
    // per-channel 6 → luminance ≈ 4.0, plus the stripes' quantisation
    expect(measured).toBeGreaterThan(3.4);
    expect(measured).toBeLessThan(4.6);
    const { x, y } = r.placement;
    // the wall left of the product (no tiles, smooth gradient)
    const set = setFigures(r.rgb, 900, x - 160, y + 20, 140, 200);
    expect(Math.abs(set.noise.luma - measured) / measured).toBeLessThan(0.15);
    // and colour noise, a little
    expect(set.noise.chroma).toBeGreaterThan(0.5 * r.grain!.product.noise.chroma);
    const bare = setFigures(scene.rgb, 900, x - 160, y + 20, 140, 200);
    expect(bare.noise.luma).toBeLessThan(0.5);
  });

  it("gives an upscaled product's coarser grain to the set at the same reading", async () => {
    const cut = await product({ noise: 5 });
    const scene = flatScene(1000, 1000, {
      placement: { centerX: 500, baseY: 950, maxWidth: PW * 2, maxHeight: PH * 2 },
    });
    const r = await compositeProduct(scene, cut);
    expect(r.placement.scale).toBeCloseTo(2, 1);
    const measured = r.grain!.product.noise.luma;
    const { x, y } = r.placement;
    // read at the grain's pitch (2 output px), as the step reads the product
    expect(measured).toBeGreaterThan(1.5);
    const set = setFigures(r.rgb, 1000, x - 180, y + 40, 160, 300, 2);
    expect(Math.abs(set.noise.luma - measured) / measured).toBeLessThan(0.15);
  });

  it("draws no more grain than a photograph shows, however grainy the upscaled product", async () => {
    const cut = await product({ noise: 16 });
    const scene = flatScene(1000, 1000, {
      placement: { centerX: 500, baseY: 950, maxWidth: PW * 2, maxHeight: PH * 2 },
    });
    const r = await compositeProduct(scene, cut);
    expect(r.grain!.product.noise.luma).toBeGreaterThan(5);
    const { x, y } = r.placement;
    // the wall's own deviation from its local mean: the field's drawn SD, interpolation aside
    const sd = highPassSd(r.rgb, 1000, x - 180, y + 40, 160, 300);
    expect(sd).toBeGreaterThan(1);
    // (a number, not the cap's constant: a test that read the cap passed with no cap at all)
    expect(sd).toBeLessThanOrEqual(PHOTOGRAPH_GRAIN);
    expect(highPassSd(scene.rgb, 1000, x - 180, y + 40, 160, 300)).toBeLessThan(0.5);
  });

  it("gives the set near a clean product a little of a camera's floor of grain, and no blur", async () => {
    const cut = await product();
    const on = await compositeProduct(tiledScene(), cut);
    expect(on.grain!.product.noise.luma).toBeLessThan(0.3);
    expect(on.grain!.blur).toBe(0);
    // as clean as the product reads, down to 0.4 of the floor: a set grainier than a clean
    // product beside it gave the composite away (round 20)
    on.grain!.addedLuma.forEach((v, b) => {
      expect(v).toBeLessThanOrEqual(CAMERA_FLOOR[b]! * 0.4 + 1e-6);
    });
    const { x, y } = on.placement;
    const set = setFigures(on.rgb, 900, x - 160, y + 20, 140, 200);
    expect(set.noise.luma).toBeGreaterThan(0.6);
    expect(set.noise.luma).toBeLessThan(1.4);
  });

  it("gives the set near a slightly grainy product the floor in proportion", async () => {
    const cut = await product({ noise: 1.2 });
    const on = await compositeProduct(tiledScene(), cut);
    const read = on.grain!.product.noise.luma;
    expect(read).toBeGreaterThan(0.6);
    expect(read).toBeLessThan(1.5);
    const { x, y } = on.placement;
    const set = setFigures(on.rgb, 900, x - 160, y + 20, 140, 200);
    // the set's grain follows the product's reading, not the full floor of 2.5
    expect(set.noise.luma).toBeGreaterThan(read * 0.7);
    expect(set.noise.luma).toBeLessThan(Math.max(1.6, read * 1.6));
  });

  it("softens the set for a soft product", async () => {
    const cut = await product({ blur: 2.5 });
    const r = await compositeProduct(tiledScene(), cut);
    const off = await compositeProduct(tiledScene(), cut, { matchGrain: false });
    expect(r.grain!.blur).toBeGreaterThan(1.8);
    const { x, y, height } = r.placement;
    // the tiles right of the product's foot
    const box = [x + PW + 20, y + height - 60, 200, 150] as const;
    const soft = setFigures(r.rgb, 900, ...box).softness!;
    const sharpSet = setFigures(off.rgb, 900, ...box).softness!;
    expect(sharpSet).toBeLessThan(1);
    expect(Math.abs(soft - r.grain!.product.softness.sigma!)).toBeLessThan(0.5);
  });

  it("keeps every opaque product pixel and the bytes of the same inputs", async () => {
    const cut = await product({ noise: 8, blur: 1.5 });
    const r = await compositeProduct(tiledScene(), cut);
    expect(r.grain!.blur).toBeGreaterThan(0.5);
    expect(r.grain!.addedLuma.some((v) => v > 2)).toBe(true);
    const layer = await productLayer(cut, r.placement);
    let checked = 0;
    let mismatches = 0;
    for (let y = 0; y < r.placement.height; y++) {
      for (let x = 0; x < r.placement.width; x++) {
        const li = (y * r.placement.width + x) * 4;
        if (layer[li + 3] !== 255) continue;
        const o = ((r.placement.y + y) * 900 + r.placement.x + x) * 3;
        if (
          r.rgb[o] !== layer[li] ||
          r.rgb[o + 1] !== layer[li + 1] ||
          r.rgb[o + 2] !== layer[li + 2]
        )
          mismatches++;
        checked++;
      }
    }
    expect(checked).toBe(PW * PH);
    expect(mismatches).toBe(0);
    const again = await compositeProduct(tiledScene(), cut);
    expect(again.rgb.equals(r.rgb)).toBe(true);
  });

  it("keeps a pure white set pure white (clipped highlights carry no grain)", async () => {
    const cut = await product({ noise: 8 });
    const white = flatScene(900, 900, {
      rgb: Buffer.alloc(900 * 900 * 3, 255),
      placement: { centerX: 450, baseY: 700, maxWidth: PW, maxHeight: PH },
    });
    const r = await compositeProduct(white, cut, { shadows: false, lightWrap: false });
    expect(r.grain!.addedLuma.some((v) => v > 2)).toBe(true);
    const { x, y, width, height } = r.placement;
    let changed = 0;
    for (let yy = 0; yy < 900; yy++) {
      for (let xx = 0; xx < 900; xx++) {
        if (xx >= x - 2 && xx < x + width + 2 && yy >= y - 2 && yy < y + height + 2) continue;
        const o = (yy * 900 + xx) * 3;
        if (r.rgb[o] !== 255 || r.rgb[o + 1] !== 255 || r.rgb[o + 2] !== 255) changed++;
      }
    }
    expect(changed).toBe(0);
  });
});
