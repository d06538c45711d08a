// How well a set of detection boxes covers the cut-out: the product is what the cut-out holds,
// so a kind is judged by how much of the cut-out its boxes cover and how little else they take
// in. Two cars side by side each overlap the cut-out's box by half (one box's IoU fails both);
// their union covers it. A table under a bottle covers the bottle but mostly holds table.

/** x0, y0, x1, y1 as fractions of the photo */
export type Box = [number, number, number, number];

/** The cut-out's matte on a coarse grid over the photo: each cell's opaque share, 0..1. */
export interface MaskGrid {
  cols: number;
  rows: number;
  cells: Float32Array;
  /** Σ cells */
  total: number;
  /** the matte's share of the cells inside its own bounding box (1 for a rectangle) */
  density: number;
}

/** the grid's long side: fine enough for a box's edge, cheap enough to sweep many unions */
const GRID = 64;

/** The matte of an RGBA cut-out (alpha > 127 counts) on a grid of at most GRID cells a side. */
export function maskGrid(rgba: Uint8Array, width: number, height: number): MaskGrid {
  const scale = GRID / Math.max(width, height);
  const cols = Math.max(1, Math.round(width * scale));
  const rows = Math.max(1, Math.round(height * scale));
  const cells = new Float32Array(cols * rows);
  const counts = new Float32Array(cols * rows);
  // sampling every pixel of a 12 MP photo costs more than the detector: a stride keeps it small
  const step = Math.max(1, Math.floor(Math.max(width, height) / (GRID * 8)));
  for (let y = 0; y < height; y += step) {
    const row = Math.min(rows - 1, Math.floor((y / height) * rows)) * cols;
    for (let x = 0; x < width; x += step) {
      const i = row + Math.min(cols - 1, Math.floor((x / width) * cols));
      counts[i]! += 1;
      if (rgba[(y * width + x) * 4 + 3]! > 127) cells[i]! += 1;
    }
  }
  let total = 0;
  let [x0, y0, x1, y1] = [cols, rows, -1, -1];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      const v = counts[i]! ? cells[i]! / counts[i]! : 0;
      cells[i] = v;
      total += v;
      if (v > 0.05) {
        x0 = Math.min(x0, c);
        y0 = Math.min(y0, r);
        x1 = Math.max(x1, c);
        y1 = Math.max(y1, r);
      }
    }
  const boxCells = x1 >= x0 ? (x1 - x0 + 1) * (y1 - y0 + 1) : 1;
  return { cols, rows, cells, total, density: Math.min(1, total / boxCells) };
}

export interface Fit {
  /** the cut-out's share inside the union */
  recall: number;
  /** the matte's share of the union, relative to its share of its own box (1 = as snug as the
   * cut-out's own box) */
  snug: number;
  /** recall × snug: 1 when the union is the cut-out's box */
  fit: number;
}

/** How well the union of `boxes` covers the matte. */
export function fitOf(boxes: readonly Box[], mask: MaskGrid): Fit {
  if (!boxes.length || mask.total <= 0) return { recall: 0, snug: 0, fit: 0 };
  let covered = 0;
  let area = 0;
  for (let r = 0; r < mask.rows; r++) {
    const y = (r + 0.5) / mask.rows;
    for (let c = 0; c < mask.cols; c++) {
      const x = (c + 0.5) / mask.cols;
      if (!boxes.some((b) => x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3])) continue;
      area += 1;
      covered += mask.cells[r * mask.cols + c]!;
    }
  }
  if (!area) return { recall: 0, snug: 0, fit: 0 };
  const recall = covered / mask.total;
  const snug = Math.min(1, covered / area / Math.max(0.05, mask.density));
  return { recall, snug, fit: recall * snug };
}

/**
 * The union of a kind's boxes that fits the matte best: best-scoring boxes first, each kept only
 * when it makes the fit better (the second car joins; a stray box across the room does not).
 */
export function bestUnion(boxes: readonly Box[], mask: MaskGrid): { boxes: Box[]; fit: Fit } {
  let kept: Box[] = [];
  let best = fitOf([], mask);
  for (const b of boxes) {
    const tried = fitOf([...kept, b], mask);
    if (tried.fit > best.fit + 0.02) {
      kept = [...kept, b];
      best = tried;
    }
  }
  return { boxes: kept, fit: best };
}
