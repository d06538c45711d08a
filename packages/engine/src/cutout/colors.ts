import type { RGB } from "../types.ts";

/**
 * Dominant colours of the product's opaque pixels, most frequent first. A 4-bit-per-channel
 * histogram, then each bin's mean; bins closer than a visible difference are merged so a
 * shaded bottle yields "green, cream, gold", not five greens.
 */
export function dominantColors(rgba: Buffer, max = 5): RGB[] {
  const count = new Uint32Array(4096);
  const sums = new Float64Array(4096 * 3);
  const n = rgba.length / 4;
  // sample at most ~200k pixels: the answer does not change, the time does
  const step = Math.max(1, Math.floor(n / 200_000));
  for (let p = 0; p < n; p += step) {
    const i = p * 4;
    if (rgba[i + 3]! < 200) continue;
    const r = rgba[i]!;
    const g = rgba[i + 1]!;
    const b = rgba[i + 2]!;
    const bin = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    count[bin]!++;
    sums[bin * 3] = sums[bin * 3]! + r;
    sums[bin * 3 + 1] = sums[bin * 3 + 1]! + g;
    sums[bin * 3 + 2] = sums[bin * 3 + 2]! + b;
  }
  const bins = [...count.keys()].filter((b) => count[b]! > 0).sort((a, b) => count[b]! - count[a]!);
  const picked: { c: [number, number, number]; w: number }[] = [];
  for (const bin of bins) {
    const w = count[bin]!;
    const c: [number, number, number] = [
      sums[bin * 3]! / w,
      sums[bin * 3 + 1]! / w,
      sums[bin * 3 + 2]! / w,
    ];
    const near = picked.find((p) => Math.hypot(p.c[0] - c[0], p.c[1] - c[1], p.c[2] - c[2]) < 48);
    if (near) {
      const t = near.w + w;
      near.c = [
        (near.c[0] * near.w + c[0] * w) / t,
        (near.c[1] * near.w + c[1] * w) / t,
        (near.c[2] * near.w + c[2] * w) / t,
      ];
      near.w = t;
    } else if (picked.length < max * 3) {
      picked.push({ c, w });
    }
  }
  return picked
    .sort((a, b) => b.w - a.w)
    .slice(0, max)
    .map((p) => [Math.round(p.c[0]), Math.round(p.c[1]), Math.round(p.c[2])] as const);
}
