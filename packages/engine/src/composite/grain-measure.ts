// Estimators of how grainy and how soft an image region is, used to make the rendered set look
// as if the same camera took it as the product. Both run on the luminance plane of a rectangle,
// restricted by a mask of valid centres, and are cheap: histograms instead of sorts, strided
// samples, and the expensive re-blur only at the few strong-edge pixels.
//
// Noise: Immerkær's second-difference kernel K = [1 -2 1]ᵀ[1 -2 1] is blind to constant and
// linear shading (the smooth gradients of a product's surface), and for white Gaussian noise of
// sigma s its response has sigma 6s. On pixels that are flat by their Sobel magnitude (the lower
// quarter of the region: Sobel and K are orthogonal, so choosing by Sobel does not bias the noise),
// sigma = 1.4826 · median|K * Y| / 6 (MAD, so texture and edges that slip through are outliers).
// It is taken per 32-level luminance bin, giving a noise level function, plus one chroma figure
// on Cr = R − Y and Cb = B − Y.
//
// Softness: the re-blur estimator (Zhuo & Sim 2011). At a step edge blurred by a Gaussian of
// sigma s, the peak gradient falls by R = √(s² + r²)/s after a further blur of sigma r, so
// s = r/√(R² − 1). It is evaluated at strong edges (gradient well above the noise, local maxima
// along the dominant axis) and the median over them is the region's softness, in output pixels.
// Discrete gradients put a floor under it (a perfectly sharp step reads about 0.6 px); the floor
// cancels when two regions are compared in quadrature, which is how it is used.

/** A rectangle of an interleaved 8-bit image (3 or 4 channels) */
export interface Region {
  data: Uint8Array;
  channels: 3 | 4;
  /** full image width, in pixels */
  stride: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface NoiseProfile {
  /** luminance noise sigma (8-bit levels) per 32-level luminance bin; bins without enough
   * samples are filled from the nearest measured bin */
  lumaByBin: Float32Array;
  /** luminance noise sigma over all flat samples */
  luma: number;
  /** chroma noise sigma (mean of the Cr and Cb figures) */
  chroma: number;
  /** flat samples used */
  samples: number;
}

export interface Softness {
  /** median edge blur sigma in pixels, or undefined when the region has too few strong edges */
  sigma: number | undefined;
  edges: number;
}

export const LUMA_BINS = 8;
const MIN_BIN_SAMPLES = 150;
const MIN_EDGES = 40;
/** histogram resolution of |K * Y|, in levels */
const HQ = 0.25;
const HBINS = 2048;
const MAD = 1.4826;
/** share of a region's centres, the least structured by Sobel magnitude, read as flat */
const FLAT_QUANTILE = 0.25;

/** Luminance (Rec. 601) and two colour differences of a region, as float planes */
export function planes(r: Region): { Y: Float32Array; Cr: Float32Array; Cb: Float32Array } {
  const n = r.width * r.height;
  const Y = new Float32Array(n);
  const Cr = new Float32Array(n);
  const Cb = new Float32Array(n);
  const c = r.channels;
  for (let yy = 0; yy < r.height; yy++) {
    let s = ((r.y + yy) * r.stride + r.x) * c;
    let d = yy * r.width;
    for (let xx = 0; xx < r.width; xx++, s += c, d++) {
      const R = r.data[s]!;
      const G = r.data[s + 1]!;
      const B = r.data[s + 2]!;
      const l = 0.299 * R + 0.587 * G + 0.114 * B;
      Y[d] = l;
      Cr[d] = R - l;
      Cb[d] = B - l;
    }
  }
  return { Y, Cr, Cb };
}

function k2(P: Float32Array, i: number, w: number): number {
  const a = i - w;
  const b = i + w;
  return (
    P[a - 1]! -
    2 * P[a]! +
    P[a + 1]! -
    2 * (P[i - 1]! - 2 * P[i]! + P[i + 1]!) +
    P[b - 1]! -
    2 * P[b]! +
    P[b + 1]!
  );
}

function sobel(Y: Float32Array, i: number, w: number): number {
  const a = i - w;
  const b = i + w;
  const gx = Y[a + 1]! + 2 * Y[i + 1]! + Y[b + 1]! - Y[a - 1]! - 2 * Y[i - 1]! - Y[b - 1]!;
  const gy = Y[b - 1]! + 2 * Y[b]! + Y[b + 1]! - Y[a - 1]! - 2 * Y[a]! - Y[a + 1]!;
  return Math.abs(gx) + Math.abs(gy);
}

function histQuantile(h: Uint32Array, count: number, q: number, at = 0.5): number {
  const target = count * at;
  let acc = 0;
  for (let k = 0; k < h.length; k++) {
    acc += h[k]!;
    if (acc >= target) return (k + 0.5) * q;
  }
  return (h.length - 0.5) * q;
}

/**
 * Noise level of a region. `valid[i]` (region-sized) marks centres whose 3×3 neighbourhood lies
 * in the region of interest; `step` strides the centres (2 = a quarter of them).
 */
export function measureNoise(
  p: { Y: Float32Array; Cr: Float32Array; Cb: Float32Array },
  width: number,
  height: number,
  valid: Uint8Array | undefined,
  step = 2,
): NoiseProfile {
  const { Y, Cr, Cb } = p;
  // pass 1: the lower quartile of Sobel magnitudes is "flat"
  const sob = new Uint32Array(HBINS);
  let n = 0;
  for (let y = 1; y < height - 1; y += step) {
    for (let x = 1; x < width - 1; x += step) {
      const i = y * width + x;
      if (valid && !valid[i]) continue;
      sob[Math.min(HBINS - 1, Math.floor(sobel(Y, i, width)))]!++;
      n++;
    }
  }
  const lumaByBin = new Float32Array(LUMA_BINS);
  if (n === 0) return { lumaByBin, luma: 0, chroma: 0, samples: 0 };
  const flatMax = histQuantile(sob, n, 1, FLAT_QUANTILE);
  // pass 2: |K * plane| histograms of the flat centres
  const hy = Array.from({ length: LUMA_BINS }, () => new Uint32Array(HBINS));
  const ny = new Uint32Array(LUMA_BINS);
  const hAll = new Uint32Array(HBINS);
  const hc = new Uint32Array(HBINS);
  let flat = 0;
  const q = (v: number) => Math.min(HBINS - 1, Math.floor(Math.abs(v) / HQ));
  for (let y = 1; y < height - 1; y += step) {
    for (let x = 1; x < width - 1; x += step) {
      const i = y * width + x;
      if (valid && !valid[i]) continue;
      if (sobel(Y, i, width) > flatMax) continue;
      const b = Math.min(LUMA_BINS - 1, Math.max(0, Math.floor(Y[i]! / 32)));
      const k = q(k2(Y, i, width));
      hy[b]![k]!++;
      ny[b]!++;
      hAll[k]!++;
      hc[q(k2(Cr, i, width))]!++;
      hc[q(k2(Cb, i, width))]!++;
      flat++;
    }
  }
  const sigma = (h: Uint32Array, c: number) => (MAD * histQuantile(h, c, HQ)) / 6;
  const luma = flat > 0 ? sigma(hAll, flat) : 0;
  const measured: number[] = [];
  for (let b = 0; b < LUMA_BINS; b++) {
    if (ny[b]! >= MIN_BIN_SAMPLES) {
      lumaByBin[b] = sigma(hy[b]!, ny[b]!);
      measured.push(b);
    } else lumaByBin[b] = Number.NaN;
  }
  for (let b = 0; b < LUMA_BINS; b++) {
    if (!Number.isNaN(lumaByBin[b]!)) continue;
    let best = -1;
    for (const m of measured) if (best < 0 || Math.abs(m - b) < Math.abs(best - b)) best = m;
    lumaByBin[b] = best < 0 ? luma : lumaByBin[best]!;
  }
  return { lumaByBin, luma, chroma: flat > 0 ? sigma(hc, 2 * flat) : 0, samples: flat };
}

function taps(sigma: number, radius: number): Float32Array {
  const t = new Float32Array(2 * radius + 1);
  let sum = 0;
  for (let k = -radius; k <= radius; k++)
    sum += t[k + radius] = Math.exp(-(k * k) / (2 * sigma * sigma));
  for (let k = 0; k < t.length; k++) t[k]! /= sum;
  return t;
}
/** the base smoothing (sigma 1, keeps grain out of the edge test) */
const G1 = taps(1, 3);
/** the extra blur taking sigma 1 to sigma 2: √(2² − 1²) */
const G3 = taps(Math.sqrt(3), 5);

/** a plane blurred by G1, separably; the 3 px border keeps the input (no centre reads it) */
export function smooth1(P: Float32Array, width: number, height: number): Float32Array {
  const tmp = Float32Array.from(P);
  const out = Float32Array.from(P);
  const [a, b, c, d] = [G1[0]!, G1[1]!, G1[2]!, G1[3]!];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let i = row + 3; i < row + width - 3; i++) {
      tmp[i] =
        d * P[i]! +
        c * (P[i - 1]! + P[i + 1]!) +
        b * (P[i - 2]! + P[i + 2]!) +
        a * (P[i - 3]! + P[i + 3]!);
    }
  }
  const w = width;
  for (let i = 3 * w; i < (height - 3) * w; i++) {
    out[i] =
      d * tmp[i]! +
      c * (tmp[i - w]! + tmp[i + w]!) +
      b * (tmp[i - 2 * w]! + tmp[i + 2 * w]!) +
      a * (tmp[i - 3 * w]! + tmp[i + 3 * w]!);
  }
  return out;
}

function reblurred(B: Float32Array, i: number, w: number): number {
  let s = 0;
  for (let dy = -5; dy <= 5; dy++) {
    const row = i + dy * w;
    let r = 0;
    for (let dx = -5; dx <= 5; dx++) r += G3[dx + 5]! * B[row + dx]!;
    s += G3[dy + 5]! * r;
  }
  return s;
}

/**
 * Softness of a region from its strong edges, on B1 = the luminance blurred by sigma 1 (see
 * smooth1): with B2 = B1 blurred to sigma 2, R = |∇B1|/|∇B2| = √((s² + 4)/(s² + 1)), so
 * s = √((4 − R²)/(R² − 1)). Working from sigma 1 up keeps grain from passing for sharpness.
 * `valid[i]` marks centres at least 7 px inside the region of interest; `noiseSigma` raises
 * the edge threshold.
 */
export function measureSoftness(
  B1: Float32Array,
  width: number,
  height: number,
  valid: Uint8Array | undefined,
  noiseSigma: number,
  step = 2,
): Softness {
  const T = Math.max(4, 1.5 * noiseSigma);
  const values: number[] = [];
  const w = width;
  const T2 = T * T;
  // squared central-difference gradient magnitude of B1 at i (halves dropped: ratios only)
  const g2 = (i: number) => {
    const gx = B1[i + 1]! - B1[i - 1]!;
    const gy = B1[i + w]! - B1[i - w]!;
    return gx * gx + gy * gy;
  };
  for (let y = 7; y < height - 7; y += step) {
    for (let x = 7; x < width - 7; x += step) {
      const i = y * w + x;
      if (valid && !valid[i]) continue;
      const gx = 0.5 * (B1[i + 1]! - B1[i - 1]!);
      const gy = 0.5 * (B1[i + w]! - B1[i - w]!);
      const m2 = gx * gx + gy * gy;
      if (m2 < T2) continue;
      const q = 4 * m2;
      // local maximum along the dominant gradient axis: the edge's centre
      const d = Math.abs(gx) >= Math.abs(gy) ? 1 : w;
      if (q < g2(i - d) || q < g2(i + d)) continue;
      // an isolated step: textures and thin lines (edges a few px apart) break the model
      if (g2(i - 4 * d) > 0.49 * q || g2(i + 4 * d) > 0.49 * q) continue;
      const bx = 0.5 * (reblurred(B1, i + 1, w) - reblurred(B1, i - 1, w));
      const by = 0.5 * (reblurred(B1, i + w, w) - reblurred(B1, i - w, w));
      const R2 = m2 / Math.max(1e-9, bx * bx + by * by);
      // a discrete step reads R² ≈ 2.9 at best: above 3.6 it is no step (texture, a line)
      if (R2 > 3.6) continue;
      // R² near 1 is very soft: cap the blur at 8 px
      values.push(R2 <= 1.0465 ? 8 : Math.sqrt((4 - R2) / (R2 - 1)));
    }
  }
  if (values.length < MIN_EDGES) return { sigma: undefined, edges: values.length };
  values.sort((a, b) => a - b);
  return { sigma: values[values.length >> 1]!, edges: values.length };
}

/**
 * Centres at least r px inside the opaque part of an RGBA layer (alpha 255), one mask per
 * radius in `radii`: the fringe and anything the matte touches are left out, so only the
 * photo's own interior is measured.
 */
export function opaqueInterior(
  layer: Uint8Array,
  width: number,
  height: number,
  radii: readonly number[],
): Uint8Array[] {
  const W1 = width + 1;
  const sat = new Int32Array(W1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let run = 0;
    let a = y * width * 4 + 3;
    const row = (y + 1) * W1;
    for (let x = 0; x < width; x++, a += 4) {
      if (layer[a] === 255) run++;
      sat[row + x + 1] = sat[row - W1 + x + 1]! + run;
    }
  }
  return radii.map((r) => {
    const out = new Uint8Array(width * height);
    const full = (2 * r + 1) * (2 * r + 1);
    for (let y = r; y < height - r; y++) {
      const lo = (y - r) * W1;
      const hi = (y + r + 1) * W1;
      for (let x = r; x < width - r; x++) {
        const s = sat[hi + x + r + 1]! - sat[lo + x + r + 1]! - sat[hi + x - r]! + sat[lo + x - r]!;
        if (s === full) out[y * width + x] = 1;
      }
    }
    return out;
  });
}
