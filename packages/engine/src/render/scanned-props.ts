// The pack's photo-scanned props in the finished set: each drawn from its scan at the set's
// camera angle and light, scaled to its real size where it stands, softened by the lens as the
// set around it is, farthest first. Each stands in its own shadow, made as the product's is
// (its occlusion of the ground round its foot and its cast from the set's light): an ellipse
// of grey under a pot plant beside a lamp that cast a real one read as "the pot floats". The
// product is laid over all of it afterwards (they stand beside and behind it).
import sharp from "sharp";
import { propSprite } from "../assets/props/prop-library.ts";
import { applyShadow, shadowMap } from "../composite/shadows.ts";
import type { RenderedScene } from "../types.ts";
import { type Camera, project } from "./camera.ts";
import { kelvinToLinear } from "./color.ts";
import { coc, type Focus } from "./raster.ts";
import type { SceneGeometry } from "./scene-geometry.ts";
import type { SetPlan } from "./set-plan.types.ts";

/** a prop's footprint, as a share of its width, that its scan is deep (pots, jugs, vases) */
const PROP_DEPTH = 0.9;

export async function drawScannedProps(
  rgb: Buffer,
  width: number,
  height: number,
  cam: Camera,
  plan: SetPlan,
  focus: Focus,
  /** blur of something fully out of focus, output pixels (sigma) */
  maxSigma: number,
  /** the set's light and ground as the product's shadow sees them */
  geo: SceneGeometry,
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
    const sized = await sharp(Buffer.from(sprite.rgba), {
      raw: { width: sprite.width, height: sprite.height, channels: 4 },
    })
      .resize(w, px)
      .raw()
      .toBuffer();
    const left = Math.round(at[0] - sprite.baseX * k);
    const topY = Math.round(at[1] - sprite.baseY * k);
    if (!plan.lying)
      castShadow(rgb, width, height, geo, sized, { x: left, y: topY, w, h: px }, sigma);
    const data =
      sigma >= 0.6
        ? await sharp(sized, { raw: { width: w, height: px, channels: 4 } })
            .blur(sigma)
            .raw()
            .toBuffer()
        : sized;
    blend(rgb, width, height, data, w, px, left, topY);
  }
}

/**
 * The product's shadow model (composite/shadows.ts) for a prop's silhouette at its place, a
 * prop out of focus with its shadow as soft as it is. A prop behind the table's back edge is
 * not on it: its shadow runs on.
 */
function castShadow(
  rgb: Buffer,
  width: number,
  height: number,
  geo: SceneGeometry,
  layer: Buffer,
  box: { x: number; y: number; w: number; h: number },
  sigma: number,
): void {
  const baseY = box.y + box.h;
  const below = Math.min(height - 1, Math.max(0, Math.round(baseY + 2)));
  const cx = Math.min(width - 1, Math.max(0, Math.round(box.x + box.w / 2)));
  const o = (below * width + cx) * 3;
  const { surfaceEndY, ...rest } = geo;
  const scene: RenderedScene = {
    ...rest,
    width,
    height,
    rgb,
    surfaceColor: [rgb[o]!, rgb[o + 1]!, rgb[o + 2]!],
    blurAtProduct: sigma,
    ...(geo.ground ? { ground: { ...geo.ground, depth: PROP_DEPTH } } : {}),
    ...(surfaceEndY !== undefined && surfaceEndY < baseY ? { surfaceEndY } : {}),
  };
  const placement = { x: box.x, y: box.y, width: box.w, height: box.h, scale: 1 };
  applyShadow(
    rgb,
    width,
    height,
    shadowMap(scene, layer, placement, { blur: sigma }),
    scene.surfaceColor,
  );
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
