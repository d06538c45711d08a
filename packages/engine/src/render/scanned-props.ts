// The pack's photo-scanned props in the finished set: each drawn from its scan at the set's
// camera angle and light, scaled to its real size where it stands, softened by the lens as the
// set around it is, with a soft contact shadow, farthest first. The product is laid over all
// of it afterwards (they stand beside and behind it).
import sharp from "sharp";
import { propSprite } from "../assets/props/prop-library.ts";
import { type Camera, project } from "./camera.ts";
import { kelvinToLinear } from "./color.ts";
import { coc, type Focus } from "./raster.ts";
import type { SetPlan } from "./set-plan.types.ts";

export async function drawScannedProps(
  rgb: Buffer,
  width: number,
  height: number,
  cam: Camera,
  plan: SetPlan,
  focus: Focus,
  /** blur of something fully out of focus, output pixels (sigma) */
  maxSigma: number,
): Promise<void> {
  const scans = [...(plan.scanned ?? [])]
    .map((s) => ({ s, at: project(cam, s.x, 0, s.z), top: project(cam, s.x, s.height, s.z) }))
    .sort((a, b) => b.at[2] - a.at[2]);
  for (const { s, at, top } of scans) {
    const px = Math.max(8, Math.round(at[1] - top[1]));
    const sprite = await propSprite(s.id, {
      pitchDeg: plan.camera.pitchDeg,
      yawDeg: s.yawDeg,
      lightAzimuthDeg: plan.light.azimuthDeg,
      lightElevationDeg: plan.light.elevationDeg,
      key: kelvinToLinear(plan.light.temperatureK),
      height: px,
    });
    const k = px / sprite.height;
    const w = Math.max(1, Math.round(sprite.width * k));
    const sigma = maxSigma * coc(at[2], focus);
    let img = sharp(Buffer.from(sprite.rgba), {
      raw: { width: sprite.width, height: sprite.height, channels: 4 },
    }).resize(w, px);
    if (sigma >= 0.6) img = img.blur(sigma);
    const { data } = await img.raw().toBuffer({ resolveWithObject: true });
    const left = Math.round(at[0] - sprite.baseX * k);
    const topY = Math.round(at[1] - sprite.baseY * k);
    contactShadow(rgb, width, height, at[0], at[1], w * 0.55, Math.max(2, w * 0.09), sigma);
    blend(rgb, width, height, data, w, px, left, topY);
  }
}

/** darkens an ellipse on the surface under the prop: where it touches, the light cannot */
function contactShadow(
  rgb: Buffer,
  W: number,
  H: number,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  blur: number,
): void {
  const sx = rx + blur * 2;
  const sy = ry + blur * 2;
  for (let y = Math.max(0, Math.floor(cy - sy)); y < Math.min(H, Math.ceil(cy + sy)); y++)
    for (let x = Math.max(0, Math.floor(cx - sx)); x < Math.min(W, Math.ceil(cx + sx)); x++) {
      const d = ((x - cx) / sx) ** 2 + ((y - cy) / sy) ** 2;
      if (d >= 1) continue;
      const k = 1 - 0.45 * (1 - d) ** 2;
      const o = (y * W + x) * 3;
      rgb[o] = rgb[o]! * k;
      rgb[o + 1] = rgb[o + 1]! * k;
      rgb[o + 2] = rgb[o + 2]! * k;
    }
}

function blend(
  rgb: Buffer,
  W: number,
  H: number,
  src: Buffer,
  w: number,
  h: number,
  left: number,
  top: number,
): void {
  for (let y = 0; y < h; y++) {
    const Y = top + y;
    if (Y < 0 || Y >= H) continue;
    for (let x = 0; x < w; x++) {
      const X = left + x;
      if (X < 0 || X >= W) continue;
      const i = (y * w + x) * 4;
      const a = src[i + 3]! / 255;
      if (a <= 0) continue;
      const o = (Y * W + X) * 3;
      rgb[o] = rgb[o]! + (src[i]! - rgb[o]!) * a;
      rgb[o + 1] = rgb[o + 1]! + (src[i + 1]! - rgb[o + 1]!) * a;
      rgb[o + 2] = rgb[o + 2]! + (src[i + 2]! - rgb[o + 2]!) * a;
    }
  }
}
