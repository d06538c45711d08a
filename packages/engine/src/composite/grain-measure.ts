// Estimators of how grainy and how soft an image region is, used to make the rendered set look
// as if the same camera took it as the product. Both run on the luminance plane of a rectangle,
// restricted by a mask of valid centres, and are cheap: strided samples, and the expensive
// re-blur only at the few strong-edge pixels.
//
// Noise: Immerkær's second-difference kernel K = [1 -2 1]ᵀ[1 -2 1] is blind to constant and
// linear shading (the smooth gradients of a product's surface), and for white Gaussian noise of
// sigma s its response has sigma 6s, so s = √(π/2)·mean|K * Y|/6. That is read per block of
// 12 × 12 centres, and the calmest tenth of the blocks gives the noise: sensor grain is in every
// block, texture and edges only in some (measureNoise). Per 32-level luminance bin, a noise level
// function; plus one chroma figure on Cr = R − Y and Cb = B − Y. The kernel's taps can be spread
// (pitch) to read the coarse grain of an upscaled photo at the pitch of its pixels.
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
  /** luminance noise sigma over the whole region */
  luma: number;
  /** chroma noise sigma (mean of the Cr and Cb figures) */
  chroma: number;
  /** centres read (0 = too few blocks to say) */
  samples: number;
}

export interface Softness {
  /** median edge blur sigma in pixels, or undefined when the region has too few strong edges */
  sigma: number | undefined;
  edges: number;
}

export const LUMA_BINS = 8;
const MIN_EDGES = 40;

/**
 * Working buffers of the measures, reused from one shot to the next (take/give, as
 * render/scratch.ts does for the raster): a shot's measures of its product layer and of the
 * set round its foot allocated ~15 MB of typed arrays, whose garbage collection cost more
 * than the measures' own loops. Each buffer is named by its use, grows to the largest size
 * asked for, and is handed out as a view of the size asked: the functions that take one write
 * every value they read, so a view's old contents never matter.
 */
export class MeasureScratch {
  #buffers = new Map<string, Float32Array | Uint8Array | Int32Array>();
  bytes = 0;

  #get<T extends Float32Array | Uint8Array | Int32Array>(
    name: string,
    n: number,
    make: (n: number) => T,
  ): T {
    let b = this.#buffers.get(name) as T | undefined;
    if (!b || b.length < n) {
      this.bytes += n * make(0).BYTES_PER_ELEMENT - (b?.byteLength ?? 0);
      b = make(n);
      this.#buffers.set(name, b);
    }
    return b.subarray(0, n) as T;
  }
  f32(name: string, n: number): Float32Array {
    return this.#get(name, n, (k) => new Float32Array(k));
  }
  u8(name: string, n: number): Uint8Array {
    return this.#get(name, n, (k) => new Uint8Array(k));
  }
  i32(name: string, n: number): Int32Array {
    return this.#get(name, n, (k) => new Int32Array(k));
  }
}

const scratches: MeasureScratch[] = [];
/** a larger set of buffers (a 2048² output's layer) goes to the collector, not the pool */
const KEEP_BYTES = 32 * 1024 * 1024;

export function takeMeasureScratch(): MeasureScratch {
  return scratches.pop() ?? new MeasureScratch();
}

export function giveMeasureScratch(s: MeasureScratch): void {
  if (s.bytes <= KEEP_BYTES && scratches.length < 2) scratches.push(s);
}

/** Luminance (Rec. 601) and two colour differences of a region, as float planes */
export function planes(
  r: Region,
  scratch?: MeasureScratch,
): { Y: Float32Array; Cr: Float32Array; Cb: Float32Array } {
  const n = r.width * r.height;
  const Y = scratch?.f32("Y", n) ?? new Float32Array(n);
  const Cr = scratch?.f32("Cr", n) ?? new Float32Array(n);
  const Cb = scratch?.f32("Cb", n) ?? new Float32Array(n);
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

// both kernels take their taps `h` apart across and `v` apart down (v = h · width): dilated,
// they read grain as coarse as an upscaled photo's at the pitch of its own pixels
function k2(P: Float32Array, i: number, h: number, v: number): number {
  const a = i - v;
  const b = i + v;
  return (
    P[a - h]! -
    2 * P[a]! +
    P[a + h]! -
    2 * (P[i - h]! - 2 * P[i]! + P[i + h]!) +
    P[b - h]! -
    2 * P[b]! +
    P[b + h]!
  );
}

/** centres per block side: each block gives one noise reading */
const BLOCK = 12;
/** the share of blocks, the calmest, whose readings count as noise */
const CALM = 0.1;
const MIN_BLOCKS = 6;

/** the `at` quantile of values (sorted in place) */
function quantile(values: number[], at: number): number {
  values.sort((x, y) => x - y);
  return values[Math.min(values.length - 1, Math.floor(at * values.length))]!;
}

/**
 * Noise level of a region. `valid[i]` (region-sized) marks centres whose neighbourhood (±pitch)
 * lies in the region of interest; `step` strides the centres (2 = a quarter of them); `pitch`
 * spaces the kernels' taps (1 = adjacent pixels; an image upscaled ×2 carries its grain at 2).
 *
 * The region is cut into blocks of BLOCK × BLOCK centres; each gives σ = √(π/2)·mean|K * Y|/6.
 * Sensor grain is everywhere, texture and edges are not: the calmest tenth of the blocks reads
 * the grain (a low quantile reads a little under the true σ for pure noise; the caller compares
 * readings of the same estimator, so that bias cancels).
 */
export function measureNoise(
  p: { Y: Float32Array; Cr: Float32Array; Cb: Float32Array },
  width: number,
  height: number,
  valid: Uint8Array | undefined,
  step = 2,
  pitch = 1,
): NoiseProfile {
  const { Y, Cr, Cb } = p;
  const h = pitch;
  const v = pitch * width;
  const span = BLOCK * step;
  const luma: number[] = [];
  const chroma: number[] = [];
  const byBin: number[][] = Array.from({ length: LUMA_BINS }, () => []);
  const k = Math.sqrt(Math.PI / 2) / 6;
  let samples = 0;
  for (let by = h; by + span <= height - h; by += span) {
    for (let bx = h; bx + span <= width - h; bx += span) {
      let sy = 0;
      let sc = 0;
      let sl = 0;
      let n = 0;
      for (let y = by; y < by + span; y += step) {
        for (let x = bx; x < bx + span; x += step) {
          const i = y * width + x;
          if (valid && !valid[i]) continue;
          sy += Math.abs(k2(Y, i, h, v));
          sc += Math.abs(k2(Cr, i, h, v)) + Math.abs(k2(Cb, i, h, v));
          sl += Y[i]!;
          n++;
        }
      }
      // a block mostly outside the region would read from too few centres
      if (n < BLOCK * BLOCK * 0.75) continue;
      const s = (k * sy) / n;
      luma.push(s);
      chroma.push((k * sc) / (2 * n));
      byBin[Math.min(LUMA_BINS - 1, Math.max(0, Math.floor(sl / n / 32)))]!.push(s);
      samples += n;
    }
  }
  const lumaByBin = new Float32Array(LUMA_BINS);
  if (luma.length < MIN_BLOCKS) return { lumaByBin, luma: 0, chroma: 0, samples: 0 };
  const all = quantile(luma, CALM);
  const measured: number[] = [];
  for (let b = 0; b < LUMA_BINS; b++) {
    if (byBin[b]!.length >= MIN_BLOCKS) {
      // a bin reads from few blocks: keep it within a factor 2 of the whole region's figure
      // (sensor noise in sRGB varies about that much from shadows to highlights)
      lumaByBin[b] = Math.min(2 * all, Math.max(0.5 * all, quantile(byBin[b]!, CALM)));
      measured.push(b);
    } else lumaByBin[b] = Number.NaN;
  }
  for (let b = 0; b < LUMA_BINS; b++) {
    if (!Number.isNaN(lumaByBin[b]!)) continue;
    let best = -1;
    for (const m of measured) if (best < 0 || Math.abs(m - b) < Math.abs(best - b)) best = m;
    lumaByBin[b] = best < 0 ? all : lumaByBin[best]!;
  }
  return { lumaByBin, luma: all, chroma: quantile(chroma, CALM), samples };
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
export function smooth1(
  P: Float32Array,
  width: number,
  height: number,
  scratch?: MeasureScratch,
): Float32Array {
  const n = width * height;
  let tmp: Float32Array;
  let out: Float32Array;
  if (scratch) {
    // only what the passes below leave unwritten is the input's: the 3 columns at each end
    // of every row of the first pass (the second reads them), the 3 rows at each end of the
    // second (the same values as copies of the whole plane, without two full copies)
    tmp = scratch.f32("smoothTmp", n);
    out = scratch.f32("smoothOut", n);
    for (let y = 0; y < height; y++) {
      const row = y * width;
      for (let i = row; i < row + Math.min(3, width); i++) tmp[i] = P[i]!;
      for (let i = Math.max(row + 3, row + width - 3); i < row + width; i++) tmp[i] = P[i]!;
    }
    const edge = Math.min(n, 3 * width);
    out.set(P.subarray(0, edge));
    const tail = Math.max(edge, (height - 3) * width);
    out.set(P.subarray(tail, n), tail);
  } else {
    tmp = Float32Array.from(P);
    out = Float32Array.from(P);
  }
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
      if (g2(i - 4 * d) > 0.72 * q || g2(i + 4 * d) > 0.72 * q) continue;
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
  scratch?: MeasureScratch,
): Uint8Array[] {
  const W1 = width + 1;
  const sat = scratch?.i32("sat", W1 * (height + 1)) ?? new Int32Array(W1 * (height + 1));
  // the table's first row and column are zeros (a scratch's hold old values)
  sat.fill(0, 0, W1);
  for (let y = 1; y <= height; y++) sat[y * W1] = 0;
  for (let y = 0; y < height; y++) {
    let run = 0;
    let a = y * width * 4 + 3;
    const row = (y + 1) * W1;
    for (let x = 0; x < width; x++, a += 4) {
      if (layer[a] === 255) run++;
      sat[row + x + 1] = sat[row - W1 + x + 1]! + run;
    }
  }
  return radii.map((r, k) => {
    const out =
      scratch?.u8(`interior${k}`, width * height).fill(0) ?? new Uint8Array(width * height);
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
