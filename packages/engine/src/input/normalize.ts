import sharp from "sharp";
import { type DecodeOptions, type DecodeResult, decodeImage } from "./decode.ts";

export interface NormalizedUpload {
  /** the decoded pixels (for cutout()) */
  image: DecodeResult;
  /** the photo re-encoded upright, sRGB, without any metadata: what the server stores */
  bytes: Buffer;
  format: "jpeg" | "png";
  width: number;
  height: number;
}

/**
 * Validate an upload and produce the one copy worth storing: orientation applied, sRGB, no
 * EXIF/GPS/ICC leftovers. Photos with transparency stay PNG (their alpha may be the seller's
 * own cut-out); everything else becomes a high-quality JPEG.
 */
export async function normalizeUpload(
  bytes: Uint8Array,
  options: DecodeOptions = {},
): Promise<NormalizedUpload> {
  const image = await decodeImage(bytes, options);
  let transparent = false;
  for (let i = 3; i < image.rgba.length; i += 4) {
    if (image.rgba[i]! < 255) {
      transparent = true;
      break;
    }
  }
  const raw = sharp(image.rgba, { raw: { width: image.width, height: image.height, channels: 4 } });
  const out = transparent
    ? await raw.png({ compressionLevel: 6 }).toBuffer()
    : await raw.removeAlpha().jpeg({ quality: 92, chromaSubsampling: "4:4:4" }).toBuffer();
  return {
    image,
    bytes: out,
    format: transparent ? "png" : "jpeg",
    width: image.width,
    height: image.height,
  };
}
