// The cut-out's mask as it travels over HTTP: one PNG, 0 = background, 255 = product. Read from
// a seller's PNG (its alpha channel when it has one, else its grey level), checked against the
// photo it belongs to; written from the stored cut-out's alpha for the editor to start from.
import type { Mask } from "@studio/engine";
import { sniffFormat } from "@studio/engine";
import sharp from "sharp";
import { badRequest, HttpError } from "../../http/http-error.ts";
import type { UploadRow } from "./uploads.tables.ts";

/** smaller than this on a side is not a mask anyone painted */
export const MASK_MIN_SIDE = 16;
/** the aspect tolerance of applyMask: a preview is scaled to the photo */
const ASPECT_TOLERANCE = 0.02;

export const MaskMessages = {
  notPng: "Send the mask as a PNG image (Content-Type: image/png).",
  damaged: "The mask could not be read as a PNG image.",
  tooSmall: `The mask must be at least ${MASK_MIN_SIDE} pixels on each side.`,
  tooLarge: "The mask must not be larger than the photo.",
  aspect: "The mask's proportions differ from the photo's.",
  empty: "The mask leaves no product: paint the product back in before saving.",
  pending: "The cut-out is still being made; try again in a moment.",
  changed: "The cut-out was changed meanwhile; open it again.",
  notProduct: "Reference images have no cut-out.",
} as const;

export async function readMaskPng(png: Buffer, photo: UploadRow): Promise<Mask> {
  if (sniffFormat(png) !== "png") throw new HttpError(415, MaskMessages.notPng);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(png).metadata(); // the header only
  } catch {
    throw badRequest(MaskMessages.damaged);
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < MASK_MIN_SIDE || height < MASK_MIN_SIDE) throw badRequest(MaskMessages.tooSmall);
  // checked from the header, before the pixels are decoded
  if (width > photo.width || height > photo.height) throw badRequest(MaskMessages.tooLarge);
  if (Math.abs(width / height - photo.width / photo.height) > ASPECT_TOLERANCE) {
    throw badRequest(MaskMessages.aspect);
  }
  try {
    const img = sharp(png, { limitInputPixels: photo.width * photo.height });
    const one = meta.hasAlpha ? img.extractChannel("alpha") : img.greyscale().extractChannel(0);
    const { data, info } = await one.raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 1 || data.length !== width * height) throw new Error("channels");
    return { width, height, alpha: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch {
    throw badRequest(MaskMessages.damaged);
  }
}

/** the stored cut-out's alpha as a one-channel PNG */
export async function maskPngOf(cutoutPng: Buffer): Promise<Buffer> {
  return sharp(cutoutPng)
    .ensureAlpha()
    .extractChannel("alpha")
    .toColourspace("b-w")
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** nothing selected yet (the automatic cut-out found no product) */
export function emptyMaskPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .toColourspace("b-w")
    .png({ compressionLevel: 9 })
    .toBuffer();
}
