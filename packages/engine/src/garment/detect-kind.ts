// Reads a garment's kind from its silhouette alone (colours say little: a red top and a red
// skirt are both red). Each rule is one thing a person would say looking at the outline; the
// first that holds wins, and the seller can always correct the answer.
import type { GarmentKind } from "./garment.types.ts";
import { components, holes, type MaskShape, rowSpans, rowWidth } from "./mask-shape.ts";

export interface KindReading {
  kind: GarmentKind;
  /** 0..1, how clearly the rule held */
  confidence: number;
  /** the measures the rules read, for tests and the bench's log */
  measures: Record<string, number>;
}

function clamp01(v: number): number {
  return Math.max(0, Math.min(1, v));
}

export function detectKind(m: MaskShape): KindReading {
  const W = m.x1 - m.x0 + 1;
  const H = m.y1 - m.y0 + 1;
  const at = (f: number) => {
    const y = m.y0 + Math.round(f * (H - 1));
    let s = 0;
    let n = 0;
    for (let k = -1; k <= 1; k++) {
      if (y + k < m.y0 || y + k > m.y1) continue;
      s += rowWidth(m, y + k);
      n++;
    }
    return s / Math.max(1, n) / W;
  };
  const rowsWhere = (from: number, to: number, test: (y: number) => boolean) => {
    let hit = 0;
    let all = 0;
    for (let y = m.y0 + Math.round(from * H); y <= m.y0 + Math.round(to * H) && y <= m.y1; y++) {
      all++;
      if (test(y)) hit++;
    }
    return hit / Math.max(1, all);
  };
  const cx = (m.x0 + m.x1) / 2;
  let area = 0;
  for (let i = 0; i < m.on.length; i++) area += m.on[i]!;
  const fill = area / (W * H);
  const aspect = H / W;

  const { parts } = components(m.on, m.w, m.h);
  const big = parts.filter((p) => p.area >= parts[0]!.area * 0.25);
  const measures: Record<string, number> = { aspect, fill, parts: big.length };

  if (big.length >= 2) {
    const [a, b] = big as [(typeof big)[0], (typeof big)[0]];
    const overlapY = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
    const minH = Math.min(a.y1 - a.y0, b.y1 - b.y0) + 1;
    if (overlapY > 0.5 * minH) {
      const wide = (a.x1 - a.x0) / (a.y1 - a.y0 + 1);
      // a pair side by side: shoes (or socks and earrings, which are accessories)
      return wide >= 0.9 || aspect < 0.9
        ? { kind: "shoes", confidence: 0.8, measures }
        : { kind: "accessory", confidence: 0.5, measures };
    }
    return { kind: "set", confidence: 0.8, measures };
  }

  // a handle: an enclosed opening in the upper half of a compact body
  const handle = holes(m).filter(
    (h) => h.area >= 0.01 * W * H && h.cy < m.y0 + 0.5 * H && h.y1 - h.y0 > 0.08 * H,
  );
  const lowerFill = rowsWhere(0.55, 0.95, (y) => rowWidth(m, y) > 0.6 * W);
  measures.handle = handle.length;
  measures.lowerFill = lowerFill;
  if (handle.length && lowerFill > 0.7) {
    return { kind: "bag", confidence: 0.85, measures };
  }

  const legs = rowsWhere(0.72, 0.97, (y) => {
    const s = rowSpans(m, y).filter((sp) => sp.end - sp.start + 1 >= 0.12 * W);
    if (s.length !== 2) return false;
    const gap = s[1]!.start - s[0]!.end;
    const mid = (s[0]!.end + s[1]!.start) / 2;
    return gap >= 0.03 * W && Math.abs(mid - cx) < 0.15 * W;
  });
  const top = at(0.04);
  const shoulders = at(0.15);
  const waist = at(0.45);
  const hem = at(0.92);
  // sleeves hanging beside the body: three spans in the lower half
  const longSleeves = rowsWhere(0.45, 0.8, (y) => rowSpans(m, y).length >= 3);
  // an open front: a gap at the centre of the hem
  const openFront = rowsWhere(0.9, 1, (y) => {
    const i = y * m.w + Math.round(cx);
    return !m.on[i] && rowWidth(m, y) > 0.3 * W;
  });
  Object.assign(measures, { legs, top, shoulders, waist, hem, longSleeves, openFront });

  if (aspect < 0.75 && fill > 0.45 && hem > 0.6 && top < 0.7) {
    return { kind: "shoes", confidence: clamp01(0.4 + (0.75 - aspect)), measures };
  }
  if (legs > 0.45) return { kind: "bottom", confidence: clamp01(0.5 + legs / 2), measures };
  // a waistband: the outline is almost full width from its first rows, with no shoulders
  // above and widening down (a skirt)
  const flatTop =
    top > 0.4 && top >= shoulders * 0.8 && shoulders <= waist * 1.02 && waist <= hem * 1.02;
  if (flatTop && longSleeves < 0.3 && hem >= top * 1.3 && aspect < 1.6) {
    return { kind: "bottom", confidence: 0.6, measures };
  }
  if (aspect >= 1.45 && hem >= waist * 1.25 && longSleeves < 0.3) {
    return { kind: "dress", confidence: clamp01(0.5 + (aspect - 1.45)), measures };
  }
  if (longSleeves >= 0.3 && (openFront >= 0.4 || aspect >= 1.45)) {
    return { kind: "outerwear", confidence: 0.6, measures };
  }
  if (shoulders >= 0.6 || longSleeves >= 0.3) {
    return { kind: "top", confidence: clamp01(0.5 + (shoulders - 0.6)), measures };
  }
  if (aspect > 2.5 || aspect < 0.4 || fill < 0.3) {
    return { kind: "accessory", confidence: 0.5, measures };
  }
  return { kind: "top", confidence: 0.3, measures };
}
