// Fitting a garment to a dress form: measuring its shoulder line and body widths, and the warp
// that moves its pixels (geometry only: decision 0700 says what the fitting may change).

/**
 * The garment's shoulder line: the first row whose outer extent reaches 60 % of the widest
 * row in its upper 40 % (below a collar or a strap's top). 0 for bottoms (the waistband).
 */
export function shoulderRow(layer: { w: number; h: number; rgba: Buffer }): number {
  const extent = (y: number) => {
    let l = -1;
    let r = -1;
    for (let x = 0; x < layer.w; x++) {
      if (layer.rgba[(y * layer.w + x) * 4 + 3]! > 128) {
        if (l < 0) l = x;
        r = x;
      }
    }
    return l < 0 ? 0 : r - l + 1;
  };
  const upto = Math.floor(layer.h * 0.4);
  let max = 0;
  for (let y = 0; y < upto; y++) max = Math.max(max, extent(y));
  for (let y = 0; y < upto; y++) if (extent(y) >= 0.6 * max) return y;
  return 0;
}

/** per source row: the width of the run holding the centre (the body, without loose sleeves) */
export function centreWidths(layer: { w: number; h: number; rgba: Buffer }): Float32Array {
  const out = new Float32Array(layer.h);
  const cx = Math.round(layer.w / 2);
  for (let y = 0; y < layer.h; y++) {
    const row = y * layer.w;
    const on = (x: number) => layer.rgba[(row + x) * 4 + 3]! > 128;
    let a = cx;
    let b = cx;
    if (!on(cx)) {
      // an opening at the centre (a neckline): measure from the outer edges instead
      let l = 0;
      while (l < layer.w && !on(l)) l++;
      let r = layer.w - 1;
      while (r > 0 && !on(r)) r--;
      out[y] = Math.max(0, r - l + 1);
      continue;
    }
    while (a > 0 && on(a - 1)) a--;
    while (b < layer.w - 1 && on(b + 1)) b++;
    out[y] = b - a + 1;
  }
  return out;
}

export function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** inverse-mapped bilinear resampling on premultiplied alpha: geometry only */
export function warp(
  src: { w: number; h: number; rgba: Buffer },
  scale: number,
  factor: Float32Array,
  dw: number,
  dh: number,
): Buffer {
  const out = Buffer.alloc(dw * dh * 4);
  const scx = src.w / 2;
  const dcx = dw / 2;
  for (let y = 0; y < dh; y++) {
    const sy = Math.min(src.h - 1, Math.max(0, (y + 0.5) / scale - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(src.h - 1, y0 + 1);
    const ty = sy - y0;
    const k = scale * factor[y]!;
    for (let x = 0; x < dw; x++) {
      const sx = scx + (x + 0.5 - dcx) / k - 0.5;
      if (sx < -1 || sx > src.w) continue;
      const x0 = Math.floor(sx);
      const tx = sx - x0;
      let r = 0;
      let gg = 0;
      let b = 0;
      let a = 0;
      for (const [xx, yy, wgt] of [
        [x0, y0, (1 - tx) * (1 - ty)],
        [x0 + 1, y0, tx * (1 - ty)],
        [x0, y1, (1 - tx) * ty],
        [x0 + 1, y1, tx * ty],
      ] as const) {
        if (xx < 0 || xx >= src.w || wgt === 0) continue;
        const i = (yy * src.w + xx) * 4;
        const aa = (src.rgba[i + 3]! / 255) * wgt;
        r += src.rgba[i]! * aa;
        gg += src.rgba[i + 1]! * aa;
        b += src.rgba[i + 2]! * aa;
        a += aa;
      }
      if (a <= 0) continue;
      const o = (y * dw + x) * 4;
      out[o] = Math.round(r / a);
      out[o + 1] = Math.round(gg / a);
      out[o + 2] = Math.round(b / a);
      out[o + 3] = Math.round(a * 255);
    }
  }
  return out;
}
