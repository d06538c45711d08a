// A fringe pixel (0 < alpha < 255) recorded c = a·F + (1 − a)·B: the product's colour F mixed
// with the old backdrop B (a red sofa leaves a red halo round a teddy). Solve for F with B
// estimated from nearby transparent pixels, at the photo's own resolution, before any resize
// spreads the halo. Opaque pixels are never touched, nor is alpha: the Cutout's promise that
// its opaque pixels are the photo's holds.
//
// The local colour estimates (F from nearby opaque pixels, B from nearby clear ones) are smooth,
// so they are gathered on a grid of cells (≤ 512 per side) and blurred there: the cost is one
// pass over the product's extent plus the fringe, whatever the resolution.
import { boxFilter } from "./box-filter.ts";

/**
 * How far (levels, at alpha 1) a fringe pixel's solved colour may stray from the product's
 * colour nearby; less the more transparent the pixel. The matting equation divides by alpha,
 * so where the backdrop is busy (red apples and dark pine cones round a pale stone) an error
 * in its local estimate came out as "a dark rim round the stone"; on a red sofa, as "a pale
 * pink fringe along the teddy's legs". A product's true edge colour is rarely that far from
 * its colour a few pixels in.
 */
const STRAY = 48;

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
  // Only the cells round the product matter: the fringe lies inside the extent of alpha > 0,
  // and its estimates reach two cells beyond (the blur below). The grid is the whole photo's,
  // cut to that extent and three cells more, so the answers are the whole photo's; a product
  // that fills a quarter of a 12 MP photo costs a quarter of it.
  const extent = opaqueExtent(rgba, width, height);
  if (!extent) return;
  const cx0 = Math.max(0, Math.floor(extent.x0 / cell) - 3);
  const cy0 = Math.max(0, Math.floor(extent.y0 / cell) - 3);
  const cx1 = Math.min(Math.ceil(width / cell), Math.floor(extent.x1 / cell) + 4);
  const cy1 = Math.min(Math.ceil(height / cell), Math.floor(extent.y1 / cell) + 4);
  const gw = cx1 - cx0;
  const gh = cy1 - cy0;
  const px0 = cx0 * cell;
  const py0 = cy0 * cell;
  const px1 = Math.min(width, cx1 * cell);
  const py1 = Math.min(height, cy1 * cell);
  const n = gw * gh;
  // weighted sums per cell: F (weight a⁴) and B (weight (1 − a)⁴), premultiplied colours
  const planes = Array.from({ length: 8 }, () => new Float32Array(n)) as Planes;
  const [fr, fg, fb, fw, br, bg, bb, bw] = planes;
  let fringe = false;
  for (let y = py0; y < py1; y++) {
    const crow = (Math.floor(y / cell) - cy0) * gw;
    for (let x = px0; x < px1; x++) {
      const i = (y * width + x) * 4;
      const a8 = rgba[i + 3]!;
      if (a8 > 0 && a8 < 255) fringe = true;
      const a = a8 / 255;
      const wf = a * a * a * a;
      const nb = 1 - a;
      const wb = nb * nb * nb * nb;
      const c = crow + Math.floor(x / cell) - cx0;
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
  for (let y = extent.y0; y <= extent.y1; y++) {
    const gy = Math.floor(y / cell) - cy0;
    for (let x = extent.x0; x <= extent.x1; x++) {
      const i = (y * width + x) * 4;
      const a8 = rgba[i + 3]!;
      if (a8 === 0 || a8 === 255) continue;
      const c = gy * gw + Math.floor(x / cell) - cx0;
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
        const reach = STRAY * a;
        outR = near(clamp(rgba[i]! / a - (sbr[c]! / wB) * k), outR, reach);
        outG = near(clamp(rgba[i + 1]! / a - (sbg[c]! / wB) * k), outG, reach);
        outB = near(clamp(rgba[i + 2]! / a - (sbb[c]! / wB) * k), outB, reach);
      }
      rgba[i] = Math.round(outR);
      rgba[i + 1] = Math.round(outG);
      rgba[i + 2] = Math.round(outB);
    }
  }
}

/** the box of every pixel with alpha > 0, inclusive; null when there is none */
function opaqueExtent(rgba: Buffer, width: number, height: number) {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0, i = y * width * 4 + 3; x < width; x++, i += 4) {
      if (rgba[i] !== 0) {
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first < 0) continue;
    if (y0 > y) y0 = y;
    y1 = y;
    if (first < x0) x0 = first;
    if (last > x1) x1 = last;
  }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}

/** `v` kept within `reach` of `to` */
function near(v: number, to: number, reach: number): number {
  return Math.min(Math.max(v, to - reach), to + reach);
}

function clamp(v: number): number {
  return v < 0 ? 0 : Math.min(v, 255);
}
