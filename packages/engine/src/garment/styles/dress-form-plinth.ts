// Shoes, bags and accessories are not worn: they stand on a turned wooden plinth instead.
import { linearRgb, type Vec3 } from "../../render/color.ts";
import {
  alphaPlane,
  applyShadow,
  type Canvas,
  centredGarment,
  encodeWithGarment,
  softShadow,
} from "../canvas.ts";
import { type SetLight, shadeColor, shadowOffset } from "../light.ts";
import type { SurfaceLook } from "../surface.ts";
import type { FormLook } from "./dress-form-looks.ts";
import type { StyleInput, StyleOutput } from "./style.types.ts";

/** shoes, bags and accessories: on a turned wooden plinth, lit like the forms */
export async function renderPlinth(
  input: StyleInput,
  c: Canvas,
  L: SetLight,
  look: FormLook,
  sweep: SurfaceLook,
): Promise<StyleOutput> {
  const { garment: g, width: W, height: H, seed, variant } = input;
  const top = H * 0.68;
  const pr = W * 0.3;
  const occ = new Float32Array(W * H);
  const wood = linearRgb(look.cap);
  // the plinth: a cylinder seen slightly from above, its top an ellipse
  for (let y = Math.floor(top - pr * 0.12); y < H; y++) {
    for (let x = Math.floor(W / 2 - pr - 1); x <= W / 2 + pr + 1; x++) {
      const u = (x - W / 2) / pr;
      if (Math.abs(u) > 1) continue;
      const cover = Math.min(1, (1 - Math.abs(u)) * pr + 0.5);
      const ey = top + pr * 0.12 * Math.sqrt(1 - u * u);
      const onTop = y < ey && y > top - pr * 0.12 * Math.sqrt(1 - u * u);
      if (y < top - pr * 0.12 * Math.sqrt(1 - u * u)) continue;
      const n: Vec3 = onTop ? [0, -1, 0.3] : [u, 0, Math.sqrt(1 - u * u)];
      const grain = 0.9 + 0.1 * Math.sin(y * 0.15 + u * 3);
      const col = shadeColor(
        L,
        [wood[0] * grain, wood[1] * grain, wood[2] * grain],
        n[0],
        n[1],
        n[2],
        0.2,
        30,
      );
      const i = (y * W + x) * 3;
      c.rgb[i] = c.rgb[i]! + (col[0] - c.rgb[i]!) * cover;
      c.rgb[i + 1] = c.rgb[i + 1]! + (col[1] - c.rgb[i + 1]!) * cover;
      c.rgb[i + 2] = c.rgb[i + 2]! + (col[2] - c.rgb[i + 2]!) * cover;
      occ[y * W + x] = cover;
    }
  }
  const layer = await centredGarment(g, W, pr * 1.7, H * 0.5, (h) =>
    Math.round(top + pr * 0.04 - h),
  );
  const cover = alphaPlane(layer, W, H);
  const o = shadowOffset(L, W * 0.05);
  const sh = softShadow(cover, W, H, o.dx, o.dy * 0.2, W * 0.02);
  for (let i = 0; i < sh.length; i++) sh[i] = sh[i]! * (1 - occ[i]! * 0.6);
  applyShadow(c, sh, 0.35);
  const lean = (x: number, y: number) => 1 - 0.04 * ((x - W / 2) / W) + 0 * y + 0 * sweep.poolX;
  const out = encodeWithGarment(c, seed + variant, layer, lean, 0.94, 1.04);
  return { rgb: out, name: `dress-form-plinth-${look.name}` };
}
