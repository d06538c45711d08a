// Hangers, stands and mannequins are not the garment. They show in a photo as a thin, straight,
// centred stroke above the garment (a hanger's hook), a thin centred pole below it (a stand,
// with whatever base is under the pole) or a smooth neck cylinder of another colour rising from
// the neckline (a mannequin). Straps are thin too but sit off the centre in pairs, sleeves and
// hems are wide, ties hang off the centre and wave: all of them are kept.
import { dominantColors } from "../cutout/colors.ts";
import { EngineError } from "../input/engine-error.ts";
import type { Cutout } from "../types.ts";
import type { RemovedSupport } from "./garment.types.ts";
import { type MaskShape, maskShape, rowSpans, rowWidth } from "./mask-shape.ts";

interface Measures {
  /** the body's width: 80th percentile of the row widths */
  body: number;
  /** the body's centre line */
  cx: number;
  height: number;
}

function measure(m: MaskShape): Measures {
  const widths: number[] = [];
  for (let y = m.y0; y <= m.y1; y++) widths.push(rowWidth(m, y));
  const sorted = [...widths].sort((a, b) => a - b);
  const body = Math.max(1, sorted[Math.floor(sorted.length * 0.8)] ?? 1);
  let sx = 0;
  let n = 0;
  for (let y = m.y0; y <= m.y1; y++) {
    if (widths[y - m.y0]! < body * 0.5) continue;
    for (const s of rowSpans(m, y)) {
      sx += ((s.start + s.end) / 2) * (s.end - s.start + 1);
      n += s.end - s.start + 1;
    }
  }
  return { body, cx: n ? sx / n : (m.x0 + m.x1) / 2, height: m.y1 - m.y0 + 1 };
}

/** a row holding only a thin stroke near the centre line */
function thinCentral(
  m: MaskShape,
  y: number,
  M: Measures,
  maxOffset: number,
  maxWidth = 0.09,
): boolean {
  const spans = rowSpans(m, y);
  if (!spans.length) return false;
  let total = 0;
  for (const s of spans) total += s.end - s.start + 1;
  // the stroke as a whole sits on the centre line (a curl's two sides straddle it)
  const mid = (spans[0]!.start + spans[spans.length - 1]!.end) / 2;
  if (Math.abs(mid - M.cx) > maxOffset * M.body) return false;
  if (spans[spans.length - 1]!.end - spans[0]!.start + 1 > 2 * maxWidth * M.body) return false;
  return total <= Math.max(2, maxWidth * M.body);
}

function spanMid(m: MaskShape, y: number): number {
  const s = rowSpans(m, y);
  return s.length ? (s[0]!.start + s[s.length - 1]!.end) / 2 : Number.NaN;
}

/** rows [from, to] whose centre wanders less than a straight support's would */
function straight(m: MaskShape, from: number, to: number, M: Measures): boolean {
  const mids: number[] = [];
  for (let y = from; y <= to; y++) mids.push(spanMid(m, y));
  const mean = mids.reduce((a, b) => a + b, 0) / mids.length;
  const sd = Math.sqrt(mids.reduce((a, b) => a + (b - mean) ** 2, 0) / mids.length);
  return sd <= Math.max(1.5, 0.03 * M.body);
}

/** A hanger's hook: thin central rows from the top down to where the garment widens. */
function findHook(m: MaskShape, M: Measures): number | null {
  let y = m.y0;
  // the hook's curl makes a few rows as wide as its diameter
  while (y <= m.y1 && thinCentral(m, y, M, 0.08, 0.16)) y++;
  const rows = y - m.y0;
  if (rows < Math.max(3, 0.03 * M.height) || y > m.y1 - 0.4 * M.height) return null;
  return y; // the first garment row
}

/**
 * A stand: the longest straight thin central stroke in the lower half with the garment above
 * it and at most a low base below it. Returns the pole's top row.
 */
function findStand(m: MaskShape, M: Measures): number | null {
  const mid = m.y0 + Math.floor(M.height * 0.5);
  let best: { top: number; bottom: number } | null = null;
  let runEnd = -1;
  for (let y = m.y1; y >= mid; y--) {
    const thin = thinCentral(m, y, M, 0.06);
    if (thin && runEnd < 0) runEnd = y;
    if ((!thin || y === mid) && runEnd >= 0) {
      const top = thin ? y : y + 1;
      if (!best || runEnd - top > best.bottom - best.top) best = { top, bottom: runEnd };
      runEnd = -1;
    }
  }
  if (!best) return null;
  const len = best.bottom - best.top + 1;
  if (len < Math.max(3, 0.04 * M.height)) return null;
  if (m.y1 - best.bottom > 0.2 * M.height) return null; // a base is low, never a second garment
  if (!straight(m, best.top, best.bottom, M)) return null;
  // the garment must be wide right above the pole
  if (best.top <= m.y0 || rowWidth(m, best.top - 1) < 0.25 * M.body) {
    let y = best.top - 1;
    while (y > m.y0 && rowWidth(m, y) < 0.25 * M.body) y--;
    if (best.top - y > 0.06 * M.height) return null;
  }
  return best.top;
}

function lowRgb(cut: Cutout, m: MaskShape): Float32Array {
  const rgb = new Float32Array(m.w * m.h * 3);
  const n = new Float32Array(m.w * m.h);
  for (let y = 0; y < cut.height; y++) {
    const ly = Math.min(m.h - 1, Math.floor(y * m.scale));
    for (let x = 0; x < cut.width; x++) {
      const j = ly * m.w + Math.min(m.w - 1, Math.floor(x * m.scale));
      const i = (y * cut.width + x) * 4;
      rgb[j * 3]! += cut.rgba[i]!;
      rgb[j * 3 + 1]! += cut.rgba[i + 1]!;
      rgb[j * 3 + 2]! += cut.rgba[i + 2]!;
      n[j]! += 1;
    }
  }
  for (let j = 0; j < n.length; j++) {
    const k = n[j]! || 1;
    rgb[j * 3]! /= k;
    rgb[j * 3 + 1]! /= k;
    rgb[j * 3 + 2]! /= k;
  }
  return rgb;
}

function meanColor(rgb: Float32Array, m: MaskShape, y0: number, y1: number): number[] {
  const s = [0, 0, 0];
  let n = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = m.x0; x <= m.x1; x++) {
      const j = y * m.w + x;
      if (!m.on[j]) continue;
      s[0]! += rgb[j * 3]!;
      s[1]! += rgb[j * 3 + 1]!;
      s[2]! += rgb[j * 3 + 2]!;
      n++;
    }
  }
  return s.map((v) => v / Math.max(1, n));
}

function dist(rgb: Float32Array, j: number, c: number[]): number {
  return Math.hypot(rgb[j * 3]! - c[0]!, rgb[j * 3 + 1]! - c[1]!, rgb[j * 3 + 2]! - c[2]!);
}

/**
 * A mannequin's neck: at the top, a single central span of near-constant width (a cylinder,
 * unlike a collar that flares), uniform in colour and unlike the garment's body. Returns the
 * working-size pixels of the mannequin (neck plus the same-coloured form inside the neckline).
 */
function findMannequin(m: MaskShape, M: Measures, rgb: Float32Array): Uint8Array | null {
  const widths: number[] = [];
  let y = m.y0;
  for (; y <= m.y1; y++) {
    const s = rowSpans(m, y);
    if (s.length !== 1) break;
    const wdt = s[0]!.end - s[0]!.start + 1;
    if (wdt < 0.1 * M.body || wdt > 0.35 * M.body) break;
    if (Math.abs((s[0]!.start + s[0]!.end) / 2 - M.cx) > 0.08 * M.body) break;
    widths.push(wdt);
  }
  if (widths.length < Math.max(3, 0.06 * M.height)) return null;
  const mean = widths.reduce((a, b) => a + b, 0) / widths.length;
  if (Math.max(...widths) - Math.min(...widths) > 0.2 * mean) return null; // a flaring collar
  const neck = meanColor(rgb, m, m.y0, y - 1);
  const body = meanColor(
    rgb,
    m,
    m.y0 + Math.floor(M.height * 0.4),
    m.y0 + Math.floor(M.height * 0.7),
  );
  if (Math.hypot(neck[0]! - body[0]!, neck[1]! - body[1]!, neck[2]! - body[2]!) < 60) return null;
  let spread = 0;
  let n = 0;
  for (let yy = m.y0; yy < y; yy++) {
    for (let x = m.x0; x <= m.x1; x++) {
      const j = yy * m.w + x;
      if (!m.on[j]) continue;
      spread += dist(rgb, j, neck);
      n++;
    }
  }
  if (spread / Math.max(1, n) > 25) return null; // a printed or patterned part, not a form
  // the neck and whatever of the form shows inside the neckline, in the upper part only
  const out = new Uint8Array(m.w * m.h);
  const limit = m.y0 + Math.floor(M.height * 0.45);
  const stack: number[] = [];
  for (let yy = m.y0; yy < y; yy++) {
    for (let x = m.x0; x <= m.x1; x++) {
      const j = yy * m.w + x;
      if (m.on[j]) {
        out[j] = 1;
        stack.push(j);
      }
    }
  }
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % m.w;
    const py = (p - x) / m.w;
    for (const q of [p - 1, p + 1, p - m.w, p + m.w]) {
      const qx = q % m.w;
      const qy = (q - qx) / m.w;
      if (q < 0 || q >= out.length || Math.abs(qx - x) > 1 || qy > limit || py < 0) continue;
      if (out[q] || !m.on[q] || dist(rgb, q, neck) > 30) continue;
      out[q] = 1;
      stack.push(q);
    }
  }
  return out;
}

/**
 * Take hangers' hooks, stands (pole and base) and mannequin necks out of the matte. The
 * garment's own pixels are untouched; only the alpha of the support's pixels drops to 0.
 */
export function removeSupports(cut: Cutout): { cut: Cutout; removed: RemovedSupport[] } {
  const m = maskShape(cut.rgba, cut.width, cut.height);
  if (m.x1 < 0) return { cut, removed: [] };
  const M = measure(m);
  const removed: RemovedSupport[] = [];
  const drop = new Uint8Array(m.w * m.h);
  const hookEnd = findHook(m, M);
  if (hookEnd !== null) {
    removed.push("hook");
    for (let y = m.y0; y < hookEnd; y++) drop.fill(1, y * m.w, (y + 1) * m.w);
  }
  const standTop = findStand(m, M);
  if (standTop !== null) {
    removed.push("stand");
    for (let y = standTop; y <= m.y1; y++) drop.fill(1, y * m.w, (y + 1) * m.w);
  }
  if (hookEnd === null) {
    const form = findMannequin(m, M, lowRgb(cut, m));
    if (form) {
      removed.push("mannequin-neck");
      for (let j = 0; j < drop.length; j++) if (form[j]) drop[j] = 1;
    }
  }
  if (!removed.length) return { cut, removed };

  const rgba = Buffer.from(cut.rgba);
  const { width, height } = cut;
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    const ly = Math.min(m.h - 1, Math.floor(y * m.scale)) * m.w;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (drop[ly + Math.min(m.w - 1, Math.floor(x * m.scale))]) rgba[i + 3] = 0;
      if (rgba[i + 3]! > 8) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (maxX < 0) throw new EngineError("NO_SUBJECT", "Only a hanger or stand was found.");
  return {
    cut: {
      ...cut,
      rgba,
      bbox: { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 },
      colors: dominantColors(rgba),
    },
    removed,
  };
}
