import sharp from "sharp";
import type { DecodedImage } from "../types.ts";
import { EngineError } from "./engine-error.ts";

/** 40 megapixels: a 50 MP DSLR frame is refused, an 8000×5000 phone photo passes. */
export const DEFAULT_MAX_PIXELS = 40_000_000;
const MIN_SIDE = 16;

export type InputFormat = "jpeg" | "png" | "webp" | "avif" | "tiff" | "gif";

export interface DecodeOptions {
  /** refuse images with more pixels than this (decompression bombs); default 40 MP */
  maxPixels?: number;
  /**
   * scale a larger image down (Lanczos-3) so its long side is at most this many px; JPEGs
   * shrink while they decode, which is faster than decoding them whole
   */
  maxSide?: number;
}

export interface DecodeResult extends DecodedImage {
  format: InputFormat;
}

// Magic bytes first: sharp would also open SVG, PDF, raw pixel dumps and more, none of which a
// seller uploads as a product photo, and SVG/PDF rendering is an attack surface we don't need.
export function sniffFormat(bytes: Uint8Array): InputFormat | null {
  const b = bytes;
  const ascii = (from: number, to: number) => Buffer.from(b.subarray(from, to)).toString("latin1");
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (b.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "gif";
  if (b.length >= 4 && (ascii(0, 4) === "II*\0" || ascii(0, 4) === "MM\0*")) return "tiff";
  if (b.length >= 12 && ascii(4, 8) === "ftyp") {
    const brand = ascii(8, 12);
    if (brand === "avif" || brand === "avis") return "avif";
  }
  return null;
}

/**
 * Decode a photo to 8-bit sRGB RGBA with the EXIF orientation applied. The result carries no
 * metadata at all (raw pixels), so nothing from the upload (GPS, camera serial) can leak into
 * the outputs.
 */
export async function decodeImage(
  bytes: Uint8Array,
  options: DecodeOptions = {},
): Promise<DecodeResult> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) {
    throw new EngineError("UNDECODABLE", "The file is empty.");
  }
  const format = sniffFormat(bytes);
  if (!format) {
    throw new EngineError("UNSUPPORTED_FORMAT", "Not a JPEG, PNG, WebP, AVIF, TIFF or GIF image.");
  }
  // Check the header's dimensions before decoding a single pixel: limitInputPixels alone
  // would still let libvips allocate for the declared size on some formats.
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new EngineError("UNDECODABLE", `The ${format} file could not be read.`, { cause: err });
  }
  const w = meta.width ?? 0;
  const h = meta.pageHeight ?? meta.height ?? 0;
  if (w * h > maxPixels) {
    throw new EngineError(
      "TOO_MANY_PIXELS",
      `The image is ${w}×${h} (${((w * h) / 1e6).toFixed(1)} MP); the limit is ${(maxPixels / 1e6).toFixed(1)} MP.`,
    );
  }
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: maxPixels,
      failOn: "error",
      pages: 1,
      page: 0,
    })
      .rotate() // EXIF orientation
      .resize(
        options.maxSide
          ? {
              width: options.maxSide,
              height: options.maxSide,
              fit: "inside",
              withoutEnlargement: true,
            }
          : undefined,
      )
      .toColourspace("srgb")
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.width < MIN_SIDE || info.height < MIN_SIDE) {
      throw new EngineError(
        "TOO_SMALL",
        `The image is ${info.width}×${info.height}; at least ${MIN_SIDE}×${MIN_SIDE} is needed.`,
      );
    }
    return { width: info.width, height: info.height, rgba: data, format };
  } catch (err) {
    if (err instanceof EngineError) throw err;
    const msg = String((err as Error)?.message ?? err);
    if (/pixel limit/i.test(msg)) {
      throw new EngineError("TOO_MANY_PIXELS", "The image has too many pixels.", { cause: err });
    }
    throw new EngineError("UNDECODABLE", `The ${format} file is damaged or truncated.`, {
      cause: err,
    });
  }
}
