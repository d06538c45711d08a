// The opaque pixels along a cut-out's outline that are mostly the old backdrop.
//
// The matte calls the outline's last pixel opaque where the product's edge fell inside it: its
// colour is half the product's and half the backdrop's (a studio's white round a toy's feet, a
// red sofa round a sponge). Upscaled in a set, that pixel is a light or coloured line along the
// outline, and reviewers named it every time ("a pinkish-white halo round the whole outline",
// "a thin light seam under the lamp's base"). Such a pixel, nearer in colour to the clear
// pixels just outside it than to the opaque ones just inside, becomes a fringe pixel, so that
// decontaminate() solves for its product colour as for the rest of the fringe. Its alpha stays
// at or over 128: it still counts as product (the mask, its IoU and the product's box hold).

/** the alpha a rim pixel gets: a fringe pixel still counted as product */
export const RIM_ALPHA = 150;

/** an outline pixel whose colour is less than this share the product's (the rest the
 * backdrop's, read along the line between the two) is fringe: half-and-half was left opaque,
 * and a velvet top on planks showed "a white, jagged fringe along its edges" (round 20) */
const MIXED = 0.75;
/** the least alpha of the pixel inside that stands for the product's colour (the matte's
 * interior is not always 255 two pixels in) */
const INSIDE_ALPHA = 240;
/** below this distance between product and backdrop colours, nothing tells them apart */
const DISTINCT = 40;

export function softenBackdropRim(rgba: Buffer, width: number, height: number): number {
  const at = (x: number, y: number) => (y * width + x) * 4;
  const rim: number[] = [];
  for (let y = 2; y < height - 2; y++) {
    for (let x = 2; x < width - 2; x++) {
      const i = at(x, y);
      if (rgba[i + 3] !== 255) continue;
      // the side the outline faces: the first clear 4-neighbour
      let dx = 0;
      let dy = 0;
      if (rgba[at(x - 1, y) + 3]! < 32) dx = -1;
      else if (rgba[at(x + 1, y) + 3]! < 32) dx = 1;
      else if (rgba[at(x, y - 1) + 3]! < 32) dy = -1;
      else if (rgba[at(x, y + 1) + 3]! < 32) dy = 1;
      else continue;
      const out = at(x + dx * 2, y + dy * 2);
      const inside = at(x - dx * 2, y - dy * 2);
      if (rgba[out + 3]! >= 32 || rgba[inside + 3]! < INSIDE_ALPHA) continue;
      const share = productShare(rgba, i, inside, out);
      if (share !== undefined && share < MIXED) rim.push(i);
    }
  }
  // (marked after the scan, so one pixel's change never decides its neighbour's)
  for (const i of rim) rgba[i + 3] = RIM_ALPHA;
  return rim.length;
}

/**
 * How much of pixel `c`'s colour is the product's `f` rather than the backdrop's `b`: c's place
 * along the line from b to f (c = s·f + (1 − s)·b, solved in least squares); undefined where
 * the two colours are too alike to tell.
 */
function productShare(rgba: Buffer, c: number, f: number, b: number): number | undefined {
  let fb2 = 0;
  let dot = 0;
  for (let k = 0; k < 3; k++) {
    const fb = rgba[f + k]! - rgba[b + k]!;
    fb2 += fb * fb;
    dot += (rgba[c + k]! - rgba[b + k]!) * fb;
  }
  return fb2 < DISTINCT * DISTINCT ? undefined : dot / fb2;
}
