// A reference image, read once into what steers a set: its palette, brightness and contrast,
// warmth, where its light comes from and how soft it is, and, when it is a scene rather than a
// swatch or a plain product shot, a small plate the renderer rebuilds behind the product.
// Small and plain (no Buffers of the full photo) so it crosses to the engine thread cheaply.
import sharp from "sharp";
import { dominantColors } from "../cutout/colors.ts";
import { decodeImage } from "../input/decode.ts";
import type { ReferenceLook } from "../types.ts";

// the look crosses from here to the planner, so its type is one of the seams in types.ts
export type { ReferenceLook };

const ANALYSIS_SIDE = 96;
export const PLATE_SIDE = 384;

export async function readReference(bytes: Uint8Array): Promise<ReferenceLook> {
  const image = await decodeImage(bytes);
  const small = await sharp(image.rgba, {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .removeAlpha()
    .resize(ANALYSIS_SIDE, ANALYSIS_SIDE, { fit: "fill" })
    .raw()
    .toBuffer();
  const n = ANALYSIS_SIDE * ANALYSIS_SIDE;
  const luma = new Float32Array(n);
  let sum = 0;
  let warm = 0;
  for (let i = 0; i < n; i++) {
    const r = small[i * 3]! / 255;
    const g = small[i * 3 + 1]! / 255;
    const b = small[i * 3 + 2]! / 255;
    luma[i] = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    sum += luma[i]!;
    warm += r - b;
  }
  const brightness = sum / n;
  let varSum = 0;
  for (let i = 0; i < n; i++) varSum += (luma[i]! - brightness) ** 2;
  const contrast = Math.sqrt(varSum / n);
  // light direction: the brighter half of the frame, left against right
  let left = 0;
  let right = 0;
  let edges = 0;
  let strong = 0;
  const S = ANALYSIS_SIDE;
  for (let y = 1; y < S - 1; y++) {
    for (let x = 1; x < S - 1; x++) {
      const v = luma[y * S + x]!;
      if (x < S / 2) left += v;
      else right += v;
      const gx = luma[y * S + x + 1]! - luma[y * S + x - 1]!;
      const gy = luma[(y + 1) * S + x]! - luma[(y - 1) * S + x]!;
      const g = Math.hypot(gx, gy);
      edges += g;
      if (g > 0.18) strong++;
    }
  }
  const inner = (S - 2) * (S - 2);
  const balance = (right - left) / Math.max(1e-6, right + left);
  const edgeDensity = edges / inner;
  const strongShare = strong / inner;
  const rgba = Buffer.alloc(n * 4);
  for (let i = 0; i < n; i++) {
    rgba[i * 4] = small[i * 3]!;
    rgba[i * 4 + 1] = small[i * 3 + 1]!;
    rgba[i * 4 + 2] = small[i * 3 + 2]!;
    rgba[i * 4 + 3] = 255;
  }
  const look: ReferenceLook = {
    palette: dominantColors(rgba, 5),
    brightness: round3(brightness),
    contrast: round3(contrast),
    warmth: round3(Math.max(-1, Math.min(1, (warm / n) * 4))),
    light: {
      azimuthDeg: Math.round(Math.max(-75, Math.min(75, balance * 400))),
      softness: round3(Math.max(0, Math.min(1, 1 - strongShare * 12))),
    },
  };
  // a scene has structure everywhere (things at several depths), a swatch or a plain backdrop
  // has almost none; a scene becomes the plate behind the product
  if (edgeDensity > 0.035 && contrast > 0.08) {
    const w =
      image.width >= image.height
        ? PLATE_SIDE
        : Math.round((PLATE_SIDE * image.width) / image.height);
    const h =
      image.width >= image.height
        ? Math.round((PLATE_SIDE * image.height) / image.width)
        : PLATE_SIDE;
    const rgb = await sharp(image.rgba, {
      raw: { width: image.width, height: image.height, channels: 4 },
    })
      .removeAlpha()
      .resize(w, h, { fit: "fill" })
      .raw()
      .toBuffer();
    look.plate = { width: w, height: h, rgb: new Uint8Array(rgb) };
  }
  return look;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
