// What a cut-out's photo says about how the product was framed, recorded once per upload.
import type { Cutout } from "../types.ts";
import { croppedSides } from "./cropped-sides.ts";
import { photoView } from "./seen-from-above.ts";

/** the cut-out with what its photo says about the product's framing: the sides that cut it,
 * and (where the photo's background is there to read) whether it was seen from above or from
 * the side */
export function withPhotoFacts(c: Cutout, hasBackground: boolean): Cutout {
  const sides = croppedSides(c.rgba, c.width, c.height, c.bbox);
  const view = hasBackground ? photoView(c.rgba, c.width, c.height) : "unknown";
  return {
    ...c,
    ...(sides.length ? { croppedSides: sides } : {}),
    ...(view === "above" ? { seenFromAbove: true } : {}),
    ...(view === "side" ? { seenFromSide: true } : {}),
  };
}
