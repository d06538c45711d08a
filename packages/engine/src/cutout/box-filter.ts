// Separable running-sum box filter on a single float channel, O(1) per pixel whatever the
// radius. Three passes approximate a Gaussian; the guided filter needs exactly one.

export function boxFilter(
  src: Float32Array,
  width: number,
  height: number,
  radius: number,
  out: Float32Array = new Float32Array(src.length),
): Float32Array {
  const r = Math.max(0, Math.floor(radius));
  if (r === 0) {
    out.set(src);
    return out;
  }
  const tmp = new Float32Array(src.length);
  // horizontal: mean over the window clipped at the borders (normalised by its true size)
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    let count = 0;
    for (let x = 0; x < Math.min(r, width); x++) {
      sum += src[row + x]!;
      count++;
    }
    for (let x = 0; x < width; x++) {
      const add = x + r;
      if (add < width) {
        sum += src[row + add]!;
        count++;
      }
      const drop = x - r - 1;
      if (drop >= 0) {
        sum -= src[row + drop]!;
        count--;
      }
      tmp[row + x] = sum / count;
    }
  }
  // vertical: running sums per column, walked row by row (sequential memory, unlike a
  // column-by-column walk)
  const col = new Float64Array(width);
  let count = 0;
  for (let y = 0; y < Math.min(r, height); y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) col[x]! += tmp[row + x]!;
    count++;
  }
  for (let y = 0; y < height; y++) {
    const add = y + r;
    if (add < height) {
      const row = add * width;
      for (let x = 0; x < width; x++) col[x]! += tmp[row + x]!;
      count++;
    }
    const drop = y - r - 1;
    if (drop >= 0) {
      const row = drop * width;
      for (let x = 0; x < width; x++) col[x]! -= tmp[row + x]!;
      count--;
    }
    const o = y * width;
    const inv = 1 / count;
    for (let x = 0; x < width; x++) out[o + x] = col[x]! * inv;
  }
  return out;
}

/** Approximate Gaussian blur with standard deviation ≈ sigma (three box passes). */
export function gaussianish(
  src: Float32Array,
  width: number,
  height: number,
  sigma: number,
): Float32Array {
  if (sigma < 0.5) return Float32Array.from(src);
  // box radius for three passes: variance of a box of width w is (w² - 1) / 12
  const r = Math.max(1, Math.round((Math.sqrt(4 * sigma * sigma + 1) - 1) / 2));
  const a = boxFilter(src, width, height, r);
  const b = boxFilter(a, width, height, r);
  return boxFilter(b, width, height, r, a);
}

/** Bilinear resize of a float plane (pixel centres aligned, as sharp and OpenCV do). */
export function resizePlane(
  src: Float32Array,
  sw: number,
  sh: number,
  dw: number,
  dh: number,
): Float32Array {
  const out = new Float32Array(dw * dh);
  const sx = sw / dw;
  const sy = sh / dh;
  const x0s = new Int32Array(dw);
  const x1s = new Int32Array(dw);
  const fxs = new Float32Array(dw);
  for (let x = 0; x < dw; x++) {
    const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), sw - 1);
    const x0 = Math.floor(fx);
    x0s[x] = x0;
    x1s[x] = Math.min(x0 + 1, sw - 1);
    fxs[x] = fx - x0;
  }
  for (let y = 0; y < dh; y++) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), sh - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, sh - 1);
    const wy = fy - y0;
    const r0 = y0 * sw;
    const r1 = y1 * sw;
    const o = y * dw;
    for (let x = 0; x < dw; x++) {
      const a = x0s[x]!;
      const b = x1s[x]!;
      const wx = fxs[x]!;
      const top = src[r0 + a]! + (src[r0 + b]! - src[r0 + a]!) * wx;
      const bot = src[r1 + a]! + (src[r1 + b]! - src[r1 + a]!) * wx;
      out[o + x] = top + (bot - top) * wy;
    }
  }
  return out;
}
