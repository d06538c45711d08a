// A matte table's sheen: seen from eye level, a real table mirrors the room behind it, blurred,
// and pales towards its back edge (the pack's scans are bare albedo: its tables rendered at a
// saturation of 0.73-0.87 where the tables it photographs read 0.48; decision 1320, round 26).
import sharp from "sharp";
import type { LinearImage } from "../assets/asset-images.ts";

/** the room as a matte table mirrors it: the plate, tiny and blurred, in linear light */
export interface SheenMap {
  width: number;
  height: number;
  /** linear RGB, row by row */
  rgb: Float32Array;
}

const SHEEN_WIDTH = 48;

const maps = new WeakMap<LinearImage, Promise<SheenMap>>();

/**
 * The plate as a table's sheen shows it: a rough surface mirrors only the room's large shapes
 * (the window's brightness, a sofa's darker mass), so 48 pixels across, blurred, are all of it.
 * Made once per decoded plate (the four shots of a generation often share one).
 */
export function sheenMap(image: LinearImage): Promise<SheenMap> {
  let map = maps.get(image);
  if (!map) {
    map = makeSheenMap(image);
    maps.set(image, map);
  }
  return map;
}

async function makeSheenMap(image: LinearImage): Promise<SheenMap> {
  const width = SHEEN_WIDTH;
  const height = Math.max(2, Math.round((image.height / image.width) * width));
  const small = await sharp(image.rgb, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .resize(width, height, { fit: "fill" })
    .blur(2)
    .raw()
    .toBuffer();
  const rgb = new Float32Array(small.length);
  for (let i = 0; i < small.length; i++) rgb[i] = image.toLinear[small[i]!]!;
  return { width, height, rgb };
}

/**
 * Mixes the sheen into `colour` (the floor's lit colour, linear) at floor point (x, 0, z) seen
 * along d: the room behind, mirrored, by Fresnel's share (Schlick, a dielectric's 4 % head on),
 * which grows towards a grazing view; half of it, as a rough surface's microfacets hide part
 * of what a polished one would mirror. `plate` is the plate's rectangle on the wall at `wallZ`.
 */
export function addSheen(
  colour: { r: number; g: number; b: number },
  sheen: number,
  map: SheenMap,
  plate: { x0: number; y0: number; w: number; h: number },
  wallZ: number,
  x: number,
  z: number,
  dx: number,
  dy: number,
  dz: number,
): void {
  if (dz <= 0 || dy >= 0) return;
  const f = 1 + dy;
  const f2 = f * f;
  const w = sheen * 0.5 * (0.04 + 0.96 * f2 * f2 * f);
  if (w < 0.004) return;
  // the mirrored ray (dx, -dy, dz) meets the wall's plane
  const t = (wallZ - z) / dz;
  const u = ((x + t * dx - plate.x0) / plate.w) * (map.width - 1);
  const v = (1 - (-dy * t - plate.y0) / plate.h) * (map.height - 1);
  const x0 = Math.min(map.width - 2, Math.max(0, Math.floor(u)));
  const y0 = Math.min(map.height - 2, Math.max(0, Math.floor(v)));
  const fx = Math.min(1, Math.max(0, u - x0));
  const fy = Math.min(1, Math.max(0, v - y0));
  const a = (y0 * map.width + x0) * 3;
  const b = a + map.width * 3;
  const px = map.rgb;
  const at = (c: number) => {
    const top = px[a + c]! + (px[a + 3 + c]! - px[a + c]!) * fx;
    const bottom = px[b + c]! + (px[b + 3 + c]! - px[b + c]!) * fx;
    return top + (bottom - top) * fy;
  };
  colour.r = colour.r * (1 - w) + at(0) * w;
  colour.g = colour.g * (1 - w) + at(1) * w;
  colour.b = colour.b * (1 - w) + at(2) * w;
}
