// The product's fringe (0 < alpha < 255) is the only place the compositor may change the
// product's colours. Two things happen there:
// - decontamination: a fringe pixel's colour still holds the old backdrop (a white halo from a
//   white sweep); it is replaced by the colour of the nearby opaque product;
// - light wrap: the new scene's light bleeds a little around the edge, so the product sits in
//   the set rather than on it.
import { boxFilter } from "../cutout/box-filter.ts";
import type { RenderedScene } from "../types.ts";
import type { Placement } from "./place.ts";

export function paintProduct(
  out: Buffer,
  scene: RenderedScene,
  layer: Buffer,
  p: Placement,
  wrapStrength: number,
): void {
  const { width: pw, height: ph } = p;
  const n = pw * ph;
  let hasFringe = false;
  for (let i = 0; i < n; i++) {
    const a = layer[i * 4 + 3]!;
    if (a > 0 && a < 255) {
      hasFringe = true;
      break;
    }
  }
  // foreground colour estimate: mean of nearby pixels weighted towards opaque ones
  let fr: Float32Array | null = null;
  let fg: Float32Array | null = null;
  let fb: Float32Array | null = null;
  let fw: Float32Array | null = null;
  let bgr: Float32Array | null = null;
  let bgg: Float32Array | null = null;
  let bgb: Float32Array | null = null;
  if (hasFringe) {
    const wr = new Float32Array(n);
    const wg = new Float32Array(n);
    const wb = new Float32Array(n);
    const w = new Float32Array(n);
    const sr = new Float32Array(n);
    const sg = new Float32Array(n);
    const sb = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const a = layer[i * 4 + 3]! / 255;
      const k = a * a * a * a;
      w[i] = k;
      wr[i] = layer[i * 4]! * k;
      wg[i] = layer[i * 4 + 1]! * k;
      wb[i] = layer[i * 4 + 2]! * k;
      const sx = Math.min(Math.max(p.x + (i % pw), 0), scene.width - 1);
      const sy = Math.min(Math.max(p.y + Math.floor(i / pw), 0), scene.height - 1);
      const o = (sy * scene.width + sx) * 3;
      sr[i] = out[o]!;
      sg[i] = out[o + 1]!;
      sb[i] = out[o + 2]!;
    }
    const rad = Math.max(2, Math.round(Math.max(pw, ph) / 250));
    fr = boxFilter(wr, pw, ph, rad);
    fg = boxFilter(wg, pw, ph, rad);
    fb = boxFilter(wb, pw, ph, rad);
    fw = boxFilter(w, pw, ph, rad);
    const wrapRad = Math.max(3, Math.round(Math.max(pw, ph) / 60));
    bgr = boxFilter(sr, pw, ph, wrapRad);
    bgg = boxFilter(sg, pw, ph, wrapRad);
    bgb = boxFilter(sb, pw, ph, wrapRad);
  }
  const [lr, lg, lb] = scene.light.color;
  for (let ly = 0; ly < ph; ly++) {
    const sy = p.y + ly;
    if (sy < 0 || sy >= scene.height) continue;
    for (let lx = 0; lx < pw; lx++) {
      const sx = p.x + lx;
      if (sx < 0 || sx >= scene.width) continue;
      const li = ly * pw + lx;
      const a8 = layer[li * 4 + 3]!;
      if (a8 === 0) continue;
      const o = (sy * scene.width + sx) * 3;
      if (a8 === 255) {
        // the fidelity promise: opaque product pixels are copied, never recomputed
        out[o] = layer[li * 4]!;
        out[o + 1] = layer[li * 4 + 1]!;
        out[o + 2] = layer[li * 4 + 2]!;
        continue;
      }
      const a = a8 / 255;
      let r = layer[li * 4]!;
      let g = layer[li * 4 + 1]!;
      let b = layer[li * 4 + 2]!;
      const wsum = fw![li]!;
      if (wsum > 1e-4) {
        // the thinner the coverage, the more the old backdrop dominates the recorded colour
        const t = 1 - a;
        r = r * (1 - t) + (fr![li]! / wsum) * t;
        g = g * (1 - t) + (fg![li]! / wsum) * t;
        b = b * (1 - t) + (fb![li]! / wsum) * t;
      }
      const wrap = wrapStrength * (1 - a);
      r = r * (1 - wrap) + ((bgr![li]! * lr) / 255) * wrap;
      g = g * (1 - wrap) + ((bgg![li]! * lg) / 255) * wrap;
      b = b * (1 - wrap) + ((bgb![li]! * lb) / 255) * wrap;
      out[o] = Math.round(r * a + out[o]! * (1 - a));
      out[o + 1] = Math.round(g * a + out[o + 1]! * (1 - a));
      out[o + 2] = Math.round(b * a + out[o + 2]! * (1 - a));
    }
  }
}
