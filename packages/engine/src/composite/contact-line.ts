// The thin dark line where a product meets the surface, at full resolution: under a standing
// product's base, and beside a lying one on its side away from the light.
//
// shadows.ts draws the contact and cast shadows on a grid four times coarser than the scene,
// which is right for penumbrae but leaves a gap of a few pixels under the product's bottom
// edges: the product reads as hovering. In a photograph, the last millimetres under an object
// get almost no light from any direction (ambient occlusion), so the line under its base is
// the darkest part of the shadow and as sharp as the base itself. This draws that line along
// the silhouette's bottom contour, one column at a time, falling off over a few pixels.
import type { RenderedScene } from "../types.ts";
import { type Foot, groundAt, lowerHull } from "./ground-line.ts";
import type { Placement } from "./place.ts";
import { shadowTint } from "./shadows.ts";

/** how much of the light the very first pixel under the base loses, times shadowTint: nearly
 * all of it, on a white counter as on dark wood (with the old tint, 1 − (0.18 + 0.32·c/255)
 * halved, a white counter lost 0.56 of it and dark wood 0.83: "no darkening where it touches"
 * on marble and linen) */
const DEPTH = 1;
/** the most light any pixel loses to the line (shadowMap's contact stops at 0.92 too) */
const MAX_LOSS = 0.92;

export function applyContactLine(
  rgb: Buffer,
  scene: RenderedScene,
  layer: Buffer,
  p: Placement,
): void {
  // one the photo cut at the bottom rises from below the frame and touches nothing in view
  if (p.anchored?.includes("bottom")) return;
  if (scene.lying) {
    lyingContact(rgb, scene, layer, p);
    return;
  }
  const W = scene.width;
  const H = scene.height;
  const reach = Math.max(2, Math.round(p.height * 0.02));
  // columns whose lowest point is high up (handles, overhangs) touch nothing
  const band = Math.max(3, p.height * 0.15);
  // each column's bottom with sub-pixel precision (the fringe's coverage extends it), so a
  // slanted base gives a straight line, not steps
  const bottoms = new Float32Array(p.width).fill(-1);
  for (let lx = 0; lx < p.width; lx++) {
    for (let ly = p.height - 1; ly >= 0; ly--) {
      if (layer[(ly * p.width + lx) * 4 + 3]! > 128) {
        const below = ly + 1 < p.height ? layer[((ly + 1) * p.width + lx) * 4 + 3]! : 0;
        bottoms[lx] = ly + below / 255;
        break;
      }
    }
  }
  // the ground line, not the lowest foot's row: a car's rear wheel, higher in the frame in a
  // three-quarter view, touches the road too ("its tyres don't sit in the asphalt")
  const feet: Foot[] = [];
  for (let lx = 0; lx < p.width; lx++)
    if (bottoms[lx]! >= 0) feet.push({ lx, yb: Math.floor(bottoms[lx]!) });
  const hull = lowerHull(feet);
  // (rows from the highest foot on the ground line down)
  const highest = hull.reduce((m, f) => Math.min(m, f.yb), p.height - 1);
  const top = p.y + highest - Math.ceil(band);
  const rows = p.height - highest + Math.ceil(band) + reach + 3;
  const dark = new Float32Array(p.width * rows);
  for (let lx = 0; lx < p.width; lx++) {
    const yb = bottoms[lx]!;
    if (yb < 0) continue;
    const lift = hull.length ? groundAt(hull, lx) - yb : p.height - 1 - yb;
    if (lift > band) continue;
    const w = 1 - Math.max(0, lift) / band;
    for (let ly = Math.floor(yb) + 1; ly <= yb + reach + 2; ly++) {
      const r = p.y + ly - top;
      if (r < 0 || r >= rows) continue;
      const t = Math.max(0, ly - yb - 0.5) / reach;
      const v = w * Math.exp(-3 * t * t);
      const k = r * p.width + lx;
      if (v > dark[k]!) dark[k] = v;
    }
  }
  // a small horizontal blur so the line's ends are soft
  const tint = shadowTint(scene.surfaceColor);
  // (the taps clamp at the row's ends; no closure per pixel: under tsx's keepNames each one
  // made was a defineProperty, 90 ms of a generation's CPU)
  const last = p.width - 1;
  for (let r = 0; r < rows; r++) {
    const sy = top + r;
    if (sy < 0 || sy >= H) continue;
    const row = r * p.width;
    for (let lx = 0; lx < p.width; lx++) {
      const v =
        (dark[row + lx]! * 3 +
          (dark[row + Math.max(0, lx - 1)]! + dark[row + Math.min(last, lx + 1)]!) * 2 +
          dark[row + Math.max(0, lx - 2)]! +
          dark[row + Math.min(last, lx + 2)]!) /
        9;
      if (v < 0.01) continue;
      const sx = p.x + lx;
      if (sx < 0 || sx >= W) continue;
      // only the surface is darkened: the product's own pixels go on top afterwards
      const ly = sy - p.y;
      if (ly < p.height && layer[(ly * p.width + lx) * 4 + 3]! === 255) continue;
      const o = (sy * W + sx) * 3;
      // (clamped: on warm wood the blue channel's darkening passes 1, and a Buffer wraps a
      // negative value round to a bright one, a cyan rim under the base)
      for (let ch = 0; ch < 3; ch++) {
        rgb[o + ch] = Math.round(rgb[o + ch]! * (1 - Math.min(MAX_LOSS, DEPTH * v * tint[ch]!)));
      }
    }
  }
}

/** how much of the light the first pixel beside a lying product loses, on its shadow side,
 * times shadowTint */
const LYING_DEPTH = 0.75;

/**
 * Beside a product lying flat, on the side away from the light, the last millimetre under its
 * edge gets almost no light: a thin dark line at full resolution, where the coarse grid's
 * sweep starts four pixels out ("a uniform blurred drop shadow, with no contact darkening
 * where it touches the surface"). Towards the light there is none.
 */
function lyingContact(rgb: Buffer, scene: RenderedScene, layer: Buffer, p: Placement): void {
  const W = scene.width;
  const H = scene.height;
  const { x: sx0, y: sy0 } = scene.light.shadowDir;
  const len = Math.hypot(sx0, sy0) || 1;
  const dx = sx0 / len;
  const dy = sy0 / len;
  const reach = Math.max(2, Math.round(Math.max(p.width, p.height) * 0.006));
  const tint = shadowTint(scene.surfaceColor);
  const opaque = (lx: number, ly: number) =>
    lx >= 0 && ly >= 0 && lx < p.width && ly < p.height
      ? layer[(ly * p.width + lx) * 4 + 3]! / 255
      : 0;
  const m = reach + 1;
  for (let ly = -m; ly < p.height + m; ly++) {
    const y = p.y + ly;
    if (y < 0 || y >= H) continue;
    for (let lx = -m; lx < p.width + m; lx++) {
      const x = p.x + lx;
      if (x < 0 || x >= W) continue;
      const own = opaque(lx, ly);
      if (own >= 1) continue;
      // the nearest step back towards the light that is the product
      let v = 0;
      for (let d = 1; d <= reach; d++) {
        const a = opaque(Math.round(lx - dx * d), Math.round(ly - dy * d));
        if (a > 0.5) {
          const t = (d - 0.5) / reach;
          v = a * Math.exp(-3 * t * t);
          break;
        }
      }
      if (v <= 0.01) continue;
      v *= 1 - own;
      const o = (y * W + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        rgb[o + ch] = Math.round(
          rgb[o + ch]! * (1 - Math.min(MAX_LOSS, LYING_DEPTH * v * tint[ch]!)),
        );
      }
    }
  }
}
