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
  const rad = Math.max(2, Math.round(Math.max(pw, ph) / 250));
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
      let r = layer[li]!;
      let g = layer[li + 1]!;
      let b = layer[li + 2]!;
      // foreground estimate: neighbours weighted by alpha⁴, so opaque ones dominate
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
      if (fw > 1e-4) {
        // the thinner the coverage, the more the old backdrop dominates the recorded colour
        const t = 1 - a;
        r = r * a + (fr / fw) * t;
        g = g * a + (fg / fw) * t;
        b = b * a + (fb / fw) * t;
      }
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
