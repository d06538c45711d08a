import sharp from "sharp";
import type { Cutout, RenderedScene, Side } from "../types.ts";
import { anchoredBox, type Frame } from "./place-cropped.ts";

/** Where and how big the product goes in a scene. */
export interface Placement {
  /** top-left of the product's (resized) bounding box in the scene, may be off-canvas */
  x: number;
  y: number;
  width: number;
  height: number;
  /** resized / original bbox size; exactly 1 when no resampling happens */
  scale: number;
  /** the product's sides that sit flush with the frame's edges because the photo cut them:
   * there is no ground line under a cut bottom (no contact shadow, no reflection) */
  anchored?: Side[];
}

/**
 * Fit the product's bounding box into the scene's placement box (both directions, up or down),
 * its bottom edge on baseY and centred on centerX. Sizes are rounded to whole pixels; when they
 * round to the cut-out's own size the product is copied, not resampled (scale exactly 1).
 * Given the output frame, a product the photo cut off (croppedSides) is anchored to the
 * frame's matching edges instead (place-cropped.ts).
 */
export function computePlacement(
  cut: Pick<Cutout, "bbox" | "croppedSides">,
  target: RenderedScene["placement"],
  frame?: Frame,
): Placement {
  const sides = frame ? (cut.croppedSides ?? []) : [];
  if (frame && sides.length) return anchoredPlacement(cut.bbox, sides, target, frame);
  const { width: bw, height: bh } = cut.bbox;
  const s = Math.min(target.maxWidth / bw, target.maxHeight / bh);
  let width = Math.max(1, Math.round(bw * s));
  let height = Math.max(1, Math.round(bh * s));
  let scale = s;
  if (width === bw && height === bh) scale = 1;
  // keep the aspect exact when one side rounds to the original and the other does not
  if (scale !== 1 && Math.abs(s - 1) < 1e-9) {
    width = bw;
    height = bh;
    scale = 1;
  }
  return {
    x: Math.round(target.centerX - width / 2),
    y: Math.round(target.baseY - height),
    width,
    height,
    scale,
  };
}

function anchoredPlacement(
  bbox: Cutout["bbox"],
  sides: Side[],
  target: RenderedScene["placement"],
  frame: Frame,
): Placement {
  const a = anchoredBox(bbox, sides, target, frame);
  let width = Math.max(1, Math.round(bbox.width * a.scale));
  let height = Math.max(1, Math.round(bbox.height * a.scale));
  let scale = a.scale;
  // copied, not resampled, when the size comes out as the cut-out's own (fidelity at scale 1)
  if ((width === bbox.width && height === bbox.height) || Math.abs(a.scale - 1) < 1e-9) {
    width = bbox.width;
    height = bbox.height;
    scale = 1;
  }
  return { x: a.x(width), y: a.y(height), width, height, scale, anchored: [...sides] };
}

/**
 * The product layer: the cut-out's bbox (its fringe already decontaminated by cutout()),
 * resized to the placement with sharp's Lanczos-3 on premultiplied alpha (sharp premultiplies
 * RGBA before resampling, so no background colour bleeds into the edges). At scale 1 the bytes
 * are the cut-out's own. This function IS the
 * reference of the fidelity promise: every opaque pixel of its result reaches the output as is.
 */
export async function productLayer(cut: Cutout, p: Placement): Promise<Buffer> {
  const { x, y, width, height } = cut.bbox;
  if (p.scale === 1 && p.width === width && p.height === height) {
    const out = Buffer.allocUnsafe(width * height * 4);
    for (let row = 0; row < height; row++) {
      const start = ((y + row) * cut.width + x) * 4;
      cut.rgba.copy(out, row * width * 4, start, start + width * 4);
    }
    return out;
  }
  return sharp(cut.rgba, { raw: { width: cut.width, height: cut.height, channels: 4 } })
    .extract({ left: x, top: y, width, height })
    .resize(p.width, p.height, { fit: "fill", kernel: "lanczos3" })
    .raw()
    .toBuffer();
}
