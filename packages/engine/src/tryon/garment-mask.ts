// Where a garment is worn on a standing, full-body model framed by the try-on workflows
// ("{{garment_mask}}": white = repaint with the garment). A box per category is what try-on
// models such as CatVTON take when no human parser runs; the model's own mask growth and blur
// fit it to the body.
import sharp from "sharp";
import type { TryOnCategory } from "./tryon.types.ts";

/** [left, top, right, bottom] as shares of the frame */
const REGIONS: Record<TryOnCategory, [number, number, number, number]> = {
  tops: [0.2, 0.16, 0.8, 0.58],
  bottoms: [0.24, 0.46, 0.76, 0.94],
  "one-pieces": [0.2, 0.16, 0.8, 0.9],
};

export async function garmentMask(
  category: TryOnCategory,
  width: number,
  height: number,
): Promise<Buffer> {
  const [l, t, r, b] = REGIONS[category];
  const px = Buffer.alloc(width * height);
  const x0 = Math.round(l * width);
  const x1 = Math.round(r * width);
  for (let y = Math.round(t * height); y < Math.round(b * height); y++) {
    px.fill(255, y * width + x0, y * width + x1);
  }
  return sharp(px, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}
