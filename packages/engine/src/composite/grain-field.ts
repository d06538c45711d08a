// Drawing the grain matchGrain decided on: a seeded normal field at the product photo's pixel
// pitch (interpolated when the photo was upscaled), luminance noise by level and a little
// chroma, added to the set where the product layer is not opaque. Clipped whites and blacks
// carry none. The seed is the plan's (else a hash of the scene's pixels): the same request,
// the same grain.
import { rng } from "../render/noise.ts";
import type { RenderedScene } from "../types.ts";
import { LUMA_BINS, measureNoise } from "./grain-measure.ts";
import type { Placement } from "./place.ts";

/**
 * The pitch of the layer's grain in output pixels: an upscaled photo's grain is one photo
 * pixel wide. Grain is measured with taps that far apart (rounded) and drawn at that pitch.
 */
export function grainPitch(p: Placement): number {
  return p.scale > 1.25 ? p.scale : 1;
}

/**
 * 2048 standard normal quantiles, sorted (the means of 16-sample blocks of 32768 sorted
 * Box-Muller draws from a fixed seed, rescaled to unit variance): one 32-bit rng draw indexes
 * three of them (11 + 11 + 10 bits), so the grain costs a third of a draw per value.
 */
const GAUSS = (() => {
  const r = rng(0x9e3779b9);
  const draws = new Float64Array(32768);
  for (let i = 0; i < draws.length; i++)
    draws[i] = Math.sqrt(-2 * Math.log(Math.max(1e-12, r()))) * Math.cos(2 * Math.PI * r());
  draws.sort();
  const t = new Float32Array(2048);
  let v = 0;
  for (let k = 0; k < t.length; k++) {
    let m = 0;
    for (let j = 0; j < 16; j++) m += draws[k * 16 + j]!;
    t[k] = m / 16;
    v += (m / 16) ** 2;
  }
  const norm = Math.sqrt(v / t.length);
  for (let k = 0; k < t.length; k++) t[k]! /= norm;
  return t;
})();

function sceneSeed(scene: RenderedScene): number {
  if (scene.seed !== undefined) return (Math.imul(scene.seed, 0x9e3779b1) ^ 0x5bd1e995) >>> 0;
  let h = 0x811c9dc5 ^ scene.width ^ (scene.height << 12);
  for (let i = 0; i < scene.rgb.length; i += 4099) h = Math.imul(h ^ scene.rgb[i]!, 0x01000193);
  return h >>> 0;
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

/**
 * The engine's seeded rng (render/noise.ts `rng`, mulberry32) drawn as 32-bit integers, its
 * state in a field: the same stream as `(rng(seed)() * 2 ** 32) >>> 0` (the scaling is exact),
 * without a closure call and two float operations per draw (a million draws a 1024² frame).
 */
interface Stream {
  a: number;
}

const stream = (seed: number): Stream => ({ a: seed >>> 0 });

/** fills `dst` with standard normal values from the stream, 3 per draw */
function fillNormal(r: Stream, dst: Float32Array): void {
  let a = r.a;
  for (let i = 0; i < dst.length; i += 3) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const u = (t ^ (t >>> 14)) >>> 0;
    dst[i] = GAUSS[u & 2047]!;
    dst[i + 1] = GAUSS[(u >>> 11) & 2047]!;
    dst[i + 2] = GAUSS[(u >>> 21) | 1]!;
  }
  r.a = a;
}

/** W standard normal values into each of dst's 3 planes, 3 per draw */
function fillPlanar(r: Stream, dst: Float32Array, W: number): void {
  let a = r.a;
  for (let x = 0; x < W; x++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const u = (t ^ (t >>> 14)) >>> 0;
    dst[x] = GAUSS[u & 2047]!;
    dst[W + x] = GAUSS[(u >>> 11) & 2047]!;
    dst[2 * W + x] = GAUSS[(u >>> 21) | 1]!;
  }
  r.a = a;
}

/** one raw grid row (gw × 3 interleaved) interpolated across to W columns, as 3 planes */
function spreadRow(raw: Float32Array, xs0: Int32Array, xf: Float32Array, dst: Float32Array) {
  const W = xs0.length;
  for (let x = 0; x < W; x++) {
    const i = xs0[x]! * 3;
    const f = xf[x]!;
    dst[x] = raw[i]! + (raw[i + 3]! - raw[i]!) * f;
    dst[W + x] = raw[i + 1]! + (raw[i + 4]! - raw[i + 1]!) * f;
    dst[2 * W + x] = raw[i + 2]! + (raw[i + 5]! - raw[i + 2]!) * f;
  }
}

/**
 * Bilinear columns for a grid of pitch `cell` over W pixels: cell ≥ 1, so an output row never
 * skips a grid row and the grid can be streamed row by row from the rng.
 */
function columns(W: number, cell: number): { xs0: Int32Array; xf: Float32Array; gw: number } {
  const xs0 = new Int32Array(W);
  const xf = new Float32Array(W);
  for (let x = 0; x < W; x++) {
    const g = x / cell;
    xs0[x] = Math.floor(g);
    xf[x] = g - xs0[x]!;
  }
  return { xs0, xf, gw: Math.ceil(W / cell) + 2 };
}

/**
 * Levels: the most luminance noise ever drawn, as the field's own standard deviation. The
 * estimator reads an upscaled photo's fur or velvet as a grain whose reading, matched on a field
 * interpolated at the photo's pitch, took 10 levels of blotches (a high-pass SD of 9.8 over the
 * snow plate's sky behind the 284-px teddy, where the photo's own velvet backdrop has 4.0 and the
 * pack's plates 0.7 to 3). At 4.5 that sky reads 2.9: a phone photograph's after its denoising.
 */
const MAX_DRAWN = 4.5;

export function addGrain(
  outBuf: Buffer,
  scene: RenderedScene,
  layerBuf: Buffer,
  p: Placement,
  addedLuma: Float32Array,
  chromaRatio: number,
  /** the grain's pitch in output pixels (grainPitch) */
  cell: number,
): void {
  // plain typed-array views (V8 indexes these faster than Buffer in a hot loop); the clamped
  // one saturates and rounds on store, cheaper than doing it by hand
  const out = new Uint8ClampedArray(outBuf.buffer, outBuf.byteOffset, outBuf.length);
  const layer = new Uint8Array(layerBuf.buffer, layerBuf.byteOffset, layerBuf.length);
  const W = scene.width;
  const H = scene.height;
  const { xs0, xf, gw } = columns(W, cell);
  const lut = lumaLut(addedLuma);
  const unit = fieldResponse(cell);
  for (let v = 0; v < 256; v++) lut[v] = Math.min(MAX_DRAWN, lut[v]! / unit);
  const r = stream(sceneSeed(scene));
  const raw = new Float32Array(gw * 3);
  // the next grid row, as 3 planes of W; at pitch 1 drawn straight into them
  const nextRow = (dst: Float32Array) => {
    if (cell === 1) return fillPlanar(r, dst, W);
    fillNormal(r, raw);
    spreadRow(raw, xs0, xf, dst);
  };
  // two interpolated grid rows, kept while output rows fall between them; at pitch 1 none:
  // each pixel draws its own three values from the stream in turn, as a row drawn ahead would
  const direct = cell === 1;
  let top = new Float32Array(direct ? 0 : 3 * W);
  let bot = new Float32Array(direct ? 0 : 3 * W);
  if (!direct) {
    nextRow(top);
    nextRow(bot);
  }
  let topRow = 0;
  let a = r.a;
  const { x: px, y: py, width: pw, height: ph } = p;
  const W2 = 2 * W;
  for (let y = 0; y < H; y++) {
    const gy = y / cell;
    const gy0 = Math.floor(gy);
    const fy = gy - gy0;
    if (!direct && gy0 > topRow) {
      const t = top;
      top = bot;
      bot = t;
      nextRow(bot);
      topRow = gy0;
    }
    const ly = y - py;
    // the product's opaque pixels are skipped: never computed, never changed
    const lrow = ly >= 0 && ly < ph ? ly * pw : -1;
    let o = y * W * 3;
    for (let x = 0; x < W; x++, o += 3) {
      let u = 0;
      if (direct) {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = Math.imul(a ^ (a >>> 15), a | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        u = (t ^ (t >>> 14)) >>> 0;
      }
      const lx = x - px;
      if (lrow >= 0 && lx >= 0 && lx < pw && layer[(lrow + lx) * 4 + 3] === 255) continue;
      const R = out[o]!;
      const G = out[o + 1]!;
      const B = out[o + 2]!;
      const Y = (77 * R + 150 * G + 29 * B) >> 8;
      // biome-ignore lint/complexity/useMathMinMax: three-argument Math.max is 2× slower here
      const hi = R > G ? (R > B ? R : B) : G > B ? G : B;
      // clipped whites and blacks carry no noise
      let aY = lut[Y]!;
      if (hi > 247) aY *= (255 - hi) / 8;
      if (Y < 8) aY *= Y / 8;
      if (aY <= 0) continue;
      const aC = aY * chromaRatio;
      const t0 = direct ? GAUSS[u & 2047]! : top[x]!;
      const t1 = direct ? GAUSS[(u >>> 11) & 2047]! : top[W + x]!;
      const t2 = direct ? GAUSS[(u >>> 21) | 1]! : top[W2 + x]!;
      // on a grid row (always, at pitch 1) the lower row has no weight: not read
      let nY = aY * t0;
      let nCr = aC * t1;
      let nCb = aC * t2;
      if (fy !== 0) {
        nY = aY * (t0 + (bot[x]! - t0) * fy);
        nCr = aC * (t1 + (bot[W + x]! - t1) * fy);
        nCb = aC * (t2 + (bot[W2 + x]! - t2) * fy);
      }
      // a luminance shift plus colour-difference shifts that leave luminance alone
      out[o] = R + nY + nCr;
      out[o + 1] = G + nY - 0.5094 * nCr - 0.1942 * nCb;
      out[o + 2] = B + nY + nCb;
    }
  }
}

const responses = new Map<number, number>();

/**
 * The grain estimator's reading of a unit normal field drawn at pitch `cell` and interpolated
 * (interpolation lowers it): the grain is scaled by its inverse so the set reads what the
 * product reads. Drawn from a fixed seed on a 256² patch and cached per pitch.
 */
function fieldResponse(cell: number): number {
  const key = Math.round(cell * 100) / 100;
  const known = responses.get(key);
  if (known !== undefined) return known;
  const S = 256;
  const { xs0, xf, gw } = columns(S, key);
  const r = stream(0x5eed);
  const raw = new Float32Array(gw * 3);
  let top = new Float32Array(3 * S);
  let bot = new Float32Array(3 * S);
  fillNormal(r, raw);
  spreadRow(raw, xs0, xf, top);
  fillNormal(r, raw);
  spreadRow(raw, xs0, xf, bot);
  let topRow = 0;
  const Y = new Float32Array(S * S);
  for (let y = 0; y < S; y++) {
    const gy = y / key;
    const gy0 = Math.floor(gy);
    if (gy0 > topRow) {
      [top, bot] = [bot, top];
      fillNormal(r, raw);
      spreadRow(raw, xs0, xf, bot);
      topRow = gy0;
    }
    // scaled up so the estimator's histogram resolution does not matter
    for (let x = 0; x < S; x++) Y[y * S + x] = 64 * (top[x]! + (bot[x]! - top[x]!) * (gy - gy0));
  }
  const at = Math.round(key);
  const v = Math.max(0.05, measureNoise({ Y, Cr: Y, Cb: Y }, S, S, undefined, 1, at).luma / 64);
  responses.set(key, v);
  return v;
}
