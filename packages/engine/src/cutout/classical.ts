// Classical separation for photos on a plain backdrop (paper sweep, white table, light box):
// the backdrop colour is read from the image border, then a flood fill from the border claims
// every connected pixel close to it. What is left and touches no border is the product. Soft
// shadows on the backdrop differ mostly in brightness, so brightness counts less than hue.

export interface ClassicalResult {
  /** 0/1 foreground at the working resolution */
  mask: Float32Array;
  /** fraction of the border that matched the backdrop colour */
  borderAgreement: number;
}

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  return values[values.length >> 1] ?? 0;
}

/**
 * @param rgb 3-channel pixels at a working resolution (≤ 1024 px side is plenty)
 * @returns null when the border is not a plain backdrop or nothing stands out from it
 */
export function classicalMask(rgb: Buffer, width: number, height: number): ClassicalResult | null {
  const n = width * height;
  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) border.push(y * width, y * width + width - 1);
  const bg = [0, 1, 2].map((c) => median(border.map((i) => rgb[i * 3 + c]!)));
  const [br, bgG, bb] = bg as [number, number, number];
  const bgLum = 0.299 * br + 0.587 * bgG + 0.114 * bb;

  // distance to the backdrop: chroma fully, brightness at 40 % (shadows and vignetting)
  const dist = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = rgb[i * 3]!;
    const g = rgb[i * 3 + 1]!;
    const b = rgb[i * 3 + 2]!;
    const lum = 0.299 * r + 0.587 * g + 0.114 * b;
    const dl = lum - bgLum;
    const cr = r - lum - (br - bgLum);
    const cg = g - lum - (bgG - bgLum);
    const cb = b - lum - (bb - bgLum);
    // darker than the backdrop is likelier shadow than product; brighter is not
    const lw = dl < 0 ? 0.4 : 0.8;
    dist[i] = Math.sqrt(dl * dl * lw * lw + cr * cr + cg * cg + cb * cb);
  }
  const T = 28;
  let agree = 0;
  for (const i of border) if (dist[i]! < T) agree++;
  const borderAgreement = agree / border.length;
  if (borderAgreement < 0.8) return null;

  const isBg = new Uint8Array(n);
  const stack = new Int32Array(n);
  let sp = 0;
  for (const i of border) {
    if (dist[i]! < T && !isBg[i]) {
      isBg[i] = 1;
      stack[sp++] = i;
    }
  }
  while (sp > 0) {
    const i = stack[--sp]!;
    const x = i % width;
    const neighbours = [
      x > 0 ? i - 1 : -1,
      x < width - 1 ? i + 1 : -1,
      i >= width ? i - width : -1,
      i < n - width ? i + width : -1,
    ];
    for (const j of neighbours) {
      if (j < 0 || isBg[j]) continue;
      // a pixel joins when it is close to the backdrop and no edge separates it from its
      // neighbour (catches slow gradients without leaking across the product's outline)
      if (dist[j]! < T * 1.6 && Math.abs(dist[j]! - dist[i]!) < 10) {
        isBg[j] = 1;
        stack[sp++] = j;
      }
    }
  }
  const mask = keepMainComponents(isBg, width, height);
  let fg = 0;
  for (let i = 0; i < n; i++) fg += mask[i]!;
  if (fg < n * 0.003 || fg > n * 0.95) return null;
  return { mask, borderAgreement };
}

// Drop specks (dust, texture of the backdrop): keep components at least 5 % of the largest.
export function keepMainComponents(isBg: Uint8Array, width: number, height: number): Float32Array {
  const n = width * height;
  const label = new Int32Array(n).fill(-1);
  const sizes: number[] = [];
  const stack = new Int32Array(n);
  for (let s = 0; s < n; s++) {
    if (isBg[s] || label[s]! >= 0) continue;
    const id = sizes.length;
    let size = 0;
    let sp = 0;
    stack[sp++] = s;
    label[s] = id;
    while (sp > 0) {
      const i = stack[--sp]!;
      size++;
      const x = i % width;
      if (x > 0 && !isBg[i - 1] && label[i - 1]! < 0) {
        label[i - 1] = id;
        stack[sp++] = i - 1;
      }
      if (x < width - 1 && !isBg[i + 1] && label[i + 1]! < 0) {
        label[i + 1] = id;
        stack[sp++] = i + 1;
      }
      if (i >= width && !isBg[i - width] && label[i - width]! < 0) {
        label[i - width] = id;
        stack[sp++] = i - width;
      }
      if (i < n - width && !isBg[i + width] && label[i + width]! < 0) {
        label[i + width] = id;
        stack[sp++] = i + width;
      }
    }
    sizes.push(size);
  }
  const largest = Math.max(0, ...sizes);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const l = label[i]!;
    if (l >= 0 && sizes[l]! >= largest * 0.05) out[i] = 1;
  }
  return out;
}
