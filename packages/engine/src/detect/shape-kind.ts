// What the cut-out's outline alone says the product is, for products no detector class names
// (a carton, a bottle the detector misses on a busy backdrop). Only two silhouettes are
// unambiguous enough to name: a filled rectangle is a box, a tall body with a narrow neck is a
// bottle. Anything else stays unnamed: a wrong kind costs more (a mug on a road) than none.
import type { DetectedProduct } from "../types.ts";

/** the long side the outline is measured at */
const SIDE = 160;

export interface ShapeFeatures {
  /** bounding box width / height */
  aspect: number;
  /** the matte's share of its bounding box (1 = a filled rectangle) */
  density: number;
  /** mean width of the top fifth / widest row of the lower two thirds */
  neck: number;
  /** the share of rows whose width is within 10 % of the widest (straight sides) */
  straight: number;
}

/** Outline features of an RGBA cut-out (alpha > 127 counts). null when the matte is empty. */
export function shapeFeatures(
  rgba: Uint8Array,
  width: number,
  height: number,
): ShapeFeatures | null {
  const step = Math.max(1, Math.ceil(Math.max(width, height) / SIDE));
  const rows: number[] = [];
  let [x0, x1, area] = [width, -1, 0];
  for (let y = 0; y < height; y += step) {
    let w = 0;
    for (let x = 0; x < width; x += step) {
      if (rgba[(y * width + x) * 4 + 3]! > 127) {
        w += 1;
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
      }
    }
    rows.push(w);
    area += w;
  }
  const first = rows.findIndex((w) => w > 0);
  const last = rows.length - 1 - [...rows].reverse().findIndex((w) => w > 0);
  if (first < 0 || x1 < x0) return null;
  const body = rows.slice(first, last + 1);
  const boxW = Math.floor((x1 - x0) / step) + 1;
  const top = body.slice(0, Math.max(1, Math.round(body.length / 5)));
  const lower = body.slice(Math.round(body.length / 3));
  const widest = Math.max(1, ...(lower.length ? lower : body));
  return {
    aspect: boxW / body.length,
    density: area / (boxW * body.length),
    neck: top.reduce((a, b) => a + b, 0) / top.length / widest,
    straight: body.filter((w) => w >= 0.9 * Math.max(...body)).length / body.length,
  };
}

/** The kind the outline names, with a modest confidence (a silhouette is weak evidence). */
export function kindFromShape(f: ShapeFeatures): DetectedProduct | null {
  // a box: its matte fills its bounding box, with straight sides over most of its height
  if (f.density >= 0.86 && f.straight >= 0.6 && f.aspect >= 0.3 && f.aspect <= 3)
    return shaped("box", 0.35 + Math.min(0.2, (f.density - 0.86) * 2));
  // a bottle: taller than wide, a neck much narrower than its body
  if (f.aspect <= 0.6 && f.neck <= 0.55 && f.density >= 0.5)
    return shaped("bottle", 0.3 + Math.min(0.15, (0.55 - f.neck) * 0.5));
  return null;
}

const shaped = (kind: string, confidence: number): DetectedProduct => ({
  kind,
  confidence: Math.round(confidence * 100) / 100,
  source: "shape",
});
