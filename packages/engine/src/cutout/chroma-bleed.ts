// The backdrop's colour in the outline's opaque pixels, taken out of their chroma.
//
// A JPEG stores colour at half the resolution of brightness (4:2:0), so along an outline the
// last pixel or two of the product carry the backdrop's hue at their own brightness: a cream
// teddy shot on red velvet has a pink rim one or two pixels wide that the matte calls opaque
// (measured: 255,201,186 on the rim where the fur two pixels in is 240,214,189). Reviewers
// named it every round ("a pinkish-white halo round the outline", "coloured matte fringes").
// Neither backdrop-rim.ts (the pixel is brighter than both sides, no mix of them) nor the
// matting equation in decontaminate.ts (which solves for brightness too) sees it.
//
// Such a pixel keeps its brightness; only the part of its hue that leans from the product's
// hue nearby towards the backdrop's is taken out. It becomes fringe (alpha 254): the cut-out's
// promise that its opaque pixels are the photo's holds for every pixel it keeps at 255.
import type { Cutout } from "../types.ts";
import { alphaBox } from "./alpha-box.ts";

type Box = Cutout["bbox"];

/** how far from the outline (pixels, a square) an opaque pixel may carry the backdrop's hue:
 * one 2×2 chroma block on either side of the line */
const RIM = 3;
/** how far (pixels, a square) to look for the product's hue inside and the backdrop's outside */
const LOOK = 7;
/** below this distance (levels) between the product's and the backdrop's hue, nothing leans */
const DISTINCT = 24;
/** the alpha a corrected pixel gets: fringe, by a level */
export const BLED_ALPHA = 254;

export function removeChromaBleed(rgba: Buffer, width: number, height: number): number {
  const cb = (q: number) => rgba[q * 4 + 2]! - luma(rgba, q);
  const cr = (q: number) => rgba[q * 4]! - luma(rgba, q);
  const fixes: { p: number; cb: number; cr: number }[] = [];
  const box = alphaBox(rgba, width, height);
  if (!box) return 0;
  const near = nearClear(rgba, width, height, box);
  for (let yy = box.y; yy < box.y + box.height; yy++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const p = yy * width + x;
      // (the fringe too: decontaminate() keeps a solved colour within reach of the pixel's own,
      // which left a cream teddy's fringe pink)
      if (rgba[p * 4 + 3] === 0 || !near[p]) continue;
      // the product's hue a few pixels in, the backdrop's hue where nothing of it is product
      let fb = 0;
      let fr = 0;
      let fn = 0;
      let bb = 0;
      let br = 0;
      let bn = 0;
      for (let j = Math.max(0, yy - LOOK); j <= Math.min(height - 1, yy + LOOK); j++) {
        for (let i = Math.max(0, x - LOOK); i <= Math.min(width - 1, x + LOOK); i++) {
          const q = j * width + i;
          const a = rgba[q * 4 + 3]!;
          const product = a === 255 && !near[q];
          if (a !== 0 && !product) continue;
          const Y = luma(rgba, q);
          const b = rgba[q * 4 + 2]! - Y;
          const r = rgba[q * 4]! - Y;
          if (product) {
            fb += b;
            fr += r;
            fn++;
          } else {
            bb += b;
            br += r;
            bn++;
          }
        }
      }
      if (!fn || !bn) continue;
      fb /= fn;
      fr /= fn;
      const db = bb / bn - fb;
      const dr = br / bn - fr;
      const d2 = db * db + dr * dr;
      if (d2 < DISTINCT * DISTINCT) continue;
      // how far the pixel's hue has moved from the product's towards the backdrop's
      const t = ((cb(p) - fb) * db + (cr(p) - fr) * dr) / d2;
      if (t <= 0) continue;
      const k = Math.min(t, 1);
      fixes.push({ p, cb: cb(p) - k * db, cr: cr(p) - k * dr });
    }
  }
  // (written after the scan, so one pixel's correction never feeds its neighbour's)
  for (const { p, cb: b, cr: r } of fixes) {
    const Y = luma(rgba, p);
    const R = Y + r;
    const B = Y + b;
    const G = (Y - 0.299 * R - 0.114 * B) / 0.587;
    rgba[p * 4] = clamp(R);
    rgba[p * 4 + 1] = clamp(G);
    rgba[p * 4 + 2] = clamp(B);
    rgba[p * 4 + 3] = Math.min(rgba[p * 4 + 3]!, BLED_ALPHA);
  }
  return fixes.length;
}

function luma(rgba: Buffer, q: number): number {
  return 0.299 * rgba[q * 4]! + 0.587 * rgba[q * 4 + 1]! + 0.114 * rgba[q * 4 + 2]!;
}

/** 1 where a pixel with alpha under 128 lies within RIM pixels (a square), inside `box` and
 * RIM round it: rows, then columns, each pass row by row */
function nearClear(rgba: Buffer, width: number, height: number, box: Box): Uint8Array {
  const x0 = Math.max(0, box.x - RIM);
  const x1 = Math.min(width - 1, box.x + box.width - 1 + RIM);
  const y0 = Math.max(0, box.y - RIM);
  const y1 = Math.min(height - 1, box.y + box.height - 1 + RIM);
  const rows = new Uint8Array(width * height);
  for (let yy = y0; yy <= y1; yy++) {
    let last = -RIM - 1;
    for (let x = x0; x <= x1; x++) {
      if (rgba[(yy * width + x) * 4 + 3]! < 128) last = x;
      if (x - last <= RIM) rows[yy * width + x] = 1;
    }
    last = width + RIM;
    for (let x = x1; x >= x0; x--) {
      if (rgba[(yy * width + x) * 4 + 3]! < 128) last = x;
      if (last - x <= RIM) rows[yy * width + x] = 1;
    }
  }
  const out = new Uint8Array(width * height);
  const last = new Int32Array(width);
  last.fill(-RIM - 1);
  for (let yy = y0; yy <= y1; yy++) {
    for (let x = x0, p = yy * width + x0; x <= x1; x++, p++) {
      if (rows[p]) last[x] = yy;
      if (yy - last[x]! <= RIM) out[p] = 1;
    }
  }
  last.fill(height + RIM);
  for (let yy = y1; yy >= y0; yy--) {
    for (let x = x0, p = yy * width + x0; x <= x1; x++, p++) {
      if (rows[p]) last[x] = yy;
      if (last[x]! - yy <= RIM) out[p] = 1;
    }
  }
  return out;
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
}
