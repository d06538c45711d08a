// A smaller copy of a large cut-out, made once when the cut-out is stored, for the renders that
// place the product no larger than it (docs/decisions/0552). A 12 MP phone photo's cut-out is
// 48 MB of pixels: decoding it, handing it to a second render thread and resampling it for
// every shot cost more than the shots themselves, while a 1024² web photo places the product at
// 730 px at most. The copy is the whole photo (its backdrop is where the camera's grain is
// read) scaled uniformly with Lanczos-3 on premultiplied alpha, so its product pixels are the
// photo's own, resampled once as a render would; a render that needs more pixels than the copy
// holds uses the full cut-out (productSideNeeded in generate.ts decides).
import sharp from "sharp";
import type { Cutout } from "../types.ts";
import { alphaBox } from "./alpha-box.ts";
import { type CutoutMeta, type SerializedCutout, serializeCutout } from "./serialize.ts";

/** the product's long side in the copy, px: what a 1024² output needs, with room to spare */
export const RENDER_COPY_SIDE = 1024;
/** no copy unless the full product is at least this much larger: a copy must pay for itself */
const WORTH_IT = 1.5;

/** The product's long side in a cut-out, px. */
export function productSide(cut: Pick<Cutout, "bbox">): number {
  return Math.max(cut.bbox.width, cut.bbox.height);
}

/** The render copy of `cut`, or null when the cut-out is small enough to render as it is. */
export async function renderCopyOf(cut: Cutout, side = RENDER_COPY_SIDE): Promise<Cutout | null> {
  if (productSide(cut) < side * WORTH_IT) return null;
  const k = side / productSide(cut);
  const width = Math.max(1, Math.round(cut.width * k));
  const height = Math.max(1, Math.round(cut.height * k));
  const rgba = await sharp(cut.rgba, { raw: { width: cut.width, height: cut.height, channels: 4 } })
    .resize(width, height, { fit: "fill", kernel: "lanczos3" })
    .raw()
    .toBuffer();
  const bbox = alphaBox(rgba, width, height);
  if (!bbox) return null;
  // what the photo is (its colours, kind, the sides that cut it) does not change with its size
  return { ...cut, width, height, rgba, bbox };
}

/** The stored copy's meta: the full cut-out's, with the copy's size and box. */
export function renderCopyMeta(meta: CutoutMeta): CutoutMeta | null {
  if (!meta.renderCopy) return null;
  const { renderCopy, ...rest } = meta;
  return { ...rest, ...renderCopy, bbox: { ...renderCopy.bbox } };
}

/** A cut-out as stored: serializeCutout's PNG and meta, and the render copy's PNG when it has one. */
export async function serializeWithRenderCopy(
  cut: Cutout,
): Promise<SerializedCutout & { copyPng?: Buffer }> {
  const [full, copy] = await Promise.all([serializeCutout(cut), renderCopyOf(cut)]);
  if (!copy) return full;
  const { png: copyPng } = await serializeCutout(copy);
  return {
    png: full.png,
    copyPng,
    meta: {
      ...full.meta,
      renderCopy: { width: copy.width, height: copy.height, bbox: { ...copy.bbox } },
    },
  };
}
