// The photo behind the set: the pack's plate (or the seller's reference scene), mirrored to
// the product's lit side, blurred as its defocus note asks, placed on the wall so its horizon
// meets the camera's; and the scanned ground graded towards the plate's where they meet.
import sharp from "sharp";
import { type LinearImage, loadAsset, loadedAsset } from "../assets/asset-images.ts";
import type { RGB } from "../types.ts";
import { type makeCamera, project } from "./camera.ts";
import { coc, type Focus } from "./raster.ts";
import type { SetPlan } from "./set-plan.types.ts";

/** the photo behind the set: the pack's plate, else the seller's reference scene */
export async function plateOf(
  plan: SetPlan,
): Promise<{ image: LinearImage; horizon?: number; shift?: number } | undefined> {
  if (plan.backPlate) {
    const { id, horizon, shift, mirror } = plan.backPlate;
    const image = await loadAsset(id);
    return { image: mirror ? mirrored(image) : image, horizon, shift };
  }
  if (plan.plate) return { image: linearPlate(plan.plate) };
  return undefined;
}

/**
 * A plate whose notes say it is only ever shown soft (its crowds and signs, a panorama's coarse
 * pixels: PlateNotes.defocus) blurred by what that aperture adds to the camera's own at the
 * plate's distance. The plate alone: raising the camera's aperture instead blurred the table
 * under the product as much ("the rock under the lamp is as blurred as the far distance").
 */
export async function defocusedPlate(
  plan: SetPlan,
  image: LinearImage,
  cam: ReturnType<typeof makeCamera>,
  focus: Focus,
): Promise<LinearImage> {
  const least = plan.backPlate?.defocus ?? 0;
  if (least <= plan.camera.aperture) return image;
  const wall = coc(project(cam, 0, plan.stageTop, plan.wallZ)[2], focus);
  const perAperture = 0.012 * Math.max(plan.width, plan.height) * wall;
  const extra = Math.sqrt(least ** 2 - plan.camera.aperture ** 2) * perAperture;
  // output pixels to the plate's: it covers the frame, cropped and never stretched
  const sigma = extra * Math.min(image.width / plan.width, image.height / plan.height);
  if (sigma < 0.5) return image;
  const rgb = await sharp(image.rgb, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .blur(sigma)
    .raw()
    .toBuffer();
  return { ...image, rgb };
}

/**
 * Sand before a photo of dunes: the scanned ground is graded part of the way towards the colour
 * of the plate's ground just below its horizon, so where one runs into the other no line shows.
 */
export function groundGradedToPlate(
  plan: SetPlan,
  plate: { image: LinearImage; horizon?: number },
  /** the plate's colour only, not its brightness (after dark: see render-scene.ts) */
  colourOnly = false,
) {
  const tex = loadedAsset(plan.floor.texture ?? "");
  if (!tex) return plan;
  const { width: w, height: h } = plate.image;
  const y0 = Math.min(h - 2, Math.round((plate.horizon ?? 0.5) * h) + 2);
  const y1 = Math.min(h, y0 + Math.max(2, Math.round(h * 0.12)));
  const ground = meanOf(plate.image, w * y0, w * y1);
  const own = meanOf(tex, 0, tex.width * tex.height);
  // a linear ratio, applied 60 %: its largest channel is the gain, the rest a tint
  const k = [0, 1, 2].map((c) =>
    Math.min(1.6, Math.max(0.4, 1 + 0.6 * (ground[c]! / Math.max(1e-4, own[c]!) - 1))),
  );
  const gain = Math.max(k[0]!, k[1]!, k[2]!);
  const tint: RGB = [0, 1, 2].map((c) => Math.round(255 * (k[c]! / gain) ** (1 / 2.2))) as [
    number,
    number,
    number,
  ];
  return { ...plan, floor: { ...plan.floor, color: tint, gain: colourOnly ? 1 : gain } };
}

/** the mean linear colour of pixels `from` to `to` (a sample of 4096 at most) */
function meanOf(
  { rgb, toLinear: L }: LinearImage,
  from: number,
  to: number,
): [number, number, number] {
  const sum: [number, number, number] = [0, 0, 0];
  const step = Math.max(1, Math.floor((to - from) / 4096));
  let n = 0;
  for (let i = from; i < to; i += step) {
    sum[0] += L[rgb[i * 3]!]!;
    sum[1] += L[rgb[i * 3 + 1]!]!;
    sum[2] += L[rgb[i * 3 + 2]!]!;
    n++;
  }
  return [sum[0] / Math.max(1, n), sum[1] / Math.max(1, n), sum[2] / Math.max(1, n)];
}

const mirrors = new WeakMap<LinearImage, LinearImage>();

/** a plate flipped left to right, made once per decoded plate */
function mirrored(img: LinearImage): LinearImage {
  let m = mirrors.get(img);
  if (!m) {
    const { width: w, height: h, rgb } = img;
    const out = new Uint8Array(rgb.length);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const a = (y * w + x) * 3;
        const b = (y * w + (w - 1 - x)) * 3;
        out[a] = rgb[b]!;
        out[a + 1] = rgb[b + 1]!;
        out[a + 2] = rgb[b + 2]!;
      }
    m = { width: w, height: h, rgb: out, toLinear: img.toLinear };
    mirrors.set(img, m);
  }
  return m;
}

/**
 * The part of the wall the frame sees, in world units: where a plate goes. Corner rays are
 * cast to the wall plane; the plate is fitted to cover it (cropped, never stretched). A plate
 * with a known horizon is placed so its horizon meets the camera's (the eye height), as a
 * photo taken from the same height would.
 */
export function wallView(
  plan: SetPlan,
  cam: ReturnType<typeof makeCamera>,
  p: { width: number; height: number },
  { horizon, shift = 0 }: { horizon?: number; shift?: number },
) {
  const z = plan.wallZ;
  const at = (px: number, py: number) => {
    const v = py - cam.cy;
    const ry = cam.fy - v * cam.uy;
    const rz = cam.fz - v * cam.uz;
    const t = (z - cam.oz) / rz;
    return { x: cam.ox + t * (px - cam.cx), y: cam.oy + t * ry };
  };
  const tl = at(0, 0);
  const br = at(cam.width, cam.height);
  let w = br.x - tl.x;
  let h = tl.y - Math.max(0, br.y);
  const aspect = p.width / p.height;
  let x0 = tl.x;
  // the lowest part of the wall in view: over a table's back edge the room shows below the
  // table's height, down to where the ray past the edge meets the wall
  const edge = plan.backPlate?.tableEdgeZ;
  const bottom =
    edge !== undefined && edge > cam.oz
      ? Math.max(br.y, cam.oy - (cam.oy * (z - cam.oz)) / (edge - cam.oz))
      : Math.max(0, br.y);
  if (horizon !== undefined) {
    // the plate's horizon row sits at the camera's height; it must still cover the view above
    // and below that line, and its width
    const eye = cam.oy;
    const above = Math.max(1e-3, tl.y - eye);
    const below = Math.max(1e-3, eye - bottom);
    const hh = Math.max(
      above / Math.max(0.05, horizon),
      below / Math.max(0.05, 1 - horizon),
      w / aspect,
    );
    const nw = hh * aspect;
    x0 -= ((nw - w) / 2) * (1 + Math.max(-1, Math.min(1, shift)));
    return { x0, y0: eye - hh * (1 - horizon), w: nw, h: hh };
  }
  // cover: grow the shorter side to the plate's aspect, centred
  const y0 = bottom;
  if (w / h > aspect) h = w / aspect;
  else {
    const nw = h * aspect;
    x0 -= (nw - w) / 2;
    w = nw;
  }
  return { x0, y0, w, h };
}

/** a reference photo's plate (sRGB bytes, read with a 2.2 gamma) in linear light: its own
 * bytes, no copy */
function linearPlate(p: { width: number; height: number; rgb: Uint8Array }): LinearImage {
  return { width: p.width, height: p.height, rgb: p.rgb, toLinear: GAMMA_22 };
}

const GAMMA_22 = Float32Array.from({ length: 256 }, (_, i) => (i / 255) ** 2.2);
