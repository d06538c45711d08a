import sharp from "sharp";
import type { RenderedScene } from "../types.ts";
import type { Placement } from "./place.ts";

/**
 * Mirror the product in the surface under it: flipped about the base line, fading with
 * distance, blurred more the less glossy the surface. Drawn before the product itself.
 */
export async function drawReflection(
  out: Buffer,
  scene: RenderedScene,
  layer: Buffer,
  p: Placement,
): Promise<void> {
  const r = Math.min(1, Math.max(0, scene.reflectivity));
  if (r <= 0.001 || p.anchored?.includes("bottom")) return; // no surface under a cut bottom
  const sigma = 0.5 + (1 - r) * Math.max(2, p.height * 0.015);
  const mirrored = await sharp(layer, { raw: { width: p.width, height: p.height, channels: 4 } })
    .flip()
    .blur(sigma)
    .raw()
    .toBuffer();
  const baseY = p.y + p.height;
  // a polished counter (0.2) mirrors only what is near it; a mirror (1) the whole product (a
  // reach of a third of a lamp's height on marble drew its base's mirror as "a generic grey
  // blur stretching toward the camera")
  const reach = Math.max(1, Math.round(p.height * (0.06 + 0.54 * r * r)));
  const strength = 0.15 + 0.45 * r;
  for (let k = 0; k < Math.min(reach, p.height); k++) {
    const sy = baseY + k;
    if (sy < 0 || sy >= scene.height) continue;
    const fall = (1 - k / reach) ** 2 * strength;
    for (let lx = 0; lx < p.width; lx++) {
      const sx = p.x + lx;
      if (sx < 0 || sx >= scene.width) continue;
      const li = (k * p.width + lx) * 4;
      const a = (mirrored[li + 3]! / 255) * fall;
      if (a <= 0.002) continue;
      const o = (sy * scene.width + sx) * 3;
      out[o] = Math.round(out[o]! * (1 - a) + mirrored[li]! * a);
      out[o + 1] = Math.round(out[o + 1]! * (1 - a) + mirrored[li + 1]! * a);
      out[o + 2] = Math.round(out[o + 2]! * (1 - a) + mirrored[li + 2]! * a);
    }
  }
}
