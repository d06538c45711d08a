// A seller's correction of the cut-out: the matte they painted (erase/restore brush, regions
// added or removed) replaces the model's. The photo's pixels stay as they are; only alpha,
// the bounding box, the dominant colours and the fringe's decontamination follow the new matte.
import sharp from "sharp";
import { EngineError } from "../input/engine-error.ts";
import type { Cutout, DecodedImage } from "../types.ts";
import { dominantColors } from "./colors.ts";
import { decontaminate } from "./decontaminate.ts";
import { withPhotoFacts } from "./photo-facts.ts";
import { emptyBox, takeIn } from "./pixel-box.ts";

export interface Mask {
  width: number;
  height: number;
  /** one byte per pixel, 0 = background, 255 = product */
  alpha: Uint8Array;
}

export async function applyMask(image: DecodedImage, mask: Mask): Promise<Cutout> {
  const { width, height, rgba } = image;
  if (mask.alpha.length !== mask.width * mask.height)
    throw new EngineError("INVALID_ARGUMENT", "The mask's size does not match its pixels.");
  // a mask painted on a preview is scaled to the photo; the photo's aspect must match
  if (Math.abs(mask.width / mask.height - width / height) > 0.02)
    throw new EngineError("INVALID_ARGUMENT", "The mask's aspect ratio differs from the photo's.");
  const alpha =
    mask.width === width && mask.height === height
      ? mask.alpha
      : await sharp(Buffer.from(mask.alpha), {
          raw: { width: mask.width, height: mask.height, channels: 1 },
        })
          .resize(width, height, { fit: "fill", kernel: "cubic" })
          // sharp writes one-channel input back as sRGB (3 bytes a pixel): keep the one
          .extractChannel(0)
          .raw()
          .toBuffer();
  const out = Buffer.from(rgba);
  const extent = emptyBox(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const a = alpha[i]!;
      out[i * 4 + 3] = a;
      if (a > 8) {
        takeIn(extent, x, y);
      }
    }
  }
  if (extent.x1 < 0) throw new EngineError("NO_SUBJECT", "The corrected mask leaves no product.");
  decontaminate(out, width, height);
  const bbox = {
    x: extent.x0,
    y: extent.y0,
    width: extent.x1 - extent.x0 + 1,
    height: extent.y1 - extent.y0 + 1,
  };
  return withPhotoFacts(
    { width, height, rgba: out, bbox, colors: dominantColors(out), method: "edited" },
    true,
  );
}
