// Which of the four photos to show first. A seller judges a product photo first by whether the
// product stands out: its outline against what is right behind it. So each output is scored on
// (1) separation: the colour difference between the product's rim and the set just outside it,
// pair by pair around the outline (a white bottle on a white sweep scores low, on oak high);
// (2) calm: how busy the set is right around the product (props or patterns crowding its
// outline cost points); (3) framing: a product cut by the frame's edge costs the most.
// Measured on a coarse grid (every 4th pixel) around the placed product: a few milliseconds.
import type { Cutout } from "../types.ts";
import type { Placement } from "./place.ts";

const STEP = 4;
/** how far out (in grid cells) the set counts as "around the product" */
const RING = 6;
/** dx, dy, dx² + dy² of the cells within RING, nearest first, ties in row order (dy, then dx) */
const NEAREST = Int32Array.from(
  Array.from({ length: (2 * RING + 1) ** 2 }, (_, i) => [
    (i % (2 * RING + 1)) - RING,
    Math.floor(i / (2 * RING + 1)) - RING,
  ])
    .map(([dx, dy]) => [dx!, dy!, dx! * dx! + dy! * dy!])
    .filter(([, , d]) => d! <= RING * RING)
    .sort((a, b) => a[2]! - b[2]! || a[1]! - b[1]! || a[0]! - b[0]!)
    .flat(),
);

export interface OutputScore {
  /** the higher the better; comparable between outputs of one product */
  score: number;
  /** mean colour difference (about CIE76 ΔE) between rim pairs */
  separation: number;
  /** mean luminance gradient of the set around the product (0..255 per pixel) */
  clutter: number;
  /** share of the product's box outside the frame */
  offFrame: number;
}

export function scoreOutput(
  rgb: Buffer,
  width: number,
  height: number,
  cut: Pick<Cutout, "rgba" | "width" | "bbox">,
  p: Placement,
): OutputScore {
  const margin = (RING + 1) * STEP;
  const x0 = Math.max(0, p.x - margin);
  const y0 = Math.max(0, p.y - margin);
  const x1 = Math.min(width - 1, p.x + p.width + margin);
  const y1 = Math.min(height - 1, p.y + p.height + margin);
  const gw = Math.max(1, Math.floor((x1 - x0) / STEP) + 1);
  const gh = Math.max(1, Math.floor((y1 - y0) / STEP) + 1);
  // alpha of the placed product on the grid (nearest sample of the cut-out)
  const alpha = new Uint8Array(gw * gh);
  const sx = cut.bbox.width / p.width;
  const sy = cut.bbox.height / p.height;
  for (let gy = 0; gy < gh; gy++) {
    const y = y0 + gy * STEP;
    const cy = Math.floor((y - p.y + 0.5) * sy);
    if (cy < 0 || cy >= cut.bbox.height) continue;
    for (let gx = 0; gx < gw; gx++) {
      const x = x0 + gx * STEP;
      const cx = Math.floor((x - p.x + 0.5) * sx);
      if (cx < 0 || cx >= cut.bbox.width) continue;
      alpha[gy * gw + gx] = cut.rgba[((cut.bbox.y + cy) * cut.width + cut.bbox.x + cx) * 4 + 3]!;
    }
  }
  // solid cells summed over the grid's rectangles: a cell with none within its ring is skipped
  // at once instead of searched (most of the grid; the same result, a quarter of the time)
  const sw = gw + 1;
  const solid = new Int32Array(sw * (gh + 1));
  for (let gy = 0; gy < gh; gy++) {
    let row = 0;
    for (let gx = 0; gx < gw; gx++) {
      if (alpha[gy * gw + gx]! >= 250) row++;
      solid[(gy + 1) * sw + gx + 1] = solid[gy * sw + gx + 1]! + row;
    }
  }
  const lab = (gx: number, gy: number) =>
    toLab(rgb, ((y0 + gy * STEP) * width + x0 + gx * STEP) * 3);
  let sepSum = 0;
  let sepN = 0;
  let clutSum = 0;
  let clutN = 0;
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      if (alpha[gy * gw + gx]! > 4) continue;
      const wx0 = Math.max(0, gx - RING);
      const wy0 = Math.max(0, gy - RING);
      const wx1 = Math.min(gw, gx + RING + 1);
      const wy1 = Math.min(gh, gy + RING + 1);
      if (
        solid[wy1 * sw + wx1]! -
          solid[wy0 * sw + wx1]! -
          solid[wy1 * sw + wx0]! +
          solid[wy0 * sw + wx0]! ===
        0
      )
        continue;
      // the nearest solid product cell within the ring, if any: the first of the offsets in
      // order of distance (ties in row order, as a scan of the ring would keep them)
      let best = -1;
      let bestD = RING * RING + 1;
      for (let k = 0; k < NEAREST.length; k += 3) {
        const nx = gx + NEAREST[k]!;
        const ny = gy + NEAREST[k + 1]!;
        if (nx < 0 || nx >= gw || ny < 0 || ny >= gh) continue;
        if (alpha[ny * gw + nx]! >= 250) {
          best = ny * gw + nx;
          bestD = NEAREST[k + 2]!;
          break;
        }
      }
      if (best < 0) continue;
      if (gx + 1 < gw && gy + 1 < gh) {
        const a = lum(rgb, ((y0 + gy * STEP) * width + x0 + gx * STEP) * 3);
        const right = lum(rgb, ((y0 + gy * STEP) * width + x0 + (gx + 1) * STEP) * 3);
        const down = lum(rgb, ((y0 + (gy + 1) * STEP) * width + x0 + gx * STEP) * 3);
        clutSum += (Math.abs(a - right) + Math.abs(a - down)) / 2;
        clutN++;
      }
      // the rim: only the set right at the outline is paired with the product
      if (bestD > 4) continue;
      const o = lab(gx, gy);
      const i = lab(best % gw, Math.floor(best / gw));
      sepSum += Math.hypot(o[0] - i[0], o[1] - i[1], o[2] - i[2]);
      sepN++;
    }
  }
  const separation = sepN ? sepSum / sepN : 0;
  const clutter = clutN ? clutSum / clutN : 0;
  const inside =
    Math.max(0, Math.min(width, p.x + p.width) - Math.max(0, p.x)) *
    Math.max(0, Math.min(height, p.y + p.height) - Math.max(0, p.y));
  const offFrame = 1 - inside / Math.max(1, p.width * p.height);
  const score = Math.min(separation, 60) / 60 - 0.6 * Math.min(clutter / 24, 1) - 2 * offFrame;
  return { score, separation, clutter, offFrame };
}

function lum(rgb: Buffer, i: number): number {
  return 0.2126 * rgb[i]! + 0.7152 * rgb[i + 1]! + 0.0722 * rgb[i + 2]!;
}

/** sRGB → CIE L*a*b* (D65), enough precision for a ranking */
function toLab(rgb: Buffer, i: number): [number, number, number] {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const r = lin(rgb[i]!);
  const g = lin(rgb[i + 1]!);
  const b = lin(rgb[i + 2]!);
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
