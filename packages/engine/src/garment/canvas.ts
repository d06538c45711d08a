// The clothing sets are drawn into a linear-light float canvas; the garment goes on last, in
// bytes, so that an opaque garment pixel lit by exactly 1 reaches the file as the photo's own
// byte. Everything here is placement, shadow and light; nothing draws on the garment.
import sharp from "sharp";
import { fringeColour, fringeRadius } from "../composite/edges.ts";
import { gaussianish, resizePlane } from "../cutout/box-filter.ts";
import { encodeTable, LUT_SCALE, linearToSrgb, srgbToLinear } from "../render/color.ts";
import { hash2 } from "../render/noise.ts";
import type { Cutout } from "../types.ts";

/** Linear RGB, row-major, 3 floats a pixel. */
export interface Canvas {
  w: number;
  h: number;
  rgb: Float32Array;
}

export function newCanvas(w: number, h: number): Canvas {
  return { w, h, rgb: new Float32Array(w * h * 3) };
}

/** The garment (or anything placed) as straight-alpha RGBA at (x, y) in the frame. */
export interface Layer {
  x: number;
  y: number;
  w: number;
  h: number;
  rgba: Buffer;
  /** optional per-pixel light factor (1 = as photographed), same size as the layer */
  light?: Float32Array;
}

/** The cut-out's bounding box resized to w × h (Lanczos on premultiplied alpha, as place.ts). */
export async function garmentLayer(cut: Cutout, w: number, h: number): Promise<Buffer> {
  const { x, y, width, height } = cut.bbox;
  return sharp(cut.rgba, { raw: { width: cut.width, height: cut.height, channels: 4 } })
    .extract({ left: x, top: y, width, height })
    .resize(Math.max(1, Math.round(w)), Math.max(1, Math.round(h)), {
      fit: "fill",
      kernel: "lanczos3",
    })
    .raw()
    .toBuffer();
}

/**
 * The garment fitted into maxW × maxH (its proportions kept), centred across the frame's width W,
 * its top where `top` puts it for the height it came out at.
 */
export async function centredGarment(
  cut: Cutout,
  W: number,
  maxW: number,
  maxH: number,
  top: (h: number) => number,
): Promise<Layer> {
  const { w, h } = fitSize(cut, maxW, maxH);
  return { x: Math.round((W - w) / 2), y: top(h), w, h, rgba: await garmentLayer(cut, w, h) };
}

/** The size the garment takes to fit a box, keeping its proportions. */
export function fitSize(
  cut: Pick<Cutout, "bbox">,
  maxW: number,
  maxH: number,
): { w: number; h: number } {
  const s = Math.min(maxW / cut.bbox.width, maxH / cut.bbox.height);
  return {
    w: Math.max(1, Math.round(cut.bbox.width * s)),
    h: Math.max(1, Math.round(cut.bbox.height * s)),
  };
}

/** The layer's alpha as a frame-sized plane (0..1). */
export function alphaPlane(layer: Layer, W: number, H: number): Float32Array {
  const out = new Float32Array(W * H);
  for (let y = 0; y < layer.h; y++) {
    const fy = layer.y + y;
    if (fy < 0 || fy >= H) continue;
    for (let x = 0; x < layer.w; x++) {
      const fx = layer.x + x;
      if (fx < 0 || fx >= W) continue;
      out[fy * W + fx] = layer.rgba[(y * layer.w + x) * 4 + 3]! / 255;
    }
  }
  return out;
}

/**
 * A soft shadow: the occluder's coverage moved by (dx, dy) and blurred by sigma pixels,
 * worked at a quarter size (a shadow this soft has no detail to lose).
 */
export function softShadow(
  occluder: Float32Array,
  W: number,
  H: number,
  dx: number,
  dy: number,
  sigma: number,
): Float32Array {
  const k = sigma >= 8 ? 4 : sigma >= 3 ? 2 : 1;
  const w = Math.max(1, Math.round(W / k));
  const h = Math.max(1, Math.round(H / k));
  const small = k === 1 ? occluder : resizePlane(occluder, W, H, w, h);
  const moved = new Float32Array(w * h);
  const ox = Math.round(dx / k);
  const oy = Math.round(dy / k);
  for (let y = 0; y < h; y++) {
    const sy = y - oy;
    if (sy < 0 || sy >= h) continue;
    for (let x = 0; x < w; x++) {
      const sx = x - ox;
      if (sx < 0 || sx >= w) continue;
      moved[y * w + x] = small[sy * w + sx]!;
    }
  }
  const blurred = gaussianish(moved, w, h, sigma / k);
  return k === 1 ? blurred : resizePlane(blurred, w, h, W, H);
}

/** Darken the canvas by a shadow plane: c *= 1 - strength * s, tinted toward `tint`. */
export function applyShadow(
  c: Canvas,
  shadow: Float32Array,
  strength: number,
  tint: readonly [number, number, number] = [1, 1, 1],
): void {
  for (let i = 0; i < shadow.length; i++) {
    const s = Math.min(1, shadow[i]!) * strength;
    if (s <= 0) continue;
    c.rgb[i * 3]! *= 1 - s * tint[0];
    c.rgb[i * 3 + 1]! *= 1 - s * tint[1];
    c.rgb[i * 3 + 2]! *= 1 - s * tint[2];
  }
}

let toLinear: Float32Array | undefined;
function linearTable(): Float32Array {
  if (!toLinear) {
    toLinear = new Float32Array(256);
    for (let i = 0; i < 256; i++) toLinear[i] = srgbToLinear(i);
  }
  return toLinear;
}

/** The canvas as sRGB bytes: soft highlight shoulder and ±1 level of dither against banding. */
export function encodeCanvas(c: Canvas, seed: number): Buffer {
  const lut = encodeTable();
  const out = Buffer.allocUnsafe(c.w * c.h * 3);
  const max = lut.length - 1;
  for (let y = 0; y < c.h; y++) {
    for (let x = 0; x < c.w; x++) {
      const n = (hash2(x + seed * 7, y) - 0.5) * 1.2;
      const i = (y * c.w + x) * 3;
      for (let k = 0; k < 3; k++) {
        const v = lut[Math.max(0, Math.min(max, Math.round(c.rgb[i + k]! * LUT_SCALE)))]! + n;
        out[i + k] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
      }
    }
  }
  return out;
}

/**
 * Put a layer over sRGB bytes, blending in linear light. An opaque pixel whose light factor is
 * exactly 1 is copied byte for byte: the photo's own pixel.
 */
export function drawLayer(out: Buffer, W: number, H: number, layer: Layer): void {
  const lin = linearTable();
  // a fringe pixel's colour still holds some of the photo's white backdrop: pulled towards the
  // garment's colour nearby, as a product's is (composite/edges.ts) but twice as hard (all of
  // it at half cover: a catalogue's backdrop is white, the garment's colour a pixel in is the
  // better guess), it no longer draws "a white, jagged fringe" round a velvet top on planks
  // (round 20)
  const rad = fringeRadius(layer.w, layer.h);
  const pulled = new Float32Array(3);
  for (let y = 0; y < layer.h; y++) {
    const fy = layer.y + y;
    if (fy < 0 || fy >= H) continue;
    for (let x = 0; x < layer.w; x++) {
      const fx = layer.x + x;
      if (fx < 0 || fx >= W) continue;
      const li = y * layer.w + x;
      const a8 = layer.rgba[li * 4 + 3]!;
      if (a8 === 0) continue;
      const o = (fy * W + fx) * 3;
      const L = layer.light ? layer.light[li]! : 1;
      if (a8 === 255 && L === 1) {
        out[o] = layer.rgba[li * 4]!;
        out[o + 1] = layer.rgba[li * 4 + 1]!;
        out[o + 2] = layer.rgba[li * 4 + 2]!;
        continue;
      }
      const a = a8 / 255;
      if (a8 === 255) {
        pulled[0] = layer.rgba[li * 4]!;
        pulled[1] = layer.rgba[li * 4 + 1]!;
        pulled[2] = layer.rgba[li * 4 + 2]!;
      } else fringeColour(layer.rgba, layer.w, layer.h, x, y, rad, pulled, 2);
      for (let k = 0; k < 3; k++) {
        const g = lin[Math.round(pulled[k]!)]! * L;
        out[o + k] = linearToSrgb(g * a + lin[out[o + k]!]! * (1 - a));
      }
    }
  }
}

/** Read back a linear colour of the canvas (for sampling what a surface looks like). */
export function sampleLinear(c: Canvas, x: number, y: number): [number, number, number] {
  const i =
    (Math.max(0, Math.min(c.h - 1, Math.round(y))) * c.w +
      Math.max(0, Math.min(c.w - 1, Math.round(x)))) *
    3;
  return [c.rgb[i]!, c.rgb[i + 1]!, c.rgb[i + 2]!];
}

/**
 * The set's light on the garment: `f` sampled over the layer, divided by its value at the
 * garment's centre (the photo's exposure stays the reference) and clamped to [lo, hi]. A smooth
 * f gives a smooth factor: light, never texture.
 */
export function lightLayer(
  layer: Layer,
  f: (x: number, y: number) => number,
  lo: number,
  hi: number,
): void {
  const ref = f(layer.x + layer.w / 2, layer.y + layer.h / 2) || 1;
  const light = new Float32Array(layer.w * layer.h);
  // sampled every 8 px and interpolated: the factor is low-frequency by construction
  const step = 8;
  const gw = Math.ceil(layer.w / step) + 1;
  const gh = Math.ceil(layer.h / step) + 1;
  const grid = new Float32Array(gw * gh);
  for (let j = 0; j < gh; j++) {
    for (let i = 0; i < gw; i++) {
      const v = f(layer.x + i * step, layer.y + j * step) / ref;
      grid[j * gw + i] = Math.max(lo, Math.min(hi, v));
    }
  }
  for (let y = 0; y < layer.h; y++) {
    const gy = y / step;
    const j0 = Math.floor(gy);
    const ty = gy - j0;
    for (let x = 0; x < layer.w; x++) {
      const gx = x / step;
      const i0 = Math.floor(gx);
      const tx = gx - i0;
      const a = grid[j0 * gw + i0]!;
      const b = grid[j0 * gw + i0 + 1]!;
      const c = grid[(j0 + 1) * gw + i0]!;
      const d = grid[(j0 + 1) * gw + i0 + 1]!;
      light[y * layer.w + x] = (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty;
    }
  }
  layer.light = light;
}

/**
 * The set's last step, alike in every style: the canvas encoded to bytes, then the garment lit
 * by `light` (kept between lo and hi, see lightLayer) and drawn over it.
 */
export function encodeWithGarment(
  c: Canvas,
  seed: number,
  layer: Layer,
  light: (x: number, y: number) => number,
  lo: number,
  hi: number,
): Buffer {
  const out = encodeCanvas(c, seed);
  lightLayer(layer, light, lo, hi);
  drawLayer(out, c.w, c.h, layer);
  return out;
}
