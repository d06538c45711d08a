// The set is ray-cast under full size and blown up (render-scene.ts): where the lens blurs it
// that loses nothing, but the surface the product stands on is in the focal plane, and there a
// reviewer saw the lamp "razor-sharp" on a tabletop "soft and blurred at the same distance".
// An unsharp mask at the output's size gives the in-focus part of the set back the crispness
// the enlargement took, fading out as depth of field takes over. Props drawn from scans come
// after and are left alone.
import sharp from "sharp";
import { coc } from "./raster.ts";

/** unsharp mask: its radius in output pixels and its gain */
const RADIUS = 1.4;
const AMOUNT = 0.9;
/** blur (output px) from which the lens is softer than the enlargement: no sharpening */
const SOFT_FROM = 1.5;

export async function sharpenInFocus(
  rgb: Buffer,
  width: number,
  height: number,
  depth: Float32Array,
  iw: number,
  ih: number,
  focus: number,
  /** the depth of field's largest blur, in output pixels */
  maxSigma: number,
): Promise<void> {
  const blurred = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .blur(RADIUS)
    .raw()
    .toBuffer();
  const out = new Uint8ClampedArray(rgb.buffer, rgb.byteOffset, rgb.length);
  // the gain per internal pixel: full in the focal plane, none where the lens is softer
  const gain = new Float32Array(iw * ih);
  for (let i = 0; i < gain.length; i++) {
    const sigma = maxSigma * coc(depth[i]!, focus);
    gain[i] = AMOUNT * Math.max(0, 1 - sigma / SOFT_FROM);
  }
  const sx = iw / width;
  const sy = ih / height;
  for (let y = 0; y < height; y++) {
    const row = Math.min(ih - 1, Math.floor(y * sy)) * iw;
    let o = y * width * 3;
    for (let x = 0; x < width; x++, o += 3) {
      const k = gain[row + Math.min(iw - 1, Math.floor(x * sx))]!;
      if (k === 0) continue;
      out[o] = rgb[o]! + (rgb[o]! - blurred[o]!) * k;
      out[o + 1] = rgb[o + 1]! + (rgb[o + 1]! - blurred[o + 1]!) * k;
      out[o + 2] = rgb[o + 2]! + (rgb[o + 2]! - blurred[o + 2]!) * k;
    }
  }
}
