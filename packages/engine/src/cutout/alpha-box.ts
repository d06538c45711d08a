// The cut-out's bounding box: every pixel whose alpha is above 8 (fainter is fringe noise, and
// would stretch the box round a product that is not there).
import type { Cutout } from "../types.ts";
import { emptyBox, takeIn } from "./pixel-box.ts";

/** the box of alpha > 8, or null when no pixel is that opaque */
export function alphaBox(rgba: Uint8Array, width: number, height: number): Cutout["bbox"] | null {
  const box = emptyBox(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3]! > 8) {
        takeIn(box, x, y);
      }
    }
  }
  return box.x1 < 0
    ? null
    : { x: box.x0, y: box.y0, width: box.x1 - box.x0 + 1, height: box.y1 - box.y0 + 1 };
}
