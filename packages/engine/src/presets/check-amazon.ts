// Amazon's main-image rules that can be checked from pixels alone (Seller Central, "Product
// image requirements"): pure white background (RGB 255,255,255), the product filling at least
// 85 % of the frame, at least 1000 px on the longest side so zoom works (500 px is the hard
// floor), at most 10 000 px, and a JPEG, TIFF, PNG or GIF file. What pixels cannot tell
// (no text, no logos, no props, the whole product in view) is left to the seller.
import { decodeImage, sniffFormat } from "../input/decode.ts";
import type { DecodedImage } from "../types.ts";

export interface AmazonCheck {
  ok: boolean;
  /** one human sentence per rule broken; empty when ok */
  reasons: string[];
  metrics: {
    width: number;
    height: number;
    format: string | null;
    /** share of the outer band (1 % of the side, ≥ 3 px) that is white */
    whiteBorder: number;
    /** product bbox's longer side relative to the frame, 0..1 */
    fill: number;
    productBox: { x: number; y: number; width: number; height: number } | null;
  };
}

/** JPEG turns #FFFFFF into 254/255 noise; anything ≥ 250 on every channel counts as white. */
const WHITE = 250;
/** a pixel is product when some channel is clearly off white */
const PRODUCT = 240;

export async function checkAmazon(input: Uint8Array | DecodedImage): Promise<AmazonCheck> {
  let image: DecodedImage;
  let format: string | null = null;
  if (input instanceof Uint8Array) {
    format = sniffFormat(input);
    image = await decodeImage(input);
  } else {
    image = input;
  }
  const { width, height, rgba } = image;
  const reasons: string[] = [];
  const longest = Math.max(width, height);
  if (longest < 500)
    reasons.push(`The longest side is ${longest} px; Amazon requires at least 500 px.`);
  else if (longest < 1000) {
    reasons.push(`The longest side is ${longest} px; at least 1000 px is needed for zoom.`);
  }
  if (longest > 10000)
    reasons.push(`The longest side is ${longest} px; Amazon accepts at most 10000 px.`);
  if (format && !["jpeg", "png", "tiff", "gif"].includes(format)) {
    reasons.push(`Amazon accepts JPEG, TIFF, PNG or GIF; this file is ${format.toUpperCase()}.`);
  }

  const band = Math.max(3, Math.round(Math.min(width, height) * 0.01));
  let borderTotal = 0;
  let borderWhite = 0;
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  let transparent = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const a = rgba[i + 3]!;
      if (a < 255) transparent++;
      // transparency shows as white on Amazon's page only by accident: judge it composited on black
      const r = (rgba[i]! * a) / 255;
      const g = (rgba[i + 1]! * a) / 255;
      const b = (rgba[i + 2]! * a) / 255;
      const lo = Math.min(r, g, b);
      if (x < band || y < band || x >= width - band || y >= height - band) {
        borderTotal++;
        if (lo >= WHITE) borderWhite++;
      }
      if (lo < PRODUCT) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  const whiteBorder = borderTotal ? borderWhite / borderTotal : 0;
  if (whiteBorder < 0.99) {
    reasons.push(
      `The background is not pure white: ${(100 - whiteBorder * 100).toFixed(1)} % of the image's edge is not #FFFFFF.`,
    );
  }
  if (transparent > 0)
    reasons.push("The image has transparent pixels; Amazon needs an opaque white background.");
  const productBox =
    maxX < 0 ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
  const fill = productBox ? Math.max(productBox.width / width, productBox.height / height) : 0;
  // the fill can only be measured against white; on another background the first rule fails
  if (!productBox) reasons.push("No product found: the image is blank white.");
  else if (whiteBorder >= 0.99 && fill < 0.85) {
    reasons.push(
      `The product fills ${(fill * 100).toFixed(0)} % of the frame; Amazon requires at least 85 %.`,
    );
  }
  return {
    ok: reasons.length === 0,
    reasons,
    metrics: { width, height, format, whiteBorder, fill, productBox },
  };
}
