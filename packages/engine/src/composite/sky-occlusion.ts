// How much of the sky (the room's ambient light) a standing product hides from the ground
// around its base: the soft darkening that fades out from where it touches the surface.
//
// The product is a row of vertical strips along its silhouette's bottom contour, each as tall
// as the solid part of its column, and two side faces as deep as the product. A strip of width
// s at ground distance r, seen from a ground point, spans the azimuth atan2(s·dz, r² − s²/4)
// and hides the sky up to the elevation atan(H/r); the cosine-weighted share of the sky below
// that elevation is sin², H²/(H² + r²). Summed over the strips and divided by 2π: ½ beside a
// wall that is wide and tall, falling off as 1/r² and with the product's width. Before, a
// Gaussian of the contour stood in for it, and a reviewer saw "a soft blob", not a shadow.
import { type Foot, groundAt, lowerHull } from "./ground-line.ts";
import type { Placement } from "./place.ts";

/** the contour is sampled and the occlusion computed on cells of this many pixels */
export const OCCLUSION_CELL = 4;

export interface GroundView {
  /** image-y length of a ground step towards the camera ÷ image-x length of the same step
   * sideways, at the base: small when the camera looks along the ground */
  foreshortening: number;
  /** the product's depth as a share of its width */
  depth: number;
  /** 0..1, how squarely the key light comes from the camera's side of the product (its shadow
   * falls away from the lens): its lit front face throws light back on the ground before it */
  litFront?: number;
}

/**
 * The share of a strip's occlusion that the ground in front of it loses when the light comes
 * from the front. The sky model is a uniform one; in a room the light comes from the window's
 * side, and what a product hides of the room behind it is the darker part. With the full
 * occlusion a box lit from the front stood in a wide grey band reaching a third of its height
 * towards the lens, which a reviewer saw as "a soft drop-shadow glow round the bases" (round
 * 31); the crease at the very foot is the contact line's and stays.
 */
const FRONT_FILL = 0.6;

/**
 * The occlusion 0..1 (1 = the ground right at the base of a wide, tall product) on a grid
 * OCCLUSION_CELL× coarser than the scene, gw × gh cells.
 */
export function skyOcclusion(
  gw: number,
  gh: number,
  layer: Buffer,
  p: Placement,
  view: GroundView,
): Float32Array {
  const G = OCCLUSION_CELL;
  const occ = new Float32Array(gw * gh);
  const feet = contourStrips(layer, p);
  if (feet.length === 0) return occ;
  const strips = merged(feet);
  const F = Math.min(1, Math.max(0.05, view.foreshortening));
  const D = Math.max(G, view.depth * p.width);
  const left = feet[0]!;
  const right = feet[feet.length - 1]!;
  const tallest = feet.reduce((m, s) => Math.max(m, s.h), 0);
  // beyond this ground distance the sum is negligible (under 2 % for a wall as wide as tall)
  const reach = Math.min(tallest * 1.5, p.width * 1.5 + tallest * 0.5);
  const top = feet.reduce((m, s) => Math.min(m, s.y), Number.POSITIVE_INFINITY);
  const bottom = feet.reduce((m, s) => Math.max(m, s.y), 0);
  // the field is smooth: computed on cells twice as coarse, read bilinearly (the crease at the
  // very foot is the contact line's, at full resolution)
  const C = 2 * G;
  const x0 = Math.max(0, left.x - reach);
  const y0 = Math.max(0, top - (D + reach) * F);
  const cw = Math.ceil((Math.min(gw * G, right.x + reach) - x0) / C) + 1;
  const ch = Math.ceil((Math.min(gh * G, bottom + reach * F) - y0) / C) + 1;
  if (cw < 1 || ch < 1) return occ;
  const coarse = new Float32Array(cw * ch);
  const d2 = (D * D) / 4;
  const norm = 1 / Math.PI; // 2f, so a wide tall wall gives 1 at its foot
  const fill = FRONT_FILL * Math.min(1, Math.max(0, view.litFront ?? 0));
  for (let cy = 0; cy < ch; cy++) {
    const py = y0 + cy * C;
    for (let cx = 0; cx < cw; cx++) {
      const px = x0 + cx * C;
      let f = 0;
      for (let i = 0; i < strips.length; i++) {
        const st = strips[i]!;
        // (behind the contour too: the product seen as a thin wall there, so the field has no
        // edge where the contour ends; a box's back hides it, a lamp's base shows it)
        const dz = Math.abs(py - st.y) / F + 0.5;
        const dx = px - st.x;
        const r2 = dx * dx + dz * dz;
        const hh = st.h * st.h;
        // (in front of the strip, less of it the more its face is lit: over a cell or two)
        const front = fill * Math.min(1, Math.max(0, (py - st.y) / C));
        f += Math.atan2(st.s * dz, r2 - (st.s * st.s) / 4) * (hh / (hh + r2)) * st.w * (1 - front);
      }
      // the side faces, from the front contour back to the product's depth
      for (let k = 0; k < 2; k++) {
        const side = k === 0 ? left : right;
        const dx = k === 1 ? px - side.x : side.x - px;
        if (dx <= 0) continue;
        // (mirrored behind the front contour like the strips: there the product's inside
        // would be under the face, and a lamp's thin stem shows the ground it stands on)
        const dz = Math.abs(py - side.y) / F + D / 2;
        const r2 = dx * dx + dz * dz;
        const hh = side.h * side.h;
        f += Math.atan2(D * dx, r2 - d2) * (hh / (hh + r2)) * side.w;
      }
      // faded out over the second half of the reach, so the field has no edge: the ground
      // distance to the footprint's box (front contour to its depth behind)
      const gx = Math.max(0, left.x - px, px - right.x);
      const gz = Math.max(0, (py - bottom) / F, (top - py) / F - D);
      const u = Math.min(1, Math.max(0, (Math.hypot(gx, gz) / reach - 0.5) * 2));
      coarse[cy * cw + cx] = Math.min(1, f * norm) * (1 - u * u * (3 - 2 * u));
    }
  }
  // onto the G grid: the coarse samples sit at x0 + cx·C; a G cell's centre is (g + ½)·G
  for (let gy = Math.floor(y0 / G); gy < gh; gy++) {
    const fy = ((gy + 0.5) * G - y0) / C;
    if (fy > ch - 1) break;
    const ya = Math.max(0, Math.floor(fy));
    const yb = Math.min(ch - 1, ya + 1);
    const ty = Math.max(0, fy - ya);
    for (let gx = Math.floor(x0 / G); gx < gw; gx++) {
      const fx = ((gx + 0.5) * G - x0) / C;
      if (fx > cw - 1) break;
      const xa = Math.max(0, Math.floor(fx));
      const xb = Math.min(cw - 1, xa + 1);
      const tx = Math.max(0, fx - xa);
      const t0 = coarse[ya * cw + xa]! * (1 - tx) + coarse[ya * cw + xb]! * tx;
      const t1 = coarse[yb * cw + xa]! * (1 - tx) + coarse[yb * cw + xb]! * tx;
      occ[gy * gw + gx] = t0 * (1 - ty) + t1 * ty;
    }
  }
  return occ;
}

/**
 * Neighbouring feet alike in height and level joined into one wider strip (the azimuth of a
 * strip is exact at any width; its height term is read at its middle, so a strip is kept
 * narrower than half its height): a box's foot is a few strips, not a hundred.
 */
function merged(feet: Strip[]): Strip[] {
  const out: Strip[] = [];
  let run: Strip[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const n = run.length;
    const sum = (f: (s: Strip) => number) => run.reduce((a, s) => a + f(s), 0);
    out.push({
      x: sum((s) => s.x) / n,
      y: sum((s) => s.y) / n,
      h: sum((s) => s.h) / n,
      w: sum((s) => s.w) / n,
      s: sum((s) => s.s),
    });
    run = [];
  };
  for (const f of feet) {
    const first = run[0];
    const last = run[run.length - 1];
    const fits =
      first &&
      last &&
      f.x - last.x <= f.s + 0.5 &&
      Math.abs(f.y - first.y) <= 1.5 &&
      Math.abs(f.h - first.h) <= first.h * 0.08 &&
      Math.abs(f.w - first.w) <= 0.05 &&
      (run.length + 1) * f.s <= Math.min(MAX_STRIP, first.h / 2);
    if (!fits) flush();
    run.push(f);
  }
  flush();
  return out;
}

/** the widest joined strip, in pixels */
const MAX_STRIP = 32;

interface Strip {
  /** image position of the column's foot */
  x: number;
  y: number;
  /** the solid height of the column above its foot, in pixels */
  h: number;
  /** 1 resting on the ground, less as its foot lifts off it */
  w: number;
  /** its width in pixels */
  s: number;
}

/** the columns of the silhouette whose foot rests on the ground, every OCCLUSION_CELL px */
function contourStrips(layer: Buffer, p: Placement): Strip[] {
  const G = OCCLUSION_CELL;
  // a foot higher than this above the ground line is a handle or an overhang, not a foot
  const band = Math.max(3, p.height * 0.15);
  const strips: Strip[] = [];
  const feet: Foot[] = [];
  for (let lx = G >> 1; lx < p.width; lx += G) {
    for (let ly = p.height - 1; ly >= 0; ly--) {
      if (layer[(ly * p.width + lx) * 4 + 3]! > 128) {
        feet.push({ lx, yb: ly });
        break;
      }
    }
  }
  // the ground line, not the lowest foot's row: a car's rear wheel, higher in the frame in a
  // three-quarter view, stands on it too (measured from the lowest foot it was "lifted", and
  // the review saw "almost no contact shadow under the tyres")
  const hull = lowerHull(feet);
  for (const { lx, yb } of feet) {
    const lift = groundAt(hull, lx) - yb;
    if (lift > band) continue;
    // the solid run above the foot (a gap of a few pixels is a seam, not the top)
    let ly = yb;
    let gap = 0;
    let topY = yb;
    while (ly > 0 && gap <= 3) {
      ly--;
      if (layer[(ly * p.width + lx) * 4 + 3]! > 128) {
        topY = ly;
        gap = 0;
      } else gap++;
    }
    strips.push({
      x: p.x + lx,
      y: p.y + yb + 1,
      h: yb - topY + 1,
      w: Math.min(1, 2 * (1 - lift / band)),
      s: G,
    });
  }
  return strips;
}
