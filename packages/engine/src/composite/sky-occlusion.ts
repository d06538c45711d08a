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
import type { Placement } from "./place.ts";

/** the contour is sampled and the occlusion computed on cells of this many pixels */
export const OCCLUSION_CELL = 4;

export interface GroundView {
  /** image-y length of a ground step towards the camera ÷ image-x length of the same step
   * sideways, at the base: small when the camera looks along the ground */
  foreshortening: number;
  /** the product's depth as a share of its width */
  depth: number;
}

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
  const strips = contourStrips(layer, p);
  if (strips.length === 0) return occ;
  const F = Math.min(1, Math.max(0.05, view.foreshortening));
  const D = Math.max(G, view.depth * p.width);
  const left = strips[0]!;
  const right = strips[strips.length - 1]!;
  const tallest = strips.reduce((m, s) => Math.max(m, s.h), 0);
  // beyond this ground distance the sum is negligible (under 2 % for a wall as wide as tall)
  const reach = Math.min(tallest * 1.5, p.width * 1.5 + tallest * 0.5);
  const cx0 = Math.max(0, Math.floor((left.x - reach) / G));
  const cx1 = Math.min(gw - 1, Math.ceil((right.x + reach) / G));
  const top = strips.reduce((m, s) => Math.min(m, s.y), Number.POSITIVE_INFINITY);
  const bottom = strips.reduce((m, s) => Math.max(m, s.y), 0);
  const cy0 = Math.max(0, Math.floor((top - (D + reach) * F) / G));
  const cy1 = Math.min(gh - 1, Math.ceil((bottom + reach * F) / G));
  const s = G;
  const s2 = (s * s) / 4;
  const d2 = (D * D) / 4;
  const norm = 1 / Math.PI; // 2f, so a wide tall wall gives 1 at its foot
  const sides = [left, right];
  for (let cy = cy0; cy <= cy1; cy++) {
    const py = (cy + 0.5) * G;
    for (let cx = cx0; cx <= cx1; cx++) {
      const px = (cx + 0.5) * G;
      let f = 0;
      for (let i = 0; i < strips.length; i++) {
        const st = strips[i]!;
        // (behind the contour too: the product seen as a thin wall there, so the field has no
        // edge where the contour ends; a box's back hides it, a lamp's base shows it)
        const dz = Math.abs(py - st.y) / F + 0.5;
        const dx = px - st.x;
        const r2 = dx * dx + dz * dz;
        const hh = st.h * st.h;
        f += Math.atan2(s * dz, r2 - s2) * (hh / (hh + r2)) * st.w;
      }
      // the side faces, from the front contour back to the product's depth
      for (const side of sides) {
        const dx = side === right ? px - side.x : side.x - px;
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
      occ[cy * gw + cx] = Math.min(1, f * norm) * (1 - u * u * (3 - 2 * u));
    }
  }
  return occ;
}

interface Strip {
  /** image position of the column's foot */
  x: number;
  y: number;
  /** the solid height of the column above its foot, in pixels */
  h: number;
  /** 1 resting on the ground, less as its foot lifts off it */
  w: number;
}

/** the columns of the silhouette whose foot rests on the ground, every OCCLUSION_CELL px */
function contourStrips(layer: Buffer, p: Placement): Strip[] {
  const G = OCCLUSION_CELL;
  // a foot higher than this above the lowest one is a handle or an overhang, not a foot
  const band = Math.max(3, p.height * 0.15);
  const strips: Strip[] = [];
  for (let lx = G >> 1; lx < p.width; lx += G) {
    let yb = -1;
    for (let ly = p.height - 1; ly >= 0; ly--) {
      if (layer[(ly * p.width + lx) * 4 + 3]! > 128) {
        yb = ly;
        break;
      }
    }
    if (yb < 0) continue;
    const lift = p.height - 1 - yb;
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
    });
  }
  return strips;
}
