// How well a cut-out matches a hand-drawn mask: the intersection over union of the pixels each
// calls product (alpha, grey level ≥ 128), the mask read at the cut-out's size. The benches that
// score cut-outs against the team's ground-truth masks all measure it this way.
import { readFileSync } from "node:fs";
import sharp from "sharp";
import type { Cutout } from "../src/types.ts";

export async function maskIou(cut: Cutout, maskFile: string): Promise<number> {
  const gt = await sharp(readFileSync(maskFile))
    .greyscale()
    .resize(cut.width, cut.height, { fit: "fill" })
    .raw()
    .toBuffer();
  let inter = 0;
  let union = 0;
  for (let i = 0; i < gt.length; i++) {
    const a = cut.rgba[i * 4 + 3]! >= 128;
    const b = gt[i]! >= 128;
    if (a && b) inter++;
    if (a || b) union++;
  }
  return inter / union;
}
