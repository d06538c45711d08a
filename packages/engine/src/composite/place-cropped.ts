// Placement of a product the photo cut off (Cutout.croppedSides). Each cut side goes flush
// with the output frame's matching edge, so the straight cut is the picture's own border and
// never a line floating inside the set: cut at the bottom, the product rises from the frame's
// bottom; cut at the left, it enters from the left edge. A product cut on two opposite sides
// spans the frame between them; cut on all four, it covers the frame.
import type { RenderedScene, Side } from "../types.ts";

export interface Frame {
  width: number;
  height: number;
}

/** The product's box in the frame before rounding to whole pixels. */
export interface AnchoredBox {
  /** resized / original bbox size */
  scale: number;
  /** where the box goes along each axis, given its rounded size */
  x: (width: number) => number;
  y: (height: number) => number;
}

/** One axis: both ends cut (span it), one end cut (flush there), or none (the set's box). */
interface Axis {
  /** the scale that spans the frame, when both ends are cut */
  span?: number;
  /** room the product may take along this axis */
  room: number;
  at: (size: number) => number;
}

function axis(
  cutStart: boolean,
  cutEnd: boolean,
  length: number,
  extent: number,
  box: { start: number; end: number; anchor: (size: number) => number },
): Axis {
  if (cutStart && cutEnd) {
    return { span: length / extent, room: length, at: (size) => Math.round((length - size) / 2) };
  }
  // flush with the cut edge, reaching as far as the set's box reaches on the other side
  if (cutStart) return { room: Math.min(length, box.end), at: () => 0 };
  if (cutEnd) return { room: length - Math.max(0, box.start), at: (size) => length - size };
  return { room: box.end - box.start, at: box.anchor };
}

export function anchoredBox(
  bbox: { width: number; height: number },
  sides: readonly Side[],
  target: RenderedScene["placement"],
  frame: Frame,
): AnchoredBox {
  const { width: bw, height: bh } = bbox;
  const h = axis(sides.includes("left"), sides.includes("right"), frame.width, bw, {
    start: target.centerX - target.maxWidth / 2,
    end: target.centerX + target.maxWidth / 2,
    anchor: (size) => Math.round(target.centerX - size / 2),
  });
  const v = axis(sides.includes("top"), sides.includes("bottom"), frame.height, bh, {
    start: target.baseY - target.maxHeight,
    end: target.baseY,
    anchor: (size) => Math.round(target.baseY - size),
  });
  let scale: number;
  // cut on all four sides: the product is the frame, cover it
  if (h.span !== undefined && v.span !== undefined) scale = Math.max(h.span, v.span);
  // cut on two opposite sides (and maybe a third): span the frame between them; the other
  // axis follows (its free end may leave the frame, or leave the set visible past a real edge)
  else if (h.span !== undefined) scale = h.span;
  else if (v.span !== undefined) scale = v.span;
  else scale = Math.max(1e-6, Math.min(h.room / bw, v.room / bh));
  return { scale, x: h.at, y: v.at };
}
