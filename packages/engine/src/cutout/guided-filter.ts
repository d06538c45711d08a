// Edge-aware upsampling of a coarse matte: the fast guided filter (He & Sun 2015). The linear
// coefficients a, b (alpha ≈ a·I + b locally) are fitted at low resolution against the photo's
// luminance, then upsampled and applied to the full-resolution luminance, so the matte's edge
// snaps to the photo's real edges (hair, fur, thin handles) instead of a blurry 1024² outline.
import { boxFilter } from "./box-filter.ts";

/** A part of the photo, inclusive bounds, px. */
export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** 0..1 luminance; with `region`, only there (0 elsewhere) */
export function luminance(
  pixels: Buffer,
  width: number,
  height: number,
  channels = 4,
  region: Region = { x0: 0, y0: 0, x1: width - 1, y1: height - 1 },
): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = region.y0; y <= region.y1; y++) {
    for (let j = y * width + region.x0, i = j * channels; j <= y * width + region.x1; j++) {
      out[j] = (0.299 * pixels[i]! + 0.587 * pixels[i + 1]! + 0.114 * pixels[i + 2]!) / 255;
      i += channels;
    }
  }
  return out;
}

export interface GuidedOptions {
  /** window radius at the low resolution */
  radius: number;
  /** regularisation: larger = smoother, follows the coarse matte more than the photo */
  eps: number;
}

/**
 * @param guideLow photo luminance at low resolution (lw×lh)
 * @param matteLow coarse matte at the same low resolution, 0..1
 * @param guideFull photo luminance at full resolution (fw×fh)
 * @param region where the matte is wanted (0 elsewhere): the rest of the photo is not read
 * @returns refined matte at full resolution, 0..1
 */
export function fastGuidedUpsample(
  guideLow: Float32Array,
  matteLow: Float32Array,
  lw: number,
  lh: number,
  guideFull: Float32Array,
  fw: number,
  fh: number,
  opts: GuidedOptions,
  region: Region = { x0: 0, y0: 0, x1: fw - 1, y1: fh - 1 },
): Float32Array {
  const n = lw * lh;
  const ip = new Float32Array(n);
  const ii = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const g = guideLow[i]!;
    ip[i] = g * matteLow[i]!;
    ii[i] = g * g;
  }
  const r = opts.radius;
  const meanI = boxFilter(guideLow, lw, lh, r);
  const meanP = boxFilter(matteLow, lw, lh, r);
  const meanIp = boxFilter(ip, lw, lh, r);
  const meanII = boxFilter(ii, lw, lh, r);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const mi = meanI[i]!;
    const cov = meanIp[i]! - mi * meanP[i]!;
    const v = meanII[i]! - mi * mi;
    const ai = cov / (v + opts.eps);
    a[i] = ai;
    b[i] = meanP[i]! - ai * mi;
  }
  const meanA = boxFilter(a, lw, lh, r);
  const meanB = boxFilter(b, lw, lh, r);
  // bilinear upsampling of (a, b) fused with q = a·I + b: no full-size temporaries
  const out = new Float32Array(fw * fh);
  const sx = lw / fw;
  const sy = lh / fh;
  const x0s = new Int32Array(fw);
  const x1s = new Int32Array(fw);
  const wxs = new Float32Array(fw);
  for (let x = 0; x < fw; x++) {
    const f = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), lw - 1);
    const x0 = Math.floor(f);
    x0s[x] = x0;
    x1s[x] = Math.min(x0 + 1, lw - 1);
    wxs[x] = f - x0;
  }
  for (let y = region.y0; y <= region.y1; y++) {
    const f = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), lh - 1);
    const y0 = Math.floor(f);
    const r0 = y0 * lw;
    const r1 = Math.min(y0 + 1, lh - 1) * lw;
    const wy = f - y0;
    const o = y * fw;
    for (let x = region.x0; x <= region.x1; x++) {
      const i0 = x0s[x]!;
      const i1 = x1s[x]!;
      const wx = wxs[x]!;
      const a0 = meanA[r0 + i0]! + (meanA[r0 + i1]! - meanA[r0 + i0]!) * wx;
      const a1 = meanA[r1 + i0]! + (meanA[r1 + i1]! - meanA[r1 + i0]!) * wx;
      const b0 = meanB[r0 + i0]! + (meanB[r0 + i1]! - meanB[r0 + i0]!) * wx;
      const b1 = meanB[r1 + i0]! + (meanB[r1 + i1]! - meanB[r1 + i0]!) * wx;
      const q = (a0 + (a1 - a0) * wy) * guideFull[o + x]! + b0 + (b1 - b0) * wy;
      out[o + x] = q < 0 ? 0 : Math.min(q, 1);
    }
  }
  return out;
}
