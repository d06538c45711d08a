// Thin structures the segmentation model misses (bicycle spokes, chair legs, jewellery chains,
// straps): at its 1024² working size they are under a pixel wide, so the matte drops them. On a
// plain backdrop the photo itself still shows them: pixels inside the product's box that differ
// clearly from the backdrop's colour, and are thin, are given back to the product. Shadows are
// not: a pixel that is the backdrop's own colour, only darker, stays background. Only alpha
// changes; the photo's pixels are untouched.

interface Backdrop {
  color: [number, number, number];
}

/** the border's colour when the border is one plain colour (a studio backdrop), else null */
export function plainBackdrop(rgba: Buffer, width: number, height: number): Backdrop | null {
  const px: [number, number, number][] = [];
  const step = Math.max(1, Math.floor((width + height) / 400));
  const at = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    px.push([rgba[i]!, rgba[i + 1]!, rgba[i + 2]!]);
  };
  for (let x = 0; x < width; x += step) {
    at(x, 0);
    at(x, height - 1);
  }
  for (let y = 0; y < height; y += step) {
    at(0, y);
    at(width - 1, y);
  }
  const med = [0, 1, 2].map((c) => {
    const v = px.map((p) => p[c]!).sort((a, b) => a - b);
    return v[v.length >> 1]!;
  }) as [number, number, number];
  const near = px.filter(
    (p) => Math.max(Math.abs(p[0] - med[0]), Math.abs(p[1] - med[1]), Math.abs(p[2] - med[2])) < 24,
  ).length;
  // 0.9: at 0.8 the team's photos on textured tables passed for plain and lost IoU
  return near / px.length >= 0.9 ? { color: med } : null;
}

/**
 * Adds thin, clearly-not-backdrop pixels inside `box` to the matte (alpha channel of `out`).
 * Returns how many pixels were added.
 */
export function recoverThinStructures(
  out: Buffer,
  width: number,
  height: number,
  box: { x: number; y: number; width: number; height: number },
  backdrop: Backdrop,
): number {
  const [br, bg, bb] = backdrop.color;
  const x0 = Math.max(0, box.x);
  const y0 = Math.max(0, box.y);
  const x1 = Math.min(width - 1, box.x + box.width - 1);
  const y1 = Math.min(height - 1, box.y + box.height - 1);
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  if (bw < 8 || bh < 8) return 0;
  const cand = new Uint8Array(bw * bh);
  const strength = new Float32Array(bw * bh);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = (y * width + x) * 4;
      if (out[i + 3]! >= 128) continue;
      const r = out[i]!;
      const g = out[i + 1]!;
      const b = out[i + 2]!;
      const d = Math.max(Math.abs(r - br), Math.abs(g - bg), Math.abs(b - bb));
      if (d < 60) continue;
      // the backdrop's colour in shade (a shadow), or brighter (a reflection): background
      const kr = r / Math.max(1, br);
      const kg = g / Math.max(1, bg);
      const kb = b / Math.max(1, bb);
      const lo = Math.min(kr, kg, kb);
      const hi = Math.max(kr, kg, kb);
      if (lo > 0.4 && hi - lo < 0.1) continue;
      const k = (y - y0) * bw + (x - x0);
      cand[k] = 1;
      strength[k] = Math.min(1, (d - 40) / 60);
    }
  }
  // thin only: a candidate whose whole neighbourhood is candidate is part of a thick thing the
  // model chose to leave out (another object, a prop), not a spoke
  const r = Math.max(2, Math.round(Math.max(bw, bh) * 0.006));
  const full = (2 * r + 1) ** 2;
  const sat = new Uint32Array((bw + 1) * (bh + 1));
  for (let y = 0; y < bh; y++) {
    let row = 0;
    for (let x = 0; x < bw; x++) {
      row += cand[y * bw + x]!;
      sat[(y + 1) * (bw + 1) + x + 1] = sat[y * (bw + 1) + x + 1]! + row;
    }
  }
  const sum = (xa: number, ya: number, xb: number, yb: number) =>
    sat[yb * (bw + 1) + xb]! -
    sat[ya * (bw + 1) + xb]! -
    sat[yb * (bw + 1) + xa]! +
    sat[ya * (bw + 1) + xa]!;
  let added = 0;
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const k = y * bw + x;
      if (!cand[k]) continue;
      const xa = x - r;
      const ya = y - r;
      const xb = x + r + 1;
      const yb = y + r + 1;
      if (xa >= 0 && ya >= 0 && xb <= bw && yb <= bh && sum(xa, ya, xb, yb) >= full * 0.85)
        continue;
      const i = ((y + y0) * width + (x + x0)) * 4 + 3;
      const a = Math.round(255 * strength[k]!);
      if (a > out[i]!) {
        out[i] = a;
        added++;
      }
    }
  }
  return added;
}
