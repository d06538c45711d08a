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

/** how much of the light the table right at a lying product's edge loses, times shadowTint,
 * on its side away from the light */
const LYING_DEPTH = 0.85;
/** its share on the side towards the light: the light still reaches that crevice, but the
 * product hides half the sky from it (none there read as a product laid on the table's photo;
 * as wide and as dark as the far side's, as "a halo with no direction") */
const LIT_SHARE = 0.15;
/** the side of the tiles the lying line works in, px */
const TILE = 8;
/** the radius over which an outline pixel's facing is read from the coverage's slope, px */
const SLOPE = 4;
/** the most a matte's soft edge counts as the photo's blur, px */
const MAX_FRINGE = 8;

/**
 * Beside a product lying flat, the last millimetres under its edge get almost no light: a dark
 * line hugging the outline and a short gradient out of it, at full resolution, where the coarse
 * grid's shadow is one flat tone ("a uniform blurred drop shadow, with no contact darkening
 * where it touches the surface"). Darkest and widest on the side away from the light, thin and
 * faint towards it.
 *
 * Distances are from the matte's half-coverage outline, and the line stays at its darkest
 * across the matte's soft edge beyond it: that edge is the photo's blur, which blurs the line
 * as much. (Measured from the outline alone, a banana's 4-px line lay under its 7-px soft edge,
 * hidden by the banana's own pixels, and the table just past it was the shadow's flat 0.55.)
 */
function lyingContact(rgb: Buffer, scene: RenderedScene, layer: Buffer, p: Placement): void {
  const W = scene.width;
  const H = scene.height;
  const pw = p.width;
  const ph = p.height;
  const { x: sx0, y: sy0 } = scene.light.shadowDir;
  const len = Math.hypot(sx0, sy0) || 1;
  // a unit step towards the light
  const tx = -sx0 / len;
  const ty = -sy0 / len;
  const size = Math.max(pw, ph);
  // (a share of its size: the crevice under a rounded body is a few millimetres wide)
  const farReach = Math.max(3, size * 0.022);
  const nearReach = Math.max(1.5, size * 0.005);
  const fringe = outerFringe(layer, pw, ph);
  // (past 1.3 reaches the line takes under 1 % of the light)
  const maxD = fringe + 0.5 + 1.3 * farReach;
  const m = Math.ceil(maxD) + 1;
  // the box round the product that the line can reach, clipped to the frame
  const bx0 = Math.max(0, p.x - m);
  const by0 = Math.max(0, p.y - m);
  const bx1 = Math.min(W, p.x + pw + m);
  const by1 = Math.min(H, p.y + ph + m);
  const bw = bx1 - bx0;
  const bh = by1 - by0;
  if (bw <= 0 || bh <= 0) return;
  const n = bw * bh;
  // the work is done only in tiles of the box within reach of the outline: a lying product's
  // box is mostly its own inside and open table (the whole box cost 15-35 ms a shot)
  const tw = Math.ceil(bw / TILE);
  const th = Math.ceil(bh / TILE);
  const edge = new Uint8Array(tw * th);
  const { cover, nx, ny, d2, facing: facingAt } = buffersFor(n);
  // the layer's coverage over the box (0 outside it), marking the tiles the outline crosses
  cover.fill(0, 0, n);
  for (let y = 0; y < bh; y++) {
    const ly = y + by0 - p.y;
    if (ly < 0 || ly >= ph) continue;
    for (let x = Math.max(0, p.x - bx0); x < Math.min(bw, p.x - bx0 + pw); x++) {
      const lx = x + bx0 - p.x;
      const i = y * bw + x;
      const a = layer[(ly * pw + lx) * 4 + 3]!;
      cover[i] = a;
      // (an inside pixel beside an outside one, or on the layer's border, is on the outline)
      if (
        a >= 128 &&
        (lx === 0 ||
          ly === 0 ||
          lx + 1 === pw ||
          ly + 1 === ph ||
          layer[(ly * pw + lx - 1) * 4 + 3]! < 128 ||
          layer[(ly * pw + lx + 1) * 4 + 3]! < 128 ||
          layer[((ly - 1) * pw + lx) * 4 + 3]! < 128 ||
          layer[((ly + 1) * pw + lx) * 4 + 3]! < 128)
      )
        edge[((y / TILE) | 0) * tw + ((x / TILE) | 0)] = 1;
    }
  }
  const r = Math.ceil(maxD / TILE);
  const active = dilated(edge, tw, th, r);
  // the nearest half-covered pixel of each pixel (a two-pass vector distance transform)
  const FAR = 0x7fffffff;
  d2.fill(FAR, 0, n);
  forEachActivePixel(active, tw, th, bw, bh, (x, y, i) => {
    if (cover[i]! < 128) return;
    d2[i] = 0;
    nx[i] = x;
    ny[i] = y;
  });
  for (let pass = 0; pass < 2; pass++) {
    const step = pass === 0 ? 1 : -1;
    for (let yy = 0; yy < bh; yy++) {
      const y = pass === 0 ? yy : bh - 1 - yy;
      const trow = ((y / TILE) | 0) * tw;
      for (let cc = 0; cc < tw; cc++) {
        const tc = pass === 0 ? cc : tw - 1 - cc;
        if (!active[trow + tc]) continue;
        const xa = tc * TILE;
        const xb = Math.min(bw, xa + TILE) - 1;
        for (let xx = xa; xx <= xb; xx++) {
          const x = pass === 0 ? xx : xa + xb - xx;
          const i = y * bw + x;
          if (d2[i] === 0) continue;
          let best = d2[i]!;
          let bx = 0;
          let by = 0;
          // the pixel before it on its row and the three on the row before (after, going back)
          for (let q = 0; q < 4; q++) {
            const qx = x + (q === 0 ? -step : q - 2);
            const qy = y + (q === 0 ? 0 : -step);
            if (qx < 0 || qx >= bw || qy < 0 || qy >= bh) continue;
            const j = qy * bw + qx;
            if (d2[j] === FAR) continue;
            const ex = nx[j]! - x;
            const ey = ny[j]! - y;
            const e = ex * ex + ey * ey;
            if (e < best) {
              best = e;
              bx = nx[j]!;
              by = ny[j]!;
            }
          }
          if (best < d2[i]!) {
            d2[i] = best;
            nx[i] = bx;
            ny[i] = by;
          }
        }
      }
    }
  }
  const tint = shadowTint(scene.surfaceColor);
  const maxD2 = maxD * maxD;
  // how squarely each pixel of the outline faces away from the light, 1 on the shadow side:
  // from the slope of its coverage over a few pixels round it, once per outline pixel (the
  // direction to the nearest one steps with the outline's pixel stairs, and drew a comb
  // along a banana's edge)
  facingAt.fill(-1, 0, n);
  const facingOf = (i: number, x: number, y: number): number => {
    const known = facingAt[i]!;
    if (known >= 0) return known;
    let gx = 0;
    let gy = 0;
    for (let j = -SLOPE; j <= SLOPE; j++) {
      const qy = Math.min(bh - 1, Math.max(0, y + j));
      for (let k = -SLOPE; k <= SLOPE; k++) {
        const b = cover[qy * bw + Math.min(bw - 1, Math.max(0, x + k))]!;
        gx += b * k;
        gy += b * j;
      }
    }
    const g = Math.hypot(gx, gy);
    // (the coverage rises into the product: its slope points from the edge towards it)
    const f = g > 0 ? Math.max(0, (gx * tx + gy * ty) / g) : 0;
    facingAt[i] = f;
    return f;
  };
  forEachActivePixel(active, tw, th, bw, bh, (x, y, i) => {
    const e = d2[i]!;
    // only the table is darkened: the product's opaque pixels go on top afterwards
    if (e > maxD2 || cover[i] === 255) return;
    const facing = facingOf(ny[i]! * bw + nx[i]!, nx[i]!, ny[i]!);
    const reach = nearReach + (farReach - nearReach) * facing;
    // (towards the light the line keeps to the inner half of the soft edge: thin)
    const t = Math.max(0, Math.sqrt(e) - 0.5 - fringe * (0.5 + 0.5 * facing)) / reach;
    if (t >= 2) return;
    const v = (LIT_SHARE + (1 - LIT_SHARE) * facing) * Math.exp(-3 * t * t);
    if (v < 0.01) return;
    const o = ((by0 + y) * W + bx0 + x) * 3;
    for (let ch = 0; ch < 3; ch++) {
      rgb[o + ch] = Math.round(
        rgb[o + ch]! * (1 - Math.min(MAX_LOSS, LYING_DEPTH * v * tint[ch]!)),
      );
    }
  });
}

/** every pixel of a bw×bh box that lies in an active TILE×TILE tile, with its index */
function forEachActivePixel(
  active: Uint8Array,
  tw: number,
  th: number,
  bw: number,
  bh: number,
  visit: (x: number, y: number, i: number) => void,
): void {
  for (let ty = 0; ty < th; ty++)
    for (let tc = 0; tc < tw; tc++) {
      if (!active[ty * tw + tc]) continue;
      for (let y = ty * TILE; y < Math.min(bh, ty * TILE + TILE); y++)
        for (let x = tc * TILE; x < Math.min(bw, tc * TILE + TILE); x++) visit(x, y, y * bw + x);
    }
}

interface LineBuffers {
  cover: Uint8Array;
  nx: Int16Array;
  ny: Int16Array;
  d2: Int32Array;
  facing: Float32Array;
}

const buffers = (n: number): LineBuffers => ({
  cover: new Uint8Array(n),
  nx: new Int16Array(n),
  ny: new Int16Array(n),
  d2: new Int32Array(n),
  facing: new Float32Array(n),
});

/** the most pixels whose buffers are kept between calls (13 MB); larger boxes get their own */
const KEEP = 1 << 20;
let kept = buffers(0);

/** how many pixels' working buffers the lying line keeps between calls (for tests) */
export const keptLinePixels = (): number => kept.cover.length;

/**
 * Working buffers for n pixels: kept between calls up to KEEP pixels (allocating them cost a
 * 1024-px shot 1-2 ms, with their GC), fresh beyond (a lying product in a 4096-px frame
 * would hold 100 MB for the life of the process).
 */
function buffersFor(n: number): LineBuffers {
  if (n > KEEP) return buffers(n);
  if (kept.cover.length < n) kept = buffers(Math.min(KEEP, Math.max(n, 1 << 18)));
  return kept;
}

/** `src` (a w×h grid of 0/1) grown by r cells every way */
function dilated(src: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const rows = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!src[y * w + x]) continue;
      for (let k = Math.max(0, x - r); k <= Math.min(w - 1, x + r); k++) rows[y * w + k] = 1;
    }
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!rows[y * w + x]) continue;
      for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r); k++) out[k * w + x] = 1;
    }
  return out;
}

function outerFringe(layer: Buffer, pw: number, ph: number): number {
  let soft = 0;
  let steps = 0;
  for (let y = 0; y < ph; y++)
    for (let x = 0; x < pw; x++) {
      const a = layer[(y * pw + x) * 4 + 3]!;
      if (a > 0 && a < 128) soft++;
      const inside = a >= 128;
      if (x + 1 < pw && inside !== layer[(y * pw + x + 1) * 4 + 3]! >= 128) steps++;
      if (y + 1 < ph && inside !== layer[((y + 1) * pw + x) * 4 + 3]! >= 128) steps++;
    }
  return steps ? Math.min(MAX_FRINGE, soft / (steps * (Math.PI / 4))) : 0;
}
