// The model is timid where a product runs out of the photo: it learnt objects that end inside
// the picture, so along a cut it returns 0.5-0.7 instead of 1 (the team's car photo cropped at
// the bottom and sides came out see-through over its lower half). Shown the same photo with
// a flat grey margin on the cut sides, the product ends against that margin like any object
// against a backdrop, and the model is sure of it again. The margin is cropped off the matte.
import sharp from "sharp";
import type { Side } from "../types.ts";
import { resizePlane } from "./box-filter.ts";
import { type IsnetOptions, isnetSide, runIsnet } from "./isnet-model.ts";

/** margin added on each cut side, as a share of the photo's size across it */
const MARGIN = 0.1;
const GREY = { r: 128, g: 128, b: 128 };

/**
 * The sides a coarse matte (0..1) runs into: more than half product over at least 5 % of that
 * border. Looser than croppedSides: here a false call costs one more inference, not a layout.
 */
export function touchedSides(matte: Float32Array, w: number, h: number): Side[] {
  const out: Side[] = [];
  const count = (n: number, at: (t: number) => number) => {
    let s = 0;
    for (let t = 0; t < n; t++) if (at(t) > 0.5) s++;
    return s;
  };
  if (count(w, (x) => matte[x]!) >= Math.max(4, 0.05 * w)) out.push("top");
  if (count(w, (x) => matte[(h - 1) * w + x]!) >= Math.max(4, 0.05 * w)) out.push("bottom");
  if (count(h, (y) => matte[y * w]!) >= Math.max(4, 0.05 * h)) out.push("left");
  if (count(h, (y) => matte[y * w + w - 1]!) >= Math.max(4, 0.05 * h)) out.push("right");
  return out;
}

/** The model's matte of the working copy, run with a grey margin on `sides`, margin removed. */
export async function paddedIsnetMatte(
  rgb: Buffer,
  lw: number,
  lh: number,
  sides: readonly Side[],
  isnet?: IsnetOptions,
): Promise<Float32Array> {
  const mx = Math.max(8, Math.round(lw * MARGIN));
  const my = Math.max(8, Math.round(lh * MARGIN));
  const pad = {
    top: sides.includes("top") ? my : 0,
    bottom: sides.includes("bottom") ? my : 0,
    left: sides.includes("left") ? mx : 0,
    right: sides.includes("right") ? mx : 0,
  };
  const pw = lw + pad.left + pad.right;
  const ph = lh + pad.top + pad.bottom;
  const side = isnetSide(pw, ph, isnet);
  const input = await sharp(rgb, { raw: { width: lw, height: lh, channels: 3 } })
    .extend({ ...pad, background: GREY })
    .resize(side, side, { fit: "fill", kernel: "linear" })
    .raw()
    .toBuffer();
  const prob = resizePlane(await runIsnet(input, side, isnet), side, side, pw, ph);
  const out = new Float32Array(lw * lh);
  for (let y = 0; y < lh; y++) {
    const row = (y + pad.top) * pw + pad.left;
    out.set(prob.subarray(row, row + lw), y * lw);
  }
  return out;
}
