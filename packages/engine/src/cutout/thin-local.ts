// Thin structures on a backdrop that is not one plain colour (a textured table, a wall, a
// street): the backdrop is modelled locally instead, as the colour (mean and spread) of the
// background just around each pixel, outside the matte. A pixel the matte left out comes back
// only when all of this holds:
//  - it differs clearly from its local background, by more than the background's own texture
//    varies there;
//  - it is not the local background in shade or in light (shadows, reflections);
//  - it is thin: no square a few pixels wide fits in the region it belongs to (a thick
//    region the model left out is another object, a prop, a shadow - not a spoke);
//  - its thin run touches the product and reaches out of the product's soft edge (a strip
//    hugging the edge is the fringe or a halo, not a chair leg).
// Only alpha changes; the photo's pixels are untouched.
import { type Box, chamferDistance, components, thickMask } from "./thin-shapes.ts";

/** Pixels with alpha at or under this are the background the local model learns from. */
const CLEAR = 8;

interface LocalModel {
  /** grid of mean colours and spread, cell px per cell, over the region */
  cell: number;
  gw: number;
  gh: number;
  mean: Float32Array;
  sigma: Float32Array;
  /** how many background pixels the cell's neighbourhood had */
  count: Float32Array;
}

/** The background's mean and spread per cell (3×3 cells around it), from clear pixels only. */
function localModel(
  out: Buffer,
  width: number,
  r: Box,
  cell: number,
  skip: Uint8Array | null,
): LocalModel {
  const gw = Math.ceil(r.width / cell);
  const gh = Math.ceil(r.height / cell);
  const n = gw * gh;
  const s = new Float64Array(n * 7); // r g b, r² g² b², count
  for (let y = 0; y < r.height; y++) {
    const gy = Math.floor(y / cell) * gw;
    for (let x = 0; x < r.width; x++) {
      const i = ((y + r.y) * width + x + r.x) * 4;
      if (out[i + 3]! > CLEAR || skip?.[y * r.width + x]) continue;
      const k = (gy + Math.floor(x / cell)) * 7;
      const R = out[i]!;
      const G = out[i + 1]!;
      const B = out[i + 2]!;
      s[k]! += R;
      s[k + 1]! += G;
      s[k + 2]! += B;
      s[k + 3]! += R * R;
      s[k + 4]! += G * G;
      s[k + 5]! += B * B;
      s[k + 6]! += 1;
    }
  }
  const mean = new Float32Array(n * 3);
  const sigma = new Float32Array(n);
  const count = new Float32Array(n);
  const acc = new Float64Array(7);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      acc.fill(0);
      for (let yy = Math.max(0, gy - 1); yy <= Math.min(gh - 1, gy + 1); yy++)
        for (let xx = Math.max(0, gx - 1); xx <= Math.min(gw - 1, gx + 1); xx++)
          for (let c = 0; c < 7; c++) acc[c]! += s[(yy * gw + xx) * 7 + c]!;
      const g = gy * gw + gx;
      const m = acc[6]!;
      count[g] = m;
      if (m < 1) continue;
      let v = 0;
      for (let c = 0; c < 3; c++) {
        const mu = acc[c]! / m;
        mean[g * 3 + c] = mu;
        v += Math.max(0, acc[c + 3]! / m - mu * mu);
      }
      sigma[g] = Math.sqrt(v / 3);
    }
  }
  return { cell, gw, gh, mean, sigma, count };
}

/** Candidates: clear pixels that differ clearly from their local background, and how much. */
function candidates(out: Buffer, width: number, r: Box, m: LocalModel, minCount: number) {
  const cand = new Uint8Array(r.width * r.height);
  const strength = new Float32Array(r.width * r.height);
  for (let y = 0; y < r.height; y++) {
    const gy = Math.min(m.gh - 1, Math.floor(y / m.cell)) * m.gw;
    for (let x = 0; x < r.width; x++) {
      const i = ((y + r.y) * width + x + r.x) * 4;
      if (out[i + 3]! > CLEAR) continue;
      const g = gy + Math.min(m.gw - 1, Math.floor(x / m.cell));
      if (m.count[g]! < minCount) continue;
      const br = m.mean[g * 3]!;
      const bg = m.mean[g * 3 + 1]!;
      const bb = m.mean[g * 3 + 2]!;
      const R = out[i]!;
      const G = out[i + 1]!;
      const B = out[i + 2]!;
      const d = Math.max(Math.abs(R - br), Math.abs(G - bg), Math.abs(B - bb));
      // clearly: beyond what the texture itself does there
      const t = Math.max(56, 3.5 * m.sigma[g]!);
      if (d < t) continue;
      // the background in shade (a shadow) or in light (a reflection): all channels scaled alike
      const kr = (R + 1) / (br + 1);
      const kg = (G + 1) / (bg + 1);
      const kb = (B + 1) / (bb + 1);
      const lo = Math.min(kr, kg, kb);
      const hi = Math.max(kr, kg, kb);
      if (lo > 0.25 && hi / lo < 1.18) continue;
      const k = y * r.width + x;
      cand[k] = 1;
      strength[k] = Math.min(1, 0.5 + (d - t) / t);
    }
  }
  return { cand, strength };
}

export interface LocalThinOptions {
  /** the widest structure, in px, still called thin (default from the photo's size) */
  maxWidth?: number;
}

/**
 * Adds thin, elongated structures that differ clearly from their local background and are
 * attached to the product, inside `box`, to the matte (alpha channel of `out`). Returns how
 * many pixels were added.
 */
export function recoverThinLocal(
  out: Buffer,
  width: number,
  height: number,
  box: Box,
  options: LocalThinOptions = {},
): number {
  const x0 = Math.max(0, box.x);
  const y0 = Math.max(0, box.y);
  const x1 = Math.min(width, box.x + box.width);
  const y1 = Math.min(height, box.y + box.height);
  const r: Box = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  if (r.width < 16 || r.height < 16) return 0;
  const side = Math.max(width, height);
  // the model works at 1024 px: what it misses is about a working pixel wide, or two
  const w = options.maxWidth ?? Math.max(2, Math.round((side / 1024) * 2));
  const cell = Math.max(4, 2 * w);
  const minCount = cell * cell * 2; // a background the model knows from enough pixels
  // twice: the first model counts the structures themselves as background, the second not
  const first = candidates(out, width, r, localModel(out, width, r, cell, null), minCount);
  const m = localModel(out, width, r, cell, first.cand);
  const { cand, strength } = candidates(out, width, r, m, minCount);
  const thick = thickMask(cand, r.width, r.height, w);
  const parts = components(cand, thick, r.width, r.height);
  if (parts.length === 0) return 0;
  const product = new Uint8Array(r.width * r.height);
  for (let y = 0; y < r.height; y++)
    for (let x = 0; x < r.width; x++)
      product[y * r.width + x] = out[((y + r.y) * width + x + r.x) * 4 + 3]! >= 128 ? 1 : 0;
  const dist = chamferDistance(product, r.width, r.height);
  // out of the product's soft edge: reaching further than the widest thin thing
  const reach = 2 * w + 3;
  let added = 0;
  for (const comp of parts) {
    let touches = false;
    let far = 0;
    for (const k of comp) {
      const d = dist[k]!;
      if (d <= 1.5) touches = true;
      if (d > far) far = d;
    }
    if (!touches || far < reach || comp.length < reach) continue;
    for (const k of comp) {
      const i = ((Math.floor(k / r.width) + r.y) * width + (k % r.width) + r.x) * 4 + 3;
      const a = Math.round(255 * strength[k]!);
      if (a > out[i]!) {
        out[i] = a;
        added++;
      }
    }
  }
  return added;
}
