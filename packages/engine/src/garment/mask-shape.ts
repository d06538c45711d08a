// A garment's silhouette at a small working size, and the measures the support remover, the
// kind reader and the fitting share: row spans, connected parts, enclosed holes.
import { emptyBox, takeIn } from "../cutout/pixel-box.ts";

export interface Span {
  start: number;
  end: number; // inclusive
}

export interface MaskShape {
  /** working size (the longest side at most `maxSide`) */
  w: number;
  h: number;
  /** working pixels per photo pixel */
  scale: number;
  /** 1 where the garment is (alpha ≥ 50 %) */
  on: Uint8Array;
  /** bounding box of `on`, inclusive */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The matte averaged down to at most maxSide on the long side, then thresholded at 50 %. */
export function maskShape(
  rgba: Uint8Array,
  width: number,
  height: number,
  maxSide = 320,
): MaskShape {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const sum = new Float32Array(w * h);
  const cnt = new Float32Array(w * h);
  for (let y = 0; y < height; y++) {
    const ly = Math.min(h - 1, Math.floor(y * scale)) * w;
    for (let x = 0; x < width; x++) {
      const j = ly + Math.min(w - 1, Math.floor(x * scale));
      sum[j]! += rgba[(y * width + x) * 4 + 3]!;
      cnt[j]! += 1;
    }
  }
  const on = new Uint8Array(w * h);
  const box = emptyBox(w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const j = y * w + x;
      if (cnt[j]! > 0 && sum[j]! / cnt[j]! >= 128) {
        on[j] = 1;
        takeIn(box, x, y);
      }
    }
  }
  return { w, h, scale, on, ...box };
}

/** The garment's runs along one row, left to right. */
export function rowSpans(m: MaskShape, y: number): Span[] {
  const spans: Span[] = [];
  let start = -1;
  const row = y * m.w;
  for (let x = 0; x <= m.w; x++) {
    const v = x < m.w ? m.on[row + x]! : 0;
    if (v && start < 0) start = x;
    if (!v && start >= 0) {
      spans.push({ start, end: x - 1 });
      start = -1;
    }
  }
  return spans;
}

export function rowWidth(m: MaskShape, y: number): number {
  let n = 0;
  const row = y * m.w;
  for (let x = m.x0; x <= m.x1; x++) n += m.on[row + x]!;
  return n;
}

export interface Component {
  area: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  cx: number;
  cy: number;
}

/** Connected parts (4-neighbour) of the pixels where `value` is set, largest first. */
export function components(
  on: Uint8Array,
  w: number,
  h: number,
  value = 1,
): { labels: Int32Array; parts: Component[] } {
  const labels = new Int32Array(w * h).fill(-1);
  const parts: Component[] = [];
  const stack: number[] = [];
  for (let s = 0; s < on.length; s++) {
    if (on[s] !== value || labels[s] !== -1) continue;
    const id = parts.length;
    const c: Component = { area: 0, x0: w, y0: h, x1: -1, y1: -1, cx: 0, cy: 0 };
    labels[s] = id;
    stack.push(s);
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % w;
      const y = (p - x) / w;
      c.area++;
      c.cx += x;
      c.cy += y;
      takeIn(c, x, y);
      if (x > 0 && on[p - 1] === value && labels[p - 1] === -1) {
        labels[p - 1] = id;
        stack.push(p - 1);
      }
      if (x < w - 1 && on[p + 1] === value && labels[p + 1] === -1) {
        labels[p + 1] = id;
        stack.push(p + 1);
      }
      if (y > 0 && on[p - w] === value && labels[p - w] === -1) {
        labels[p - w] = id;
        stack.push(p - w);
      }
      if (y < h - 1 && on[p + w] === value && labels[p + w] === -1) {
        labels[p + w] = id;
        stack.push(p + w);
      }
    }
    c.cx /= c.area;
    c.cy /= c.area;
    parts.push(c);
  }
  const order = parts.map((_, i) => i).sort((a, b) => parts[b]!.area - parts[a]!.area);
  const rank = new Int32Array(parts.length);
  order.forEach((old, i) => {
    rank[old] = i;
  });
  for (let i = 0; i < labels.length; i++) if (labels[i]! >= 0) labels[i] = rank[labels[i]!]!;
  return { labels, parts: order.map((i) => parts[i]!) };
}

/** Background regions the garment fully encloses (a bag's handle, a neck opening). */
export function holes(m: MaskShape): Component[] {
  const { labels, parts } = components(m.on, m.w, m.h, 0);
  const touches = new Uint8Array(parts.length);
  for (let x = 0; x < m.w; x++) {
    touches[labels[x]!] = 1;
    touches[labels[(m.h - 1) * m.w + x]!] = 1;
  }
  for (let y = 0; y < m.h; y++) {
    touches[labels[y * m.w]!] = 1;
    touches[labels[y * m.w + m.w - 1]!] = 1;
  }
  return parts.filter((_, i) => !touches[i]);
}
