// The thin dark line where a standing product meets the surface, at full resolution.
//
// shadows.ts draws the contact and cast shadows on a grid four times coarser than the scene,
// which is right for penumbrae but leaves a gap of a few pixels under the product's bottom
// edges: the product reads as hovering. In a photograph, the last millimetres under an object
// get almost no light from any direction (ambient occlusion), so the line under its base is
// the darkest part of the shadow and as sharp as the base itself. This draws that line along
// the silhouette's bottom contour, one column at a time, falling off over a few pixels.
import type { RenderedScene } from "../types.ts";
import type { Placement } from "./place.ts";

/** how much of the light the very first pixel under the base loses */
const DEPTH = 0.55;

export function applyContactLine(
  rgb: Buffer,
  scene: RenderedScene,
  layer: Buffer,
  p: Placement,
): void {
  // a product lying flat has its own all-round occlusion; one the photo cut at the bottom
  // rises from below the frame and touches nothing in view
  if (scene.lying || p.anchored?.includes("bottom")) return;
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
  const top = p.y + p.height - 1 - Math.ceil(band);
  const rows = Math.ceil(band) + reach + 3;
  const dark = new Float32Array(p.width * rows);
  for (let lx = 0; lx < p.width; lx++) {
    const yb = bottoms[lx]!;
    if (yb < 0) continue;
    const lift = p.height - 1 - yb;
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
  const tint = scene.surfaceColor.map((c) => 1 - (0.18 + 0.32 * (c / 255)));
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
        rgb[o + ch] = Math.round(rgb[o + ch]! * Math.max(0, 1 - DEPTH * v * (tint[ch]! / 0.5)));
      }
    }
  }
}
