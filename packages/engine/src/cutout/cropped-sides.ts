// Which sides of the photo cut the product. A product that runs out of the photo (a car shot
// too close, a sofa cropped at the bottom, a close-up that IS the frame) ends in a straight
// edge along the photo's border; placed in the middle of a set, that edge floats in mid-air.
// The compositor anchors each cut side to the output frame's matching edge instead.

import type { Side } from "../types.ts";

export const SIDES: readonly Side[] = ["top", "bottom", "left", "right"];

/** the border row itself must be at least half product (the cut is at the border)... */
const AT_BORDER = 128;
/** ...and so must the row a few pixels in (the product goes on into the photo: not a fringe or
 * a 1 px sliver). Half, not more: the model is timid where a product runs out of the photo
 * (alpha 0.55-0.7 along a car cut at the bottom, seen on the team's car photo). */
const INSIDE = 128;
const DEPTH = 3;

/**
 * The sides along which the matte is opaque for a substantial part of the border: at least
 * 12 % of the product's own extent along that side (a handful of chair legs, a car's whole
 * underside) and at least 4 px. A round thing that only grazes the border (a bottle's curve,
 * a dangling chain's end) touches it over a few pixels and is not cut.
 */
export function croppedSides(
  rgba: Buffer,
  width: number,
  height: number,
  bbox: { x: number; y: number; width: number; height: number },
): Side[] {
  const out: Side[] = [];
  const alphaAt = (x: number, y: number) => rgba[(y * width + x) * 4 + 3]!;
  for (const side of SIDES) {
    const horizontal = side === "top" || side === "bottom";
    const touches = horizontal
      ? side === "top"
        ? bbox.y === 0
        : bbox.y + bbox.height === height
      : side === "left"
        ? bbox.x === 0
        : bbox.x + bbox.width === width;
    if (!touches) continue;
    const length = horizontal ? width : height;
    const depth = Math.min(DEPTH, (horizontal ? height : width) - 1);
    const at = (t: number, d: number) =>
      horizontal
        ? alphaAt(t, side === "top" ? d : height - 1 - d)
        : alphaAt(side === "left" ? d : width - 1 - d, t);
    let opaque = 0;
    for (let t = 0; t < length; t++) {
      if (at(t, 0) >= AT_BORDER && at(t, depth) >= INSIDE) opaque++;
    }
    const extent = horizontal ? bbox.width : bbox.height;
    if (opaque >= 4 && opaque >= 0.12 * extent) out.push(side);
  }
  return out;
}
