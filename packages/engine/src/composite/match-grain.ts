// The set is rendered clean and crisp; a phone photo of the product is grainy in dim light and
// soft when small or upscaled. Pasted as is, the product looks cut out. This step gives the SET
// the product layer's grain and softness, as the layer reaches the output (after resizing),
// measured with the estimators of grain-measure.ts. Product pixels are never touched: the
// caller paints the product over the result, and opaque pixels are skipped here besides.
//
// Decisions (the spec is silent):
// - only the excess is added: the set's own dither and softness are measured with the same
//   estimators and subtracted in quadrature, so a clean studio photo adds nothing;
// - below MIN_PRODUCT_NOISE levels the product counts as clean (JPEG and 8-bit steps read ~1);
// - the blur is capped at MAX_BLUR px, and skipped below MIN_BLUR (invisible);
// - grain size follows the layer's resampling: an upscaled photo's grain is one photo pixel
//   wide, so the noise is drawn on a grid of that pitch and interpolated;
// - clipped whites and blacks carry no noise (true of sensors, and it keeps the pure-white
//   preset and the backend's mask composite pure);
// - the seed is a hash of the scene's pixels: no API change, and the same request + seed
//   renders the same scene, hence the same grain.
import sharp from "sharp";
import { rng } from "../render/noise.ts";
import type { RenderedScene } from "../types.ts";
import {
  LUMA_BINS,
  measureNoise,
  measureSoftness,
  type NoiseProfile,
  opaqueInterior,
  planes,
  type Region,
  type Softness,
  smooth1,
} from "./grain-measure.ts";
import type { Placement } from "./place.ts";

export const MIN_PRODUCT_NOISE = 1.2;
export const MIN_BLUR = 0.5;
export const MAX_BLUR = 4;
/** what the softness estimator reads on a perfect step (see grain-measure.ts) */
export const SHARP_FLOOR = 0.76;
/** opaque interior samples needed before the product's grain is trusted */
const MIN_SAMPLES = 400;

export interface GrainMatch {
  product: { noise: NoiseProfile; softness: Softness };
  set: { noise: number; chroma: number; softness: number | undefined };
  /** Gaussian sigma the set was blurred by (0 = not blurred) */
  blur: number;
  /** luminance noise sigma added per 32-level bin (all 0 = no grain added) */
  addedLuma: Float32Array;
  addedChroma: number;
}

/** 65536 standard normal values, drawn once from a fixed seed */
const GAUSS = (() => {
  const r = rng(0x9e3779b9);
  const t = new Float32Array(65536);
  for (let i = 0; i < t.length; i += 2) {
    const u = Math.max(1e-12, r());
    const m = Math.sqrt(-2 * Math.log(u));
    const a = 2 * Math.PI * r();
    t[i] = m * Math.cos(a);
    t[i + 1] = m * Math.sin(a);
  }
  return t;
})();

function sceneSeed(scene: RenderedScene): number {
  let h = 0x811c9dc5 ^ scene.width ^ (scene.height << 12);
  for (let i = 0; i < scene.rgb.length; i += 4099) h = Math.imul(h ^ scene.rgb[i]!, 0x01000193);
  return h >>> 0;
}

/** the set around the product (its box grown by half its size), where the eye compares them */
function setWindow(scene: RenderedScene, p: Placement): Region {
  const grow = Math.round(Math.max(p.width, p.height) / 2);
  const x0 = Math.max(0, p.x - grow);
  const y0 = Math.max(0, p.y - grow);
  const x1 = Math.min(scene.width, p.x + p.width + grow);
  const y1 = Math.min(scene.height, p.y + p.height + grow);
  return {
    data: scene.rgb,
    channels: 3,
    stride: scene.width,
    x: x0,
    y: y0,
    width: Math.max(0, x1 - x0),
    height: Math.max(0, y1 - y0),
  };
}

/** centre stride giving about `target` samples over `area` pixels */
const strideFor = (area: number, target: number) =>
  Math.max(1, Math.round(Math.sqrt(area / target)));

/** Measure the product layer: what reaches the output, its opaque interior only. */
export function measureLayer(
  layer: Uint8Array,
  width: number,
  height: number,
): { noise: NoiseProfile; softness: Softness } {
  const pl = planes({ data: layer, channels: 4, stride: width, x: 0, y: 0, width, height });
  const step = strideFor(width * height, 60_000);
  const noise = measureNoise(pl, width, height, opaqueInterior(layer, width, height, 2), step);
  const softness = measureSoftness(
    smooth1(pl.Y, width, height),
    width,
    height,
    opaqueInterior(layer, width, height, 7),
    noise.luma,
    step,
  );
  return { noise, softness };
}

/**
 * Give the set (`out`, the scene with its shadows and reflection, before the product goes on)
 * the product layer's grain and softness. Deterministic for the same inputs.
 */
export async function matchGrain(
  out: Buffer,
  scene: RenderedScene,
  layer: Buffer,
  p: Placement,
): Promise<GrainMatch> {
  const product = measureLayer(layer, p.width, p.height);
  const win = setWindow(scene, p);
  const result: GrainMatch = {
    product,
    set: { noise: 0, chroma: 0, softness: undefined },
    blur: 0,
    addedLuma: new Float32Array(LUMA_BINS),
    addedChroma: 0,
  };
  if (win.width < 16 || win.height < 16) return result;
  const step = strideFor(win.width * win.height, 60_000);

  // softness: blur the set by what the product has beyond it
  const clean = planes(win);
  const setSoft = measureSoftness(
    smooth1(clean.Y, win.width, win.height),
    win.width,
    win.height,
    undefined,
    0,
    step,
  ).sigma;
  result.set.softness = setSoft;
  const ps = product.softness.sigma;
  if (ps !== undefined) {
    const base = Math.max(SHARP_FLOOR, setSoft ?? SHARP_FLOOR);
    const extra = Math.sqrt(Math.max(0, ps * ps - base * base));
    if (extra >= MIN_BLUR) {
      result.blur = Math.min(MAX_BLUR, extra);
      const blurred = await sharp(out, {
        raw: { width: scene.width, height: scene.height, channels: 3 },
      })
        .blur(result.blur)
        .raw()
        .toBuffer();
      blurred.copy(out);
    }
  }

  // grain: add what the product has beyond the (possibly blurred) set's own
  const pn = product.noise;
  if (pn.samples < MIN_SAMPLES || pn.luma < MIN_PRODUCT_NOISE) return result;
  const setNoise = measureNoise(
    result.blur > 0 ? planes({ ...win, data: out }) : clean,
    win.width,
    win.height,
    undefined,
    step,
  );
  result.set.noise = setNoise.luma;
  result.set.chroma = setNoise.chroma;
  const excess = (a: number, b: number) => Math.sqrt(Math.max(0, a * a - b * b));
  for (let b = 0; b < LUMA_BINS; b++) result.addedLuma[b] = excess(pn.lumaByBin[b]!, setNoise.luma);
  result.addedChroma = excess(pn.chroma, setNoise.chroma);
  const lumaAll = excess(pn.luma, setNoise.luma);
  if (lumaAll < 0.3) return result;
  addGrain(out, scene, layer, p, result.addedLuma, Math.min(2, result.addedChroma / lumaAll));
  return result;
}

/** per-level luminance sigma from the per-bin figures, interpolated between bin centres */
function lumaLut(bins: Float32Array): Float32Array {
  const lut = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const f = Math.min(LUMA_BINS - 1, Math.max(0, (v - 16) / 32));
    const b0 = Math.floor(f);
    const b1 = Math.min(LUMA_BINS - 1, b0 + 1);
    lut[v] = bins[b0]! + (bins[b1]! - bins[b0]!) * (f - b0);
  }
  return lut;
}

/** a standard normal field of gw × gh × 3, from the engine's seeded rng */
function noiseGrid(gw: number, gh: number, seed: number): Float32Array {
  const r = rng(seed);
  const f = new Float32Array(gw * gh * 3);
  for (let i = 0; i < f.length; i += 2) {
    const u = (r() * 4294967296) >>> 0;
    f[i] = GAUSS[u & 0xffff]!;
    if (i + 1 < f.length) f[i + 1] = GAUSS[u >>> 16]!;
  }
  return f;
}

function addGrain(
  out: Buffer,
  scene: RenderedScene,
  layer: Buffer,
  p: Placement,
  addedLuma: Float32Array,
  chromaRatio: number,
): void {
  const W = scene.width;
  const H = scene.height;
  // an upscaled layer's grain is a photo pixel wide: draw the noise at that pitch
  const cell = p.scale > 1.25 ? p.scale : 1;
  const gw = Math.ceil(W / cell) + 2;
  const gh = Math.ceil(H / cell) + 2;
  const grid = noiseGrid(gw, gh, sceneSeed(scene));
  const xs0 = new Int32Array(W);
  const xf = new Float32Array(W);
  for (let x = 0; x < W; x++) {
    const g = x / cell;
    xs0[x] = Math.floor(g);
    xf[x] = g - xs0[x]!;
  }
  const sample = (x: number, gy0: number, fy: number, c: number) => {
    const i = (gy0 * gw + xs0[x]!) * 3 + c;
    const fx = xf[x]!;
    const top = grid[i]! + (grid[i + 3]! - grid[i]!) * fx;
    const j = i + gw * 3;
    const bot = grid[j]! + (grid[j + 3]! - grid[j]!) * fx;
    return top + (bot - top) * fy;
  };
  // the interpolated field is not unit-variance: calibrate it with the same estimator
  const unit = fieldResponse(grid, gw, cell, Math.min(W, 256), Math.min(H, 256));
  const lut = lumaLut(addedLuma);
  for (let v = 0; v < 256; v++) lut[v]! /= unit;
  for (let y = 0; y < H; y++) {
    const gy = y / cell;
    const gy0 = Math.floor(gy);
    const fy = gy - gy0;
    const ly = y - p.y;
    const inRows = ly >= 0 && ly < p.height;
    for (let x = 0; x < W; x++) {
      const lx = x - p.x;
      if (inRows && lx >= 0 && lx < p.width && layer[(ly * p.width + lx) * 4 + 3] === 255) continue; // the product covers it: never computed, never changed
      const o = (y * W + x) * 3;
      const R = out[o]!;
      const G = out[o + 1]!;
      const B = out[o + 2]!;
      const Y = 0.299 * R + 0.587 * G + 0.114 * B;
      // clipped whites and blacks carry no noise
      const hi = Math.max(R, G, B);
      const taper = Math.min(1, (255 - hi) / 8, Y / 8);
      if (taper <= 0) continue;
      const aY = lut[Math.round(Y)]! * taper;
      const aC = aY * chromaRatio;
      const nY = aY * sample(x, gy0, fy, 0);
      const nCr = aC * sample(x, gy0, fy, 1);
      const nCb = aC * sample(x, gy0, fy, 2);
      // a luminance shift plus colour-difference shifts that leave luminance alone
      out[o] = clamp8(R + nY + nCr);
      out[o + 1] = clamp8(G + nY - (0.299 * nCr + 0.114 * nCb) / 0.587);
      out[o + 2] = clamp8(B + nY + nCb);
    }
  }
}

const clamp8 = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/** the grain estimator's reading of the interpolated unit field, on a pw × ph patch */
function fieldResponse(
  grid: Float32Array,
  gw: number,
  cell: number,
  pw: number,
  ph: number,
): number {
  const Y = new Float32Array(pw * ph);
  for (let y = 0; y < ph; y++) {
    const gy = y / cell;
    const gy0 = Math.floor(gy);
    const fy = gy - gy0;
    for (let x = 0; x < pw; x++) {
      const gx = x / cell;
      const gx0 = Math.floor(gx);
      const fx = gx - gx0;
      const i = (gy0 * gw + gx0) * 3;
      const j = i + gw * 3;
      const top = grid[i]! + (grid[i + 3]! - grid[i]!) * fx;
      const bot = grid[j]! + (grid[j + 3]! - grid[j]!) * fx;
      // scaled up so the estimator's histogram resolution does not matter
      Y[y * pw + x] = 64 * (top + (bot - top) * fy);
    }
  }
  const r = measureNoise({ Y, Cr: Y, Cb: Y }, pw, ph, undefined, 1).luma / 64;
  return Math.max(0.05, r);
}
