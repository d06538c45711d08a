// The scanned ground's own detail at the output's size. The set is ray-cast under full size
// and blown up (render-scene.ts): in the focal plane that smooths the very surface the product
// stands on, the one a reviewer looks at first ("a pasted-in, flat or smoothed ground texture",
// seven of seven in round 28). An unsharp mask gives back edges, not the grain the enlargement
// averaged away. Here each in-focus pixel of a scanned floor is scaled by how much brighter or
// darker the scan is at that very pixel than at the internal pixels it was blown up from: the
// render's light, shadows and reflections stay, and the wood's pores and the linen's weave come
// back at the scan's own resolution.
import { type Camera, makeCamera } from "./camera.ts";
import type { Material } from "./materials.ts";
import { coc, type Focus } from "./raster.ts";
import type { SetPlan } from "./set-plan.types.ts";
import { FLOOR } from "./world.ts";

/** blur (output px) from which the lens hides the detail: none restored */
const SOFT_FROM = 1.5;
/** the most a pixel is brightened or darkened (a texel's speck on a blown-up flat tone) */
const MIN_RATIO = 0.5;
const MAX_RATIO = 1.8;

export interface DetailInput {
  plan: SetPlan;
  floor: Material;
  /** the output, sRGB bytes, width × height × 3 */
  rgb: Buffer;
  width: number;
  height: number;
  /** the internal render's size, depths and surface ids (raster.ts: id × 2 + facet) */
  iw: number;
  ih: number;
  depth: Float32Array;
  ids: Uint8Array;
  focus: Focus;
  /** the depth of field's largest blur, in output pixels */
  maxSigma: number;
}

/** whether a floor's material has a scan's detail to give back */
export function hasScanDetail(floor: Material): boolean {
  return floor.kind === "scan" && !!floor.scan;
}

/** how much of the detail each internal pixel takes: all in the focal plane of a floor */
export function detailGain(d: DetailInput, i: number): number {
  if (d.ids[i]! >> 1 !== FLOOR) return 0;
  const sigma = d.maxSigma === 0 ? 0 : d.maxSigma * coc(d.depth[i]!, d.focus);
  return Math.max(0, 1 - sigma / SOFT_FROM);
}

/** how many times finer than the scan its borrowed fine structure is */
const FINE = 4;
/** how strongly it modulates the surface (its high-pass over the scan's mean brightness): at
 * 0.8 a marble's grit turned to sandpaper, at 0.4 a wood's pores hardly showed */
const FINE_AMOUNT = 0.6;

interface FineMap {
  width: number;
  height: number;
  /** the scan's green, encoded, minus its blur over a few texels, over its mean */
  hp: Float32Array;
}

const fineMaps = new WeakMap<object, FineMap>();

function fineMapOf(scan: NonNullable<Material["scan"]>): FineMap {
  let m = fineMaps.get(scan);
  if (m) return m;
  const { width: w, height: h, rgb } = scan;
  const g = new Float32Array(w * h);
  let sum = 0;
  for (let i = 0; i < w * h; i++) {
    g[i] = rgb[i * 3 + 1]!;
    sum += g[i]!;
  }
  const mean = Math.max(1, sum / (w * h));
  // a box blur of radius R, wrapped (the scan tiles), rows then columns, each a running sum
  // (a scan's first use paid ~50 ms for 13 taps a pixel)
  const R = 6;
  const n = 2 * R + 1;
  const tmp = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let a = 0;
    for (let k = -R; k <= R; k++) a += g[row + ((k + w) % w)]!;
    for (let x = 0; x < w; x++) {
      tmp[row + x] = a / n;
      a += g[row + ((x + R + 1) % w)]! - g[row + ((x - R + w) % w)]!;
    }
  }
  const hp = new Float32Array(w * h);
  for (let x = 0; x < w; x++) {
    let a = 0;
    for (let k = -R; k <= R; k++) a += tmp[((k + h) % h) * w + x]!;
    for (let y = 0; y < h; y++) {
      hp[y * w + x] = (g[y * w + x]! - a / n) / mean;
      a += tmp[((y + R + 1) % h) * w + x]! - tmp[((y - R + h) % h) * w + x]!;
    }
  }
  m = { width: w, height: h, hp };
  fineMaps.set(scan, m);
  return m;
}

/** the four texels round (u, v) in tiles, wrapped (their indices), and the weights between */
const texels = { a: 0, b: 0, c: 0, d: 0, fx: 0, fy: 0 };

function texelsAt(w: number, h: number, u: number, v: number): void {
  const x = (u - Math.floor(u)) * w - 0.5;
  const y = (v - Math.floor(v)) * h - 0.5;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  texels.fx = x - x0;
  texels.fy = y - y0;
  const xa = x0 < 0 ? w - 1 : x0;
  const xb = xa + 1 === w ? 0 : xa + 1;
  const ya = y0 < 0 ? h - 1 : y0;
  const yb = ya + 1 === h ? 0 : ya + 1;
  texels.a = ya * w + xa;
  texels.b = ya * w + xb;
  texels.c = yb * w + xa;
  texels.d = yb * w + xb;
}

// Two reads, one per kind of array: a single bilinear tap read with a Buffer at one call and a
// Float32Array at the other was polymorphic, and its loads cost a third of this step.

/** bilinear, wrapped: a scan's green (`rgb[(y * w + x) * 3 + 1]`) at (u, v) in tiles */
function tapGreen(rgb: Uint8Array, w: number, h: number, u: number, v: number): number {
  texelsAt(w, h, u, v);
  const { a, b, c, d, fx, fy } = texels;
  const top = rgb[a * 3 + 1]! * (1 - fx) + rgb[b * 3 + 1]! * fx;
  const bot = rgb[c * 3 + 1]! * (1 - fx) + rgb[d * 3 + 1]! * fx;
  return top * (1 - fy) + bot * fy;
}

/** bilinear, wrapped: `data[y * w + x]` at (u, v) in tiles */
function tapPlane(data: Float32Array, w: number, h: number, u: number, v: number): number {
  texelsAt(w, h, u, v);
  const { a, b, c, d, fx, fy } = texels;
  const top = data[a]! * (1 - fx) + data[b]! * fx;
  const bot = data[c]! * (1 - fx) + data[d]! * fx;
  return top * (1 - fy) + bot * fy;
}

/**
 * Where output row `py` meets the floor: the ray's distance factor `t` and the row's v in
 * tiles (constant along a row: the camera has no roll); u is then linear in x (floorU).
 * Undefined when the row looks above the horizon.
 */
function floorRow(cam: Camera, inv: number, py: number): { t: number; v: number } | undefined {
  const v = py - cam.cy;
  const ry = cam.fy - v * cam.uy;
  if (ry >= -1e-9) return undefined;
  const t = -cam.oy / ry;
  return { t, v: (cam.oz + t * (cam.fz - v * cam.uz)) * inv };
}

const floorU = (cam: Camera, inv: number, t: number, px: number) =>
  (cam.ox + t * (px - cam.cx)) * inv;

export function restoreScanDetail(d: DetailInput): void {
  const { plan, floor, rgb, width: W, height: H, iw, ih } = d;
  const scan = floor.scan!;
  const { width: tw, height: th, rgb: tex } = scan;
  const fine = fineMapOf(scan);
  const cam = makeCamera(plan, W, H);
  const inv = floor.inv;
  const sx = iw / W;
  const sy = ih / H;
  // the scan as the internal render saw it, at its pixels' centres, where they take detail
  const gain = new Float32Array(iw * ih);
  const low = new Float32Array(iw * ih);
  let any = false;
  for (let y = 0; y < ih; y++) {
    const row = floorRow(cam, inv, (y + 0.5) / sy);
    if (!row) continue;
    for (let x = 0; x < iw; x++) {
      const i = y * iw + x;
      const g = detailGain(d, i);
      if (g === 0) continue;
      gain[i] = g;
      low[i] = tapGreen(tex, tw, th, floorU(cam, inv, row.t, (x + 0.5) / sx), row.v);
      any = true;
    }
  }
  if (!any) return;
  // (the same bilinear taps as the upscale: render-scene.ts upscaleDither), per column
  const xs0 = new Int32Array(W);
  const xs1 = new Int32Array(W);
  const txs = new Float64Array(W);
  for (let X = 0; X < W; X++) {
    const fx = Math.min(iw - 1, Math.max(0, ((X + 0.5) * iw) / W - 0.5));
    xs0[X] = Math.floor(fx);
    xs1[X] = Math.min(iw - 1, xs0[X]! + 1);
    txs[X] = fx - xs0[X]!;
  }
  const out = new Uint8ClampedArray(rgb.buffer, rgb.byteOffset, rgb.length);
  for (let Y = 0; Y < H; Y++) {
    const row = floorRow(cam, inv, Y + 0.5);
    if (!row) continue;
    const fy = Math.min(ih - 1, Math.max(0, ((Y + 0.5) * ih) / H - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(ih - 1, y0 + 1);
    const ty = fy - y0;
    for (let X = 0; X < W; X++) {
      const a = y0 * iw + xs0[X]!;
      const b = y0 * iw + xs1[X]!;
      const c = y1 * iw + xs0[X]!;
      const e = y1 * iw + xs1[X]!;
      // all four taps on the floor's in-focus part: across its edge the blend is another surface
      const g = Math.min(gain[a]!, gain[b]!, gain[c]!, gain[e]!);
      if (g === 0) continue;
      const tx = txs[X]!;
      const was =
        (low[a]! * (1 - tx) + low[b]! * tx) * (1 - ty) + (low[c]! * (1 - tx) + low[e]! * tx) * ty;
      if (was < 1) continue;
      const u = floorU(cam, inv, row.t, X + 0.5);
      const is = tapGreen(tex, tw, th, u, row.v);
      const own = Math.min(MAX_RATIO, Math.max(MIN_RATIO, is / was));
      const finer = tapPlane(fine.hp, fine.width, fine.height, u * FINE, row.v * FINE);
      const k = (1 + g * (own - 1)) * (1 + g * FINE_AMOUNT * finer);
      const o = (Y * W + X) * 3;
      out[o] = rgb[o]! * k;
      out[o + 1] = rgb[o + 1]! * k;
      out[o + 2] = rgb[o + 2]! * k;
    }
  }
}
