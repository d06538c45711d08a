// Decoded pack images, shared by every render of this thread: textures and plates are decoded
// once, at the size a render can use, and kept in memory within a budget. They are kept as the
// file's sRGB bytes and read through a 256-entry table into linear light where they are
// sampled: a float a channel held four times the memory for the same 256 values (issue 29).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { packEntry } from "./pack.ts";
import type { PlateNotes } from "./pack.types.ts";
import { panoramaView, VIEW_SIDE } from "./panorama-views.ts";
import { photoPack } from "./photo-pack.ts";

export interface LinearImage {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel, encoded as `toLinear` reads them */
  rgb: Uint8Array;
  /** a byte's value in linear light (256 entries): SRGB_TO_LINEAR for the pack's images */
  toLinear: Float32Array;
}

/** the sRGB curve, byte → linear light */
export const SRGB_TO_LINEAR = Float32Array.from({ length: 256 }, (_, i) => {
  const s = i / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
});

/** textures tile at most this many pixels a side; plates are this wide at most (a render draws
 * the set at under half the output size, so 1280 covers a 2000 px story) */
const TEXTURE_SIDE = 1024;
const PLATE_SIDE = 1280;
/** what the decoded images of one thread may hold before the oldest are dropped: the surfaces
 * and walls decoded at start (preload-pack.ts, ~156 MB) and a generation's plates besides */
const BUDGET_BYTES = 224 * 1024 * 1024;

const cache = new Map<string, LinearImage>();
const pending = new Map<string, Promise<LinearImage>>();
let held = 0;

/** bytes the decoded pack images hold now (the bench prints it) */
export function assetMemoryBytes(): number {
  return held;
}

/** the decoded image of an entry already loaded (renders call this after `loadAsset`) */
export function loadedAsset(id: string): LinearImage | undefined {
  const hit = cache.get(id);
  if (hit) {
    // most recently used last: the budget drops from the front
    cache.delete(id);
    cache.set(id, hit);
  }
  return hit;
}

/**
 * An image another thread of this process decoded (its bytes in shared memory): kept as if
 * decoded here, so the process holds one copy however many render threads read it.
 */
export function adoptAsset(id: string, img: { width: number; height: number; rgb: Uint8Array }) {
  if (cache.has(id)) return;
  keep(id, { width: img.width, height: img.height, rgb: img.rgb, toLinear: SRGB_TO_LINEAR });
}

export function loadAsset(id: string): Promise<LinearImage> {
  const hit = loadedAsset(id);
  if (hit) return Promise.resolve(hit);
  let p = pending.get(id);
  if (!p) {
    p = decode(id).finally(() => pending.delete(id));
    pending.set(id, p);
  }
  return p;
}

async function decode(id: string): Promise<LinearImage> {
  const pack = photoPack();
  const entry = packEntry(id);
  if (!pack || !entry || !pack.present.has(entry.view?.of ?? id))
    throw new Error(`pack asset ${id} is not present`);
  if (entry.view) {
    const bytes = await readFile(join(pack.dir, entry.file));
    const rgb = new Uint8Array(new SharedArrayBuffer(VIEW_SIDE * VIEW_SIDE * 3));
    rgb.set(panoramaView(bytes, entry.view.yawDeg));
    return keep(id, { width: VIEW_SIDE, height: VIEW_SIDE, rgb, toLinear: SRGB_TO_LINEAR });
  }
  const side = entry.kind === "plate" ? PLATE_SIDE : TEXTURE_SIDE;
  const { data, info } = await sharp(join(pack.dir, entry.file))
    .rotate()
    .resize(side, side, { fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  // in shared memory, so the other render thread can be handed it without a copy (adoptAsset)
  const rgb = new Uint8Array(new SharedArrayBuffer(data.length));
  rgb.set(data);
  const avoid = entry.plate?.avoid ?? [];
  if (avoid.length) rgb.set(await softened(data, info.width, info.height, avoid));
  return keep(id, { width: info.width, height: info.height, rgb, toLinear: SRGB_TO_LINEAR });
}

/** how soft what a plate must not show sharp becomes, a fraction of the plate's width */
const AVOID_BLUR = 0.01;

/**
 * The plate with what it must never show sharp (people, faces, legible signs: `avoid`) blurred
 * once at decode, feathered into the rest: a crop cannot always leave them out (the desert's
 * only plate has hikers on its dune, and its four shots need four crops), and a set with deep
 * focus would show them as sharp as the photographer did.
 */
async function softened(
  rgb: Buffer,
  width: number,
  height: number,
  avoid: PlateNotes["avoid"],
): Promise<Buffer> {
  const sigma = Math.max(2, AVOID_BLUR * width);
  const blurred = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .blur(sigma)
    .raw()
    .toBuffer();
  const out = Buffer.from(rgb);
  const feather = 2 * sigma;
  // weight 1 inside a box, falling to 0 over `feather` pixels outside it
  const inside = (v: number, lo: number, hi: number) =>
    Math.min(1, Math.max(0, 1 - Math.max(lo - v, v - hi, 0) / feather));
  for (const [x0, y0, x1, y1] of avoid) {
    const [l, t, r, b] = [x0 * width, y0 * height, x1 * width, y1 * height];
    const ys = Math.max(0, Math.floor(t - feather));
    const ye = Math.min(height, Math.ceil(b + feather));
    const xs = Math.max(0, Math.floor(l - feather));
    const xe = Math.min(width, Math.ceil(r + feather));
    for (let y = ys; y < ye; y++) {
      const wy = inside(y, t, b);
      for (let x = xs; x < xe; x++) {
        const w = wy * inside(x, l, r);
        if (w <= 0) continue;
        const i = (y * width + x) * 3;
        for (let c = 0; c < 3; c++) {
          out[i + c] = Math.round(out[i + c]! + (blurred[i + c]! - out[i + c]!) * w);
        }
      }
    }
  }
  return out;
}

function keep(id: string, img: LinearImage): LinearImage {
  cache.set(id, img);
  held += img.rgb.byteLength;
  for (const [k, v] of cache) {
    if (held <= BUDGET_BYTES || k === id) break;
    cache.delete(k);
    held -= v.rgb.byteLength;
  }
  return img;
}
