// How much of the grain measured on the product is the camera's, and how much is the product's
// own texture. Fur, knit, suede and glitter read as grain to any noise estimator; the photo's
// backdrop (the cut-out keeps its pixels, alpha 0, untouched) is usually a wall, a sweep or a
// table, where what varies from pixel to pixel is the sensor. Both are read at the photo's own
// pixels in a few windows; the backdrop's figure over the product's bounds the grain the set
// takes (1 = all of it is the camera's; 0.2 = mostly texture).
import type { Cutout } from "../types.ts";
import { measureNoise, planes } from "./grain-measure.ts";

/** window sides tried, largest first: a small photo or a narrow backdrop needs the smaller */
const WINDOWS = [64, 32];
const MAX_WINDOWS = 8;
const cache = new WeakMap<Buffer, number>();

export function sensorShare(cut: Pick<Cutout, "rgba" | "width" | "height">): number {
  const known = cache.get(cut.rgba);
  if (known !== undefined) return known;
  let share = 1;
  for (const win of WINDOWS) {
    const s = shareAt(cut, win);
    if (s !== undefined) {
      share = s;
      break;
    }
  }
  cache.set(cut.rgba, share);
  return share;
}

function shareAt(cut: Pick<Cutout, "rgba" | "width" | "height">, WIN: number): number | undefined {
  const back: number[] = [];
  const front: number[] = [];
  const { width, height, rgba } = cut;
  const windowsOf = (alpha: number) => {
    const found: [number, number][] = [];
    // half-overlapping windows, so a narrow strip of backdrop still holds some
    for (let y = 0; y + WIN <= height; y += WIN / 2)
      for (let x = 0; x + WIN <= width; x += WIN / 2)
        if (uniform(cut, x, y, alpha, WIN)) found.push([x, y]);
    // spread over the photo rather than the first rows
    const every = Math.max(1, Math.floor(found.length / MAX_WINDOWS));
    return found.filter((_, i) => i % every === 0).slice(0, MAX_WINDOWS);
  };
  for (const [x, y] of windowsOf(0)) {
    const n = noiseAt(rgba, width, x, y, WIN);
    if (n !== undefined) back.push(n);
  }
  for (const [x, y] of windowsOf(255)) {
    const n = noiseAt(rgba, width, x, y, WIN);
    if (n !== undefined) front.push(n);
  }
  if (back.length < 2 || front.length < 1) return undefined;
  const b = median(back);
  const f = median(front);
  return f > 0 ? Math.min(1, b / f) : 1;
}

/** every 4th pixel of the window has this alpha */
function uniform(
  cut: Pick<Cutout, "rgba" | "width">,
  x0: number,
  y0: number,
  alpha: number,
  WIN: number,
) {
  for (let y = y0; y < y0 + WIN; y += 4)
    for (let x = x0; x < x0 + WIN; x += 4)
      if (cut.rgba[(y * cut.width + x) * 4 + 3] !== alpha) return false;
  return true;
}

/** the window's grain, or undefined where it is clipped (a blown-out sweep shows no grain) */
function noiseAt(
  rgba: Buffer,
  width: number,
  x: number,
  y: number,
  WIN: number,
): number | undefined {
  const region = { data: rgba, channels: 4 as const, stride: width, x, y, width: WIN, height: WIN };
  const p = planes(region);
  let mean = 0;
  for (let i = 0; i < p.Y.length; i++) mean += p.Y[i]!;
  mean /= p.Y.length;
  if (mean > 248 || mean < 8) return undefined;
  return measureNoise(p, WIN, WIN, undefined, 1, 1).luma;
}

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}
