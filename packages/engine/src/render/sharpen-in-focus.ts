// The set is ray-cast under full size and blown up (render-scene.ts): where the lens blurs it
// that loses nothing, but the surface the product stands on is in the focal plane, and there a
// reviewer saw the lamp "razor-sharp" on a tabletop "soft and blurred at the same distance".
// An unsharp mask at the output's size gives the in-focus part of the set back the crispness
// the enlargement took, fading out as depth of field takes over. Props drawn from scans come
// after and are left alone.
import sharp from "sharp";
import { coc, type Focus } from "./raster.ts";
import { FLOOR } from "./world.ts";

/** unsharp mask: its radius in output pixels and its gain */
const RADIUS = 1.4;
const AMOUNT = 0.9;
/** the gain's share on a floor that has its scan's own detail back: its large shapes' edges
 * (with none, a marble's veins were softer than the sharpened version's; with all of it, the
 * grain came out harsh) */
const FLOOR_SHARE = 0.5;
/** blur (output px) from which the lens is softer than the enlargement: no sharpening */
const SOFT_FROM = 1.5;

/** output rows above and below the sharpened band that its blur reads (sigma 1.4: ~3 px) */
const MARGIN = 16;

export async function sharpenInFocus(
  rgb: Buffer,
  width: number,
  height: number,
  depth: Float32Array,
  iw: number,
  ih: number,
  focus: Focus,
  /** the depth of field's largest blur, in output pixels */
  maxSigma: number,
  /** the internal surface ids when the floor has its scan's own detail back (scan-detail.ts):
   * it takes a share of the gain */
  { ids }: { ids?: Uint8Array } = {},
): Promise<void> {
  if (maxSigma === 0 && !ids) return sharpenAll(rgb, width, height);
  // the gain per internal pixel: full in the focal plane, none where the lens is softer; and
  // the internal rows with any gain at all
  const gain = new Float32Array(iw * ih);
  const rowOn = new Uint8Array(ih);
  for (let r = 0; r < ih; r++) {
    for (let i = r * iw; i < (r + 1) * iw; i++) {
      const sigma = maxSigma * coc(depth[i]!, focus);
      const g =
        AMOUNT *
        Math.max(0, 1 - sigma / SOFT_FROM) *
        (ids && ids[i]! >> 1 === FLOOR ? FLOOR_SHARE : 1);
      gain[i] = g;
      if (g !== 0) rowOn[r] = 1;
    }
  }
  const sx = iw / width;
  const sy = ih / height;
  const rowOf = (y: number) => Math.min(ih - 1, Math.floor(y * sy));
  let first = -1;
  let last = -1;
  for (let y = 0; y < height; y++) {
    if (!rowOn[rowOf(y)]) continue;
    if (first < 0) first = y;
    last = y;
  }
  if (first < 0) return;
  // only the band of rows that is sharpened is blurred (with the rows its blur reads): the
  // same values there as a blur of the whole frame, at a fraction of the cost when the lens
  // softens most of the set
  const top = Math.max(0, first - MARGIN);
  const bottom = Math.min(height, last + 1 + MARGIN);
  const band = rgb.subarray(top * width * 3, bottom * width * 3);
  const blurred = await sharp(band, { raw: { width, height: bottom - top, channels: 3 } })
    .blur(RADIUS)
    .raw()
    .toBuffer();
  const out = new Uint8ClampedArray(rgb.buffer, rgb.byteOffset, rgb.length);
  const cols = new Int32Array(width);
  for (let x = 0; x < width; x++) cols[x] = Math.min(iw - 1, Math.floor(x * sx));
  for (let y = first; y <= last; y++) {
    const r = rowOf(y);
    if (!rowOn[r]) continue;
    const row = r * iw;
    let o = y * width * 3;
    let b = (y - top) * width * 3;
    for (let x = 0; x < width; x++, o += 3, b += 3) {
      const k = gain[row + cols[x]!]!;
      if (k === 0) continue;
      if (k === FULL) {
        out[o] = SHARPENED[(rgb[o]! << 8) | blurred[b]!]!;
        out[o + 1] = SHARPENED[(rgb[o + 1]! << 8) | blurred[b + 1]!]!;
        out[o + 2] = SHARPENED[(rgb[o + 2]! << 8) | blurred[b + 2]!]!;
        continue;
      }
      out[o] = rgb[o]! + (rgb[o]! - blurred[b]!) * k;
      out[o + 1] = rgb[o + 1]! + (rgb[o + 1]! - blurred[b + 1]!) * k;
      out[o + 2] = rgb[o + 2]! + (rgb[o + 2]! - blurred[b + 2]!) * k;
    }
  }
}

/** the gain of an in-focus pixel as the gain map stores it (a float32) */
const FULL = Math.fround(AMOUNT);

/**
 * A value sharpened at the full gain, by value (high byte) and its blur (low byte): the very
 * expression of the loops, rounded and clamped as a Uint8ClampedArray store does, computed
 * once: the same bytes, and a 64 KB table read instead of a float multiply, round and clamp
 * per value (a flat lay sharpens all 3 M values of a 1024² frame: 22 -> 9 ms).
 */
const SHARPENED = (() => {
  const t = new Uint8ClampedArray(256 * 256);
  for (let v = 0; v < 256; v++) {
    for (let b = 0; b < 256; b++) t[(v << 8) | b] = v + (v - b) * FULL;
  }
  return new Uint8Array(t.buffer);
})();

/**
 * No depth of field (a flat lay): every pixel is in the focal plane and takes the full gain,
 * so no gain map is needed and the frame is one run of values: the same bytes as the general
 * path, ~15 % faster (the gain map and its lookups were a sixth of it).
 */
async function sharpenAll(rgb: Buffer, width: number, height: number): Promise<void> {
  const blurred = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .blur(RADIUS)
    .raw()
    .toBuffer();
  const px = new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length);
  const n = width * height * 3;
  for (let i = 0; i < n; i++) px[i] = SHARPENED[(px[i]! << 8) | blurred[i]!]!;
}
