// Edge-aware upsampling of a coarse matte: the fast guided filter (He & Sun 2015). The linear
// coefficients a, b (alpha ≈ a·I + b locally) are fitted at low resolution against the photo's
// luminance, then upsampled and applied to the full-resolution luminance, so the matte's edge
// snaps to the photo's real edges (hair, fur, thin handles) instead of a blurry 1024² outline.
import { boxFilter, resizePlane } from "./box-filter.ts";

export function luminance(rgba: Buffer, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  for (let i = 0, j = 0; j < out.length; i += 4, j++) {
    out[j] = (0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!) / 255;
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
  const fa = lw === fw && lh === fh ? meanA : resizePlane(meanA, lw, lh, fw, fh);
  const fb = lw === fw && lh === fh ? meanB : resizePlane(meanB, lw, lh, fw, fh);
  const out = new Float32Array(fw * fh);
  for (let i = 0; i < out.length; i++) {
    const q = fa[i]! * guideFull[i]! + fb[i]!;
    out[i] = q < 0 ? 0 : Math.min(q, 1);
  }
  return out;
}
