// A person standing beside the product (a model by a car) is cut out with it: the cut-out keeps
// every salient thing in the photo. Composited whole, the set takes its ground line from her
// feet and the car's wheels float; shown at the car's scale she is a giant or a doll. When the
// detector sees a person whose box holds a part of the cut-out of its own, apart from the
// product's part, that part is cleared. A person touching the product (holding it, leaning on
// it) is one part with it and stays.
import { alphaBox } from "../cutout/alpha-box.ts";
import { croppedSides } from "../cutout/cropped-sides.ts";
import type { Cutout } from "../types.ts";
import type { RawDetection } from "./centernet-model.ts";

/** the grid the parts are found on, cells on the long side */
const GRID = 160;
/** a person this sure, no less */
const MIN_PERSON_SCORE = 0.4;
/** the part must lie this much inside the person's box */
const INSIDE = 0.8;
/** and be smaller than the product's part by this much: a pair of models is no bystander */
const SMALLER = 0.5;

/**
 * The cut-out without the people standing apart from its product. `detections` are boxes as
 * fractions of the photo (the cut-out has the photo's size). The same cut-out when there is
 * none.
 */
export function withoutBystanders(cut: Cutout, detections: RawDetection[]): Cutout {
  const people = detections.filter((d) => d.label === "person" && d.score >= MIN_PERSON_SCORE);
  if (!people.length) return cut;
  const { width, height, rgba } = cut;
  const s = GRID / Math.max(width, height);
  const cols = Math.max(1, Math.round(width * s));
  const rows = Math.max(1, Math.round(height * s));
  const solid = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const x = Math.min(width - 1, Math.floor(((c + 0.5) * width) / cols));
      const y = Math.min(height - 1, Math.floor(((r + 0.5) * height) / rows));
      solid[r * cols + c] = rgba[(y * width + x) * 4 + 3]! > 127 ? 1 : 0;
    }
  const { label, sizes } = parts(solid, cols, rows);
  if (sizes.length < 2) return cut;
  const main = sizes.indexOf(Math.max(...sizes));
  const drop = new Set<number>();
  for (let p = 0; p < sizes.length; p++) {
    if (p === main || sizes[p]! >= sizes[main]! * SMALLER) continue;
    if (people.some((d) => shareInside(label, cols, rows, p, d.box) >= INSIDE)) drop.add(p);
  }
  if (!drop.size) return cut;
  // a pixel goes when its cell or a neighbour is a dropped part and none is a kept one: the
  // soft edge round the person goes with her, the product's own edge stays
  const out = Buffer.from(rgba);
  for (let y = 0; y < height; y++) {
    const r = Math.min(rows - 1, Math.floor((y * rows) / height));
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4 + 3;
      if (out[i] === 0) continue;
      const c = Math.min(cols - 1, Math.floor((x * cols) / width));
      let dropped = false;
      let kept = false;
      for (let dr = -1; dr <= 1; dr++)
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) continue;
          const l = label[rr * cols + cc]!;
          if (l < 0) continue;
          if (drop.has(l)) dropped = true;
          else kept = true;
        }
      if (dropped && !kept) out[i] = 0;
    }
  }
  const bbox = alphaBox(out, width, height);
  if (!bbox) return cut;
  const sides = croppedSides(out, width, height, bbox);
  const { croppedSides: _old, ...rest } = cut;
  return {
    ...rest,
    rgba: out,
    bbox,
    ...(sides.length ? { croppedSides: sides } : {}),
  };
}

/** 4-connected parts of the solid cells: each cell's part (−1 for none) and each part's size */
function parts(solid: Uint8Array, cols: number, rows: number) {
  const label = new Int32Array(cols * rows).fill(-1);
  const sizes: number[] = [];
  const stack: number[] = [];
  for (let s = 0; s < solid.length; s++) {
    if (!solid[s] || label[s]! >= 0) continue;
    const id = sizes.length;
    let size = 0;
    label[s] = id;
    stack.push(s);
    while (stack.length) {
      const i = stack.pop()!;
      size++;
      const x = i % cols;
      for (const j of [x > 0 ? i - 1 : -1, x < cols - 1 ? i + 1 : -1, i - cols, i + cols]) {
        if (j < 0 || j >= solid.length || !solid[j] || label[j]! >= 0) continue;
        label[j] = id;
        stack.push(j);
      }
    }
    sizes.push(size);
  }
  return { label, sizes };
}

/** the share of part `p`'s cells whose centres lie inside `box` (fractions of the photo) */
function shareInside(
  label: Int32Array,
  cols: number,
  rows: number,
  p: number,
  box: RawDetection["box"],
): number {
  let all = 0;
  let inside = 0;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      if (label[r * cols + c] !== p) continue;
      all++;
      const x = (c + 0.5) / cols;
      const y = (r + 0.5) / rows;
      if (x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3]) inside++;
    }
  return all ? inside / all : 0;
}
