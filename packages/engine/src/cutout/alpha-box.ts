// The cut-out's bounding box: every pixel whose alpha is above 8 (fainter is fringe noise, and
// would stretch the box round a product that is not there).
import type { Cutout } from "../types.ts";

/** the box of alpha > 8, or null when no pixel is that opaque */
export function alphaBox(rgba: Uint8Array, width: number, height: number): Cutout["bbox"] | null {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3]! > 8) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  return maxX < 0 ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}
