// Depth of field by layer blending: the sharp render, a mid blur and a far blur are mixed per
// pixel by the circle of confusion. Blurred layers are computed at half resolution (a blur
// has no detail to lose) and read back bilinearly. The CoC map is smoothed first, or the blur
// level would jump from pixel to pixel along silhouettes and draw stair steps.
import sharp from "sharp";
import { coc, type Focus } from "./raster.ts";
import type { Scratch } from "./scratch.ts";

export async function depthOfField(
  scratch: Scratch,
  rgb: Uint8Array,
  depth: Float32Array,
  w: number,
  h: number,
  focus: Focus,
  sigma: number,
): Promise<Uint8Array> {
  const hw = Math.max(1, w >> 1);
  const hh = Math.max(1, h >> 1);
  const half = downsample(rgb, w, h, hw, hh, scratch.half);
  const raw = { raw: { width: hw, height: hh, channels: 3 as const } };
  const mid = await sharp(half, raw)
    .blur(Math.max(0.3, sigma * 0.35 * 0.5))
    .raw()
    .toBuffer();
  const far = await sharp(half, raw)
    .blur(Math.max(0.3, sigma * 0.5))
    .raw()
    .toBuffer();
  const map = scratch.map;
  for (let i = 0; i < map.length; i++) map[i] = coc(depth[i]!, focus);
  const smooth = boxBlur(
    map,
    w,
    h,
    Math.max(1, Math.round(sigma * 0.25)),
    scratch.tmp,
    scratch.dst,
  );
  const out = scratch.blended;
  for (let y = 0; y < h; y++) {
    const fyy = Math.min(hh - 1, Math.max(0, (y + 0.5) * 0.5 - 0.5));
    const y0 = Math.floor(fyy);
    const y1 = Math.min(hh - 1, y0 + 1);
    const ty = fyy - y0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const c = smooth[i]!;
      const j = i * 3;
      if (c < 0.02) {
        out[j] = rgb[j]!;
        out[j + 1] = rgb[j + 1]!;
        out[j + 2] = rgb[j + 2]!;
        continue;
      }
      const fxx = Math.min(hw - 1, Math.max(0, (x + 0.5) * 0.5 - 0.5));
      const x0 = Math.floor(fxx);
      const x1 = Math.min(hw - 1, x0 + 1);
      const tx = fxx - x0;
      const a = (y0 * hw + x0) * 3;
      const b = (y0 * hw + x1) * 3;
      const cc = (y1 * hw + x0) * 3;
      const d = (y1 * hw + x1) * 3;
      const wa = (1 - tx) * (1 - ty);
      const wb = tx * (1 - ty);
      const wc = (1 - tx) * ty;
      const wd = tx * ty;
      for (let ch = 0; ch < 3; ch++) {
        const m = mid[a + ch]! * wa + mid[b + ch]! * wb + mid[cc + ch]! * wc + mid[d + ch]! * wd;
        const f = far[a + ch]! * wa + far[b + ch]! * wb + far[cc + ch]! * wc + far[d + ch]! * wd;
        const s = rgb[j + ch]!;
        out[j + ch] =
          c < 0.35 ? s + (m - s) * (c / 0.35) + 0.5 : m + (f - m) * ((c - 0.35) / 0.65) + 0.5;
      }
    }
  }
  return out;
}

function downsample(
  rgb: Uint8Array,
  w: number,
  h: number,
  hw: number,
  hh: number,
  out: Uint8Array,
): Uint8Array {
  for (let y = 0; y < hh; y++) {
    const r0 = Math.min(h - 1, y * 2) * w;
    const r1 = Math.min(h - 1, y * 2 + 1) * w;
    for (let x = 0; x < hw; x++) {
      const x0 = Math.min(w - 1, x * 2);
      const x1 = Math.min(w - 1, x * 2 + 1);
      const o = (y * hw + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        out[o + ch] =
          (rgb[(r0 + x0) * 3 + ch]! +
            rgb[(r0 + x1) * 3 + ch]! +
            rgb[(r1 + x0) * 3 + ch]! +
            rgb[(r1 + x1) * 3 + ch]! +
            2) >>
          2;
      }
    }
  }
  return out;
}

/** separable running-sum box blur of a float map, radius r, edges clamped */
function boxBlur(
  src: Float32Array,
  w: number,
  h: number,
  r: number,
  tmp: Float32Array,
  dst: Float32Array,
): Float32Array {
  const norm = 1 / (2 * r + 1);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += src[row + Math.min(w - 1, Math.max(0, k))]!;
    for (let x = 0; x < w; x++) {
      tmp[row + x] = acc * norm;
      acc += src[row + Math.min(w - 1, x + r + 1)]! - src[row + Math.max(0, x - r)]!;
    }
  }
  for (let x = 0; x < w; x++) {
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += tmp[Math.min(h - 1, Math.max(0, k)) * w + x]!;
    for (let y = 0; y < h; y++) {
      dst[y * w + x] = acc * norm;
      acc += tmp[Math.min(h - 1, y + r + 1) * w + x]! - tmp[Math.max(0, y - r) * w + x]!;
    }
  }
  return dst;
}
