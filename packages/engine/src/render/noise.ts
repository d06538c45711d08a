// Deterministic noise for procedural materials. Per-pixel Perlin octaves are too slow for the
// budget, so a periodic fBm tile is computed once and then read with bilinear lookups.

/** mulberry32: small, fast, deterministic PRNG */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** integer hash of two ints to [0, 1) */
export function hash2(x: number, y: number): number {
  let h = Math.imul(x | 0, 374761393) + Math.imul(y | 0, 668265263);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

const TILE = 256;
const MASK = TILE - 1;
const BASE_PERIOD = 8; // lattice cells of the first octave across the tile

function periodicValueNoise(x: number, y: number, period: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const fx = x - xi;
  const fy = y - yi;
  const x0 = ((xi % period) + period) % period;
  const y0 = ((yi % period) + period) % period;
  const x1 = (x0 + 1) % period;
  const y1 = (y0 + 1) % period;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = hash2(x0, y0);
  const b = hash2(x1, y0);
  const c = hash2(x0, y1);
  const d = hash2(x1, y1);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}

let fbmTable: Float32Array | undefined;

function buildFbm(): Float32Array {
  const t = new Float32Array(TILE * TILE);
  for (let y = 0; y < TILE; y++) {
    for (let x = 0; x < TILE; x++) {
      let sum = 0;
      let amp = 0.5;
      let period = BASE_PERIOD;
      for (let o = 0; o < 5; o++) {
        const s = period / TILE;
        sum += amp * periodicValueNoise(x * s, y * s, period);
        amp *= 0.5;
        period *= 2;
      }
      t[y * TILE + x] = sum / 0.96875;
    }
  }
  return t;
}

/** the fBm tile, built on first use */
export function fbmTable_(): Float32Array {
  fbmTable ??= buildFbm();
  return fbmTable;
}

/**
 * fBm in [0, 1] with period 1 in both axes (one tile = one unit); the first octave has
 * 8 lobes per unit. Callers scale their coordinates to pick the feature size.
 */
export function fbm(u: number, v: number): number {
  const t = fbmTable ?? fbmTable_();
  const x = u * TILE;
  const y = v * TILE;
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const fx = x - xi;
  const fy = y - yi;
  const x0 = xi & MASK;
  const y0 = (yi & MASK) * TILE;
  const x1 = (x0 + 1) & MASK;
  const y1 = ((yi + 1) & MASK) * TILE;
  const a = t[y0 + x0]!;
  const b = t[y0 + x1]!;
  const c = t[y1 + x0]!;
  const d = t[y1 + x1]!;
  return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}

/** two decorrelated fBm lookups blended, which hides the tile's repetition */
export function fbm2(u: number, v: number): number {
  return fbm(u, v) * 0.65 + fbm(v * 2.37 + 0.31, u * 2.37 + 0.77) * 0.35;
}

/** fast value noise, period 256, for anisotropic streaks (brushed metal, linen threads) */
export function vnoise(x: number, y: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const fx = x - xi;
  const fy = y - yi;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = hash2(xi, yi);
  const b = hash2(xi + 1, yi);
  const c = hash2(xi, yi + 1);
  const d = hash2(xi + 1, yi + 1);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}

/** scratch result of `chips` (avoids allocating per pixel) */
export const cell = { dist: 0, id: 0 };

/**
 * Nearest-feature cell noise for terrazzo chips: fills `cell` with the distance to the
 * nearest chip centre (in cell units) and a random id in [0, 1) for that chip.
 */
export function chips(u: number, v: number): void {
  const xi = Math.floor(u);
  const yi = Math.floor(v);
  let best = 9;
  let id = 0;
  for (let j = -1; j <= 1; j++) {
    for (let i = -1; i <= 1; i++) {
      const cx = xi + i;
      const cy = yi + j;
      const h = hash2(cx, cy);
      const px = cx + hash2(cy + 17, cx + 91);
      const py = cy + hash2(cx + 53, cy + 7);
      // chips vary in size: scale distance by a per-chip radius
      const r = 0.18 + 0.3 * h;
      const dx = (u - px) / r;
      const dy = (v - py) / r;
      const d = dx * dx + dy * dy;
      if (d < best) {
        best = d;
        id = h;
      }
    }
  }
  cell.dist = Math.sqrt(best);
  cell.id = id;
}
