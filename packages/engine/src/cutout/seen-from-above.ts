// Whether the photo looked down on the product lying on a surface (a book, a banana or a stone
// shot from above on a table) rather than at it standing in front of a wall.
//
// Such a cut-out is a top view: stood up in an eye-level set it reads as a flat card tilted
// in mid-air (seen on the team's book and stone photos). The planner gives it flat-lay sets.
//
// The cue is the photo's background. Seen from the side, the background changes somewhere
// across the frame: the wall meets the table, the sky the road, so the mean colour of its rows
// steps from one band to the next. Seen from above, one surface fills the frame: the rows'
// colour stays within a small step (wood grain, fabric, vignetting). A plain backdrop (a
// studio's seamless paper, a white cut-out background) says nothing either way and keeps the
// standing sets.
//
// Measured on the team's eight photos (the step, 0–255): from above, book 12, teddy on a
// blanket 15, banana 24, stone 27, espresso cup 27; from the side, box against a wall 66,
// desk lamp 68, car in a street 232. The threshold sits in the gap.
import { plainBackdrop } from "./thin-structures.ts";

/** a larger step between the mean colours of two neighbouring bands of rows means two
 * surfaces, a side view */
const MAX_STEP = 42;
/** a row speaks only where this much of it is background */
const MIN_ROW_BACKGROUND = 0.1;
/** most of the frame must be background for the photo to say anything about it */
const MIN_BACKGROUND = 0.25;

export function seenFromAbove(rgba: Buffer, width: number, height: number): boolean {
  return photoView(rgba, width, height) === "above";
}

/**
 * How the photo looked at the product: from above (one surface fills the background), from the
 * side (two surfaces meet across it), or unknown (a plain backdrop, too little background).
 * A side view cannot be laid in a flat lay: a lamp photographed on a desk, stood in a top view
 * of pink paper, is a sticker (the brief sheet's "flat lay on pink paper").
 */
export function photoView(
  rgba: Buffer,
  width: number,
  height: number,
): "above" | "side" | "unknown" {
  if (plainBackdrop(rgba, width, height)) return "unknown";
  const step = Math.max(1, Math.floor(Math.max(width, height) / 256));
  const rows: ([number, number, number] | null)[] = [];
  let background = 0;
  let samples = 0;
  for (let y = 0; y < height; y += step) {
    let n = 0;
    let r = 0;
    let g = 0;
    let b = 0;
    let m = 0;
    for (let x = 0; x < width; x += step) {
      const i = (y * width + x) * 4;
      m++;
      if (rgba[i + 3]! > 16) continue;
      n++;
      r += rgba[i]!;
      g += rgba[i + 1]!;
      b += rgba[i + 2]!;
    }
    samples += m;
    background += n;
    rows.push(n >= m * MIN_ROW_BACKGROUND ? [r / n, g / n, b / n] : null);
  }
  if (background < samples * MIN_BACKGROUND) return "unknown";
  return largestStep(rows) <= MAX_STEP ? "above" : "side";
}

/** the largest colour distance between the mean of a band of rows and the band just below it,
 * each an eighth of the frame */
function largestStep(rows: ([number, number, number] | null)[]): number {
  const k = Math.max(1, Math.round(rows.length / 8));
  const mean = (from: number, to: number) => {
    const s: [number, number, number] = [0, 0, 0];
    let n = 0;
    for (let j = from; j < to; j++) {
      const row = rows[j];
      if (!row) continue;
      s[0] += row[0];
      s[1] += row[1];
      s[2] += row[2];
      n++;
    }
    return n ? s.map((v) => v / n) : null;
  };
  let best = 0;
  for (let y = k; y + k <= rows.length; y++) {
    const above = mean(y - k, y);
    const below = mean(y, y + k);
    if (!above || !below) continue;
    best = Math.max(
      best,
      Math.hypot(above[0]! - below[0]!, above[1]! - below[1]!, above[2]! - below[2]!),
    );
  }
  return best;
}
