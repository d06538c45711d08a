// Colour helpers: the renderer shades in linear light and encodes to sRGB through a table.
import type { RGB } from "../types.ts";

export function srgbToLinear(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function linearToSrgb(l: number): number {
  const v = l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, Math.round(v * 255)));
}

export type Vec3 = [number, number, number];

export function linearRgb(c: RGB): Vec3 {
  return [srgbToLinear(c[0]), srgbToLinear(c[1]), srgbToLinear(c[2])];
}

const LUT_SIZE = 4096;
const LUT_MAX = 1.5;
let encodeLut: Uint8Array | undefined;

/**
 * Linear → sRGB byte with a soft shoulder above 0.8 so bright highlights roll off instead of
 * clipping (a hard clip reads as "computer graphics" on white sweeps).
 */
export function encodeTable(): Uint8Array {
  if (encodeLut) return encodeLut;
  const lut = new Uint8Array(LUT_SIZE + 1);
  for (let i = 0; i <= LUT_SIZE; i++) {
    const x = (i / LUT_SIZE) * LUT_MAX;
    const k = 0.8;
    const y = x <= k ? x : k + (1 - k) * (1 - Math.exp(-(x - k) / (1 - k)));
    lut[i] = linearToSrgb(y);
  }
  encodeLut = lut;
  return lut;
}

export const LUT_SCALE = LUT_SIZE / LUT_MAX;

/** black-body colour of a light, normalised so its brightest channel is 1 (linear) */
export function kelvinToLinear(kelvin: number): Vec3 {
  const t = Math.max(1000, Math.min(40000, kelvin)) / 100;
  let r: number;
  let g: number;
  let b: number;
  if (t <= 66) {
    r = 255;
    g = 99.4708025861 * Math.log(t) - 161.1195681661;
    b = t <= 19 ? 0 : 138.5177312231 * Math.log(t - 10) - 305.0447927307;
  } else {
    r = 329.698727446 * (t - 60) ** -0.1332047592;
    g = 288.1221695283 * (t - 60) ** -0.0755148492;
    b = 255;
  }
  const lin: Vec3 = [
    srgbToLinear(clamp255(r)),
    srgbToLinear(clamp255(g)),
    srgbToLinear(clamp255(b)),
  ];
  const m = Math.max(lin[0], lin[1], lin[2]);
  return [lin[0] / m, lin[1] / m, lin[2] / m];
}

function clamp255(v: number): number {
  return Math.max(0, Math.min(255, v));
}

export function mixRgb(a: RGB, b: RGB, t: number): RGB {
  return [
    Math.round(a[0] + (b[0] - a[0]) * t),
    Math.round(a[1] + (b[1] - a[1]) * t),
    Math.round(a[2] + (b[2] - a[2]) * t),
  ];
}
