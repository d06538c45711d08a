// The product's fringe (0 < alpha < 255) is the only place the compositor may change the
// product's colours. Two things happen there:
// - decontamination: a fringe pixel's colour still holds the old backdrop (a white halo from a
//   white sweep); it is pulled towards the colour of the nearby opaque product;
// - light wrap: the new scene's brighter light bleeds a little around the edge, so the product
//   sits in the set rather than on it.
// Both are computed per fringe pixel from small neighbourhoods: the fringe is a thin band, so
// this costs a few ms where whole-layer filters cost a hundred.
import { giveFrame, takeFrame } from "../render/frame-pool.ts";
import type { RenderedScene } from "../types.ts";
import type { Placement } from "./place.ts";

const RING = 12;
const ringX = Array.from({ length: RING }, (_, k) => Math.cos((2 * Math.PI * k) / RING));
const ringY = Array.from({ length: RING }, (_, k) => Math.sin((2 * Math.PI * k) / RING));

const FRINGE = new Float32Array(3);

/** the fringe pull's radius for a layer of this size, pixels */
export function fringeRadius(width: number, height: number): number {
  return Math.max(2, Math.round(Math.max(width, height) / 250));
}

/**
 * A fringe pixel's colour pulled towards the product's colour nearby, into `out`: the
 * neighbours within `rad` weighted by alpha⁴ (opaque ones dominate), mixed in by how thin the
 * pixel's coverage is (times `pull`, at most all of it), since the thinner it is the more the
 * old backdrop is in its colour.
 */
export function fringeColour(
  layer: Uint8Array,
  pw: number,
  ph: number,
  lx: number,
  ly: number,
  rad: number,
  out: Float32Array,
  pull = 1,
): void {
  const li = (ly * pw + lx) * 4;
  const a = layer[li + 3]! / 255;
  out[0] = layer[li]!;
  out[1] = layer[li + 1]!;
  out[2] = layer[li + 2]!;
  let fr = 0;
  let fg = 0;
  let fb = 0;
  let fw = 0;
  for (let dy = Math.max(-rad, -ly); dy <= Math.min(rad, ph - 1 - ly); dy++) {
    let ni = ((ly + dy) * pw + Math.max(0, lx - rad)) * 4;
    for (let dx = Math.max(-rad, -lx); dx <= Math.min(rad, pw - 1 - lx); dx++, ni += 4) {
      const na = layer[ni + 3]! / 255;
      const w = na * na * na * na;
      fr += layer[ni]! * w;
      fg += layer[ni + 1]! * w;
      fb += layer[ni + 2]! * w;
      fw += w;
    }
  }
  if (fw <= 1e-4) return;
  const t = Math.min(1, pull * (1 - a));
  out[0] = out[0]! * (1 - t) + (fr / fw) * t;
  out[1] = out[1]! * (1 - t) + (fg / fw) * t;
  out[2] = out[2]! * (1 - t) + (fb / fw) * t;
}

export function paintProduct(
  out: Buffer,
  scene: RenderedScene,
  layer: Buffer,
  p: Placement,
  wrapStrength: number,
): void {
  const { width: pw, height: ph } = p;
  const W = scene.width;
  const H = scene.height;
  // the background before the product goes on, for light wrap
  const bg = wrapStrength > 0 ? takeFrame(out.length) : out;
  if (bg !== out) bg.set(out);
  const rad = fringeRadius(pw, ph);
  const wrapRad = Math.max(3, Math.round(Math.max(pw, ph) / 60));
  const [lr, lg, lb] = scene.light.color;
  for (let ly = 0; ly < ph; ly++) {
    const sy = p.y + ly;
    if (sy < 0 || sy >= H) continue;
    for (let lx = 0; lx < pw; lx++) {
      const sx = p.x + lx;
      if (sx < 0 || sx >= W) continue;
      const li = (ly * pw + lx) * 4;
      const a8 = layer[li + 3]!;
      if (a8 === 0) continue;
      const o = (sy * W + sx) * 3;
      if (a8 === 255) {
        // the fidelity promise: opaque product pixels are copied, never recomputed
        out[o] = layer[li]!;
        out[o + 1] = layer[li + 1]!;
        out[o + 2] = layer[li + 2]!;
        continue;
      }
      const a = a8 / 255;
      fringeColour(layer, pw, ph, lx, ly, rad, FRINGE);
      let r = FRINGE[0]!;
      let g = FRINGE[1]!;
      let b = FRINGE[2]!;
      if (wrapStrength > 0) {
        let br = 0;
        let bgc = 0;
        let bb = 0;
        for (let k = 0; k < RING; k++) {
          const x = Math.min(W - 1, Math.max(0, Math.round(sx + ringX[k]! * wrapRad)));
          const y = Math.min(H - 1, Math.max(0, Math.round(sy + ringY[k]! * wrapRad)));
          const q = (y * W + x) * 3;
          br += bg[q]!;
          bgc += bg[q + 1]!;
          bb += bg[q + 2]!;
        }
        // light spills from what is brighter than the edge, and only adds: a dark wall behind
        // lends no colour (blended, a red headboard drew a pink rim round a beige teddy)
        const wrap = wrapStrength * (1 - a);
        r += Math.max(0, (br / RING) * (lr / 255) - r) * wrap;
        g += Math.max(0, (bgc / RING) * (lg / 255) - g) * wrap;
        b += Math.max(0, (bb / RING) * (lb / 255) - b) * wrap;
      }
      out[o] = Math.round(r * a + out[o]! * (1 - a));
      out[o + 1] = Math.round(g * a + out[o + 1]! * (1 - a));
      out[o + 2] = Math.round(b * a + out[o + 2]! * (1 - a));
    }
  }
  if (bg !== out) giveFrame(bg);
}
