// A fringe pixel (0 < alpha < 255) recorded c = a·F + (1 − a)·B: the product's colour F mixed
// with the old backdrop B (a red sofa leaves a red halo round a teddy). Solve for F with B
// estimated from nearby transparent pixels, at the photo's own resolution, before any resize
// spreads the halo. Opaque pixels are never touched, nor is alpha: the Cutout's promise that
// its opaque pixels are the photo's holds.
//
// The local colour estimates (F from nearby opaque pixels, B from nearby clear ones) are smooth,
// so they are gathered on a grid of cells (≤ 512 per side) and blurred there: the cost is one
// pass over the photo plus the fringe, whatever the resolution (12 MP: ~0.1 s, not seconds).
import { boxFilter } from "./box-filter.ts";

type Planes = [
  Float32Array,
  Float32Array,
  Float32Array,
  Float32Array,
  Float32Array,
  Float32Array,
  Float32Array,
  Float32Array,
];

export function decontaminate(rgba: Buffer, width: number, height: number): void {
  const cell = Math.max(2, Math.ceil(Math.max(width, height) / 512));
  const gw = Math.ceil(width / cell);
  const gh = Math.ceil(height / cell);
  const n = gw * gh;
  // weighted sums per cell: F (weight a⁴) and B (weight (1 − a)⁴), premultiplied colours
  const planes = Array.from({ length: 8 }, () => new Float32Array(n)) as Planes;
  const [fr, fg, fb, fw, br, bg, bb, bw] = planes;
  let fringe = false;
  for (let y = 0; y < height; y++) {
    const crow = Math.floor(y / cell) * gw;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const a8 = rgba[i + 3]!;
      if (a8 > 0 && a8 < 255) fringe = true;
      const a = a8 / 255;
      const wf = a * a * a * a;
      const nb = 1 - a;
      const wb = nb * nb * nb * nb;
      const c = crow + Math.floor(x / cell);
      const r = rgba[i]!;
      const g = rgba[i + 1]!;
      const b = rgba[i + 2]!;
      fr[c]! += r * wf;
      fg[c]! += g * wf;
      fb[c]! += b * wf;
      fw[c]! += wf;
      br[c]! += r * wb;
      bg[c]! += g * wb;
      bb[c]! += b * wb;
      bw[c]! += wb;
    }
  }
  if (!fringe) return;
  // reach a couple of cells beyond the fringe band to find clean colours on both sides
  const blurred = planes.map((p) => boxFilter(p, gw, gh, 2)) as Planes;
  const [sfr, sfg, sfb, sfw, sbr, sbg, sbb, sbw] = blurred;
  for (let y = 0; y < height; y++) {
    const gy = Math.min(gh - 1, Math.floor(y / cell));
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const a8 = rgba[i + 3]!;
      if (a8 === 0 || a8 === 255) continue;
      const c = gy * gw + Math.min(gw - 1, Math.floor(x / cell));
      const wF = sfw[c]!;
      if (wF < 1e-4) continue;
      const a = a8 / 255;
      let outR = sfr[c]! / wF;
      let outG = sfg[c]! / wF;
      let outB = sfb[c]! / wF;
      const wB = sbw[c]!;
      if (wB > 1e-4 && a >= 0.3) {
        // the matting equation, trusted only where the product dominates the pixel
        const k = (1 - a) / a;
        outR = clamp(rgba[i]! / a - (sbr[c]! / wB) * k);
        outG = clamp(rgba[i + 1]! / a - (sbg[c]! / wB) * k);
        outB = clamp(rgba[i + 2]! / a - (sbb[c]! / wB) * k);
      }
      rgba[i] = Math.round(outR);
      rgba[i + 1] = Math.round(outG);
      rgba[i + 2] = Math.round(outB);
    }
  }
}

function clamp(v: number): number {
  return v < 0 ? 0 : Math.min(v, 255);
}
