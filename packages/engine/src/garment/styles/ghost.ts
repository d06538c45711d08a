// Ghost mannequin: the garment floats in its own worn shape in front of a studio sweep, as if
// on an invisible form. Where the neckline opens onto the backdrop, the renderer darkens the
// opening like the hollow inside of a worn garment; where the photo has the inside back of the
// neck, that is the photo's own pixels and it is kept.
import { rng } from "../../render/noise.ts";
import type { RGB } from "../../types.ts";
import {
  alphaPlane,
  applyShadow,
  centredGarment,
  encodeWithGarment,
  newCanvas,
  softShadow,
} from "../canvas.ts";
import { holes, maskShape } from "../mask-shape.ts";
import { lookFactor, paintSweep, type SurfaceLook } from "../surface.ts";
import type { StyleInput, StyleOutput } from "./style.types.ts";

const BACKDROPS: { name: string; top: RGB; bottom: RGB }[] = [
  { name: "white", top: [246, 246, 245], bottom: [232, 232, 231] },
  { name: "grey", top: [222, 223, 224], bottom: [196, 198, 200] },
  { name: "cream", top: [242, 236, 226], bottom: [222, 212, 198] },
  { name: "blush", top: [240, 226, 222], bottom: [220, 200, 196] },
];

export async function renderGhost(input: StyleInput): Promise<StyleOutput> {
  const { garment: g, width: W, height: H, seed, variant } = input;
  const bd = BACKDROPS[(variant + seed - 1) % BACKDROPS.length]!;
  const rand = rng(seed * 71 + variant);
  const look: SurfaceLook = {
    unitsPerPx: 0,
    poolX: 0.5 + (rand() - 0.5) * 0.2,
    poolY: 0.35,
    poolR: 0.45,
    poolGain: 0.1,
    vignette: 0.16,
  };
  const c = newCanvas(W, H);
  paintSweep(c, bd.top, bd.bottom, look);

  const layer = await centredGarment(g, W, W * 0.78, H * 0.8, (h) =>
    Math.round((H - h) / 2 - H * 0.01),
  );
  const cover = alphaPlane(layer, W, H);

  // the hollow inside, seen through openings in the upper half (a neckline, an armhole)
  const m = maskShape(layer.rgba, layer.w, layer.h, 256);
  const inside = new Float32Array(W * H);
  for (const hole of holes(m)) {
    if (hole.cy > m.y0 + (m.y1 - m.y0) * 0.5) continue;
    for (let y = 0; y < layer.h; y++) {
      const my = Math.min(m.h - 1, Math.floor(y * m.scale));
      if (my < hole.y0 || my > hole.y1) continue;
      for (let x = 0; x < layer.w; x++) {
        const mx = Math.min(m.w - 1, Math.floor(x * m.scale));
        if (mx < hole.x0 || mx > hole.x1 || m.on[my * m.w + mx]) continue;
        // deeper toward the bottom of the opening, where the inside falls away from the eye
        const t = (my - hole.y0) / Math.max(1, hole.y1 - hole.y0);
        inside[(layer.y + y) * W + layer.x + x] = 0.35 + 0.45 * t;
      }
    }
  }
  applyShadow(c, softShadow(inside, W, H, 0, 0, W * 0.006), 0.85);

  // a soft studio shadow: the garment hangs a hand's width in front of the sweep
  applyShadow(c, softShadow(cover, W, H, W * 0.012, H * 0.02, W * 0.025), 0.22);
  applyShadow(c, softShadow(cover, W, H, 0, H * 0.006, W * 0.008), 0.12);

  const byLook = (x: number, y: number) => lookFactor(c, look, x, y);
  const out = encodeWithGarment(c, seed + variant, layer, byLook, 0.95, 1.04);
  return { rgb: out, name: `ghost-${bd.name}` };
}
