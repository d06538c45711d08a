// Colours for a set, drawn from the product's own colours: a pastel backdrop in a
// complementary or analogous hue that separates from the product, a surface tint and an
// accent for props. Colour words in the prompt take over from the product.
import type { RGB } from "../types.ts";

export interface Palette {
  backdrop: RGB;
  surface: RGB;
  accent: RGB;
  deep: RGB;
}

export function rgbToHsl([r8, g8, b8]: RGB): [number, number, number] {
  const r = r8 / 255;
  const g = g8 / 255;
  const b = b8 / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h *= 60;
  return [h, s, l];
}

export function hslToRgb(h: number, s: number, l: number): RGB {
  const hh = (((h % 360) + 360) % 360) / 360;
  const f = (t: number) => {
    let x = t;
    if (x < 0) x += 1;
    if (x > 1) x -= 1;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  if (s === 0) return [Math.round(l * 255), Math.round(l * 255), Math.round(l * 255)];
  return [
    Math.round(f(hh + 1 / 3) * 255),
    Math.round(f(hh) * 255),
    Math.round(f(hh - 1 / 3) * 255),
  ];
}

/** curated backdrop hues for neutral (black, white, grey, metal) products */
const NEUTRAL_HUES = [28, 150, 350, 205, 45, 265];

export type Harmony = "complement" | "analogous" | "split";

/**
 * @param product product colours, most frequent first
 * @param named colours named in the prompt (first wins)
 * @param pick a number in [0, 1) from the seed, to vary hue choices between variants
 */
export function makePalette(product: RGB[], named: RGB[], harmony: Harmony, pick: number): Palette {
  const first = named[0];
  if (first) {
    const [h, s, l] = rgbToHsl(first);
    const neutral = s < 0.12;
    return {
      backdrop: neutral
        ? hslToRgb(h, s, Math.min(0.93, Math.max(0.12, l)))
        : hslToRgb(h, Math.min(0.55, s * 0.75), 0.8),
      surface: neutral
        ? hslToRgb(h, s, Math.min(0.96, l + 0.06))
        : hslToRgb(h, Math.min(0.5, s * 0.6), 0.87),
      accent: named[1] ?? hslToRgb(h, Math.min(0.75, s), Math.min(0.62, Math.max(0.4, l))),
      deep: hslToRgb(h, Math.min(0.7, s), Math.min(0.6, Math.max(0.35, l))),
    };
  }
  // the product's most colourful dominant colour leads the harmony
  let lead: RGB = product[0] ?? [128, 128, 128];
  let best = -1;
  for (const c of product.slice(0, 3)) {
    const [, s, l] = rgbToHsl(c);
    const score = s * (1 - Math.abs(l - 0.5));
    if (score > best) {
      best = score;
      lead = c;
    }
  }
  const [h, s, l] = rgbToHsl(lead);
  const [, , l0] = rgbToHsl(product[0] ?? lead);
  const neutral = s < 0.15 || l < 0.08 || l > 0.94;
  const hue = neutral
    ? NEUTRAL_HUES[Math.floor(pick * NEUTRAL_HUES.length)]!
    : harmony === "complement"
      ? h + 180
      : harmony === "analogous"
        ? h + (pick < 0.5 ? -35 : 35)
        : h + (pick < 0.5 ? 150 : 210);
  // keep the backdrop away from the product's lightness so the product separates
  const bl = l0 > 0.78 ? 0.7 : 0.86;
  const sat = neutral ? 0.28 : 0.34;
  return {
    backdrop: hslToRgb(hue, sat, bl),
    surface: hslToRgb(hue, sat * 0.8, Math.min(0.92, bl + 0.06)),
    accent: hslToRgb(neutral ? hue + 25 : h, neutral ? 0.35 : Math.min(0.55, s), 0.62),
    deep: hslToRgb(hue, 0.42, 0.6),
  };
}
