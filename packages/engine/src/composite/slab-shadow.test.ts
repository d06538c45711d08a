import { describe, expect, it } from "vitest";
import { type SlabLight, slabShadow } from "./slab-shadow.ts";

describe("slabShadow", () => {
  // a 40×40-cell slab 6 cells thick, lit from the left at 50°, a window 30° wide
  const gw = 100;
  const gh = 100;
  const sil = new Float32Array(gw * gh);
  for (let y = 30; y < 70; y++) for (let x = 30; x < 70; x++) sil[y * gw + x] = 1;
  const out = slabShadow(sil, gw, gh, 6, {
    towardX: -1,
    towardY: 0,
    elevation: (50 * Math.PI) / 180,
    halfAngle: (15 * Math.PI) / 180,
  });
  const at = (x: number) => out[50 * gw + x]!;

  it("is darkest where the slab meets the table and fades outwards, with no gap", () => {
    expect(at(70)).toBeGreaterThan(0.9);
    for (let x = 71; x < 85; x++) expect(at(x)).toBeLessThanOrEqual(at(x - 1) + 1e-6);
    // it ends where the edge sinks under the light's lowest rays: 6 / tan(35°) ≈ 8.6 cells
    expect(at(74)).toBeGreaterThan(0.2);
    expect(at(81)).toBe(0);
  });

  it("leaves the side towards the light lit", () => {
    for (let x = 10; x < 30; x++) expect(at(x)).toBe(0);
  });

  it("starts each cell's rays where the silhouette can first be met, losing nothing", () => {
    // blobs with holes and soft edges, lit from every side, near the grid's borders too
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let k = 0; k < 12; k++) {
      const w = 40 + Math.floor(rand() * 60);
      const h = 40 + Math.floor(rand() * 60);
      const m = new Float32Array(w * h);
      for (let b = 0; b < 4; b++) {
        const cx = rand() * w;
        const cy = rand() * h;
        const r = 3 + rand() * 12;
        for (let y = 0; y < h; y++)
          for (let x = 0; x < w; x++) {
            const inside = Math.hypot(x - cx, y - cy) < r;
            if (inside) m[y * w + x] = b === 3 ? 0 : 0.3 + rand() * 0.7;
          }
      }
      const angle = rand() * 2 * Math.PI;
      const l: SlabLight = {
        towardX: Math.cos(angle),
        towardY: Math.sin(angle),
        elevation: 0.2 + rand() * 1.2,
        halfAngle: 0.05 + rand() * 0.3,
      };
      const t = 1 + rand() * 8;
      expect(slabShadow(m, w, h, t, l)).toEqual(marchedFromStepOne(m, w, h, t, l));
    }
  });
});

const RAYS = 5;

/** slabShadow as first written: every ray of every cell marched from step 1 */
function marchedFromStepOne(
  sil: Float32Array,
  gw: number,
  gh: number,
  thickness: number,
  light: SlabLight,
): Float32Array {
  const out = new Float32Array(gw * gh);
  const low = Math.max(0.09, light.elevation - light.halfAngle);
  const reach = Math.ceil(thickness / Math.tan(low)) + 1;
  // the cells that can lie in its shadow: the silhouette's box, swept away from the light
  let x0 = gw;
  let x1 = -1;
  let y0 = gh;
  let y1 = -1;
  for (let y = 0; y < gh; y++)
    for (let x = 0; x < gw; x++) {
      if (sil[y * gw + x]! < 0.5) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  if (x1 < 0) return out;
  const sx0 = Math.max(0, Math.floor(Math.min(x0, x0 - light.towardX * reach)) - 1);
  const sx1 = Math.min(gw - 1, Math.ceil(Math.max(x1, x1 - light.towardX * reach)) + 1);
  const sy0 = Math.max(0, Math.floor(Math.min(y0, y0 - light.towardY * reach)) - 1);
  const sy1 = Math.min(gh - 1, Math.ceil(Math.max(y1, y1 - light.towardY * reach)) + 1);
  const rays: [number, number][] = [];
  for (let r = 0; r < RAYS; r++) {
    const a = ((r / (RAYS - 1)) * 2 - 1) * light.halfAngle;
    const c = Math.cos(a);
    const s = Math.sin(a);
    rays.push([light.towardX * c - light.towardY * s, light.towardX * s + light.towardY * c]);
  }
  const span = 2 * light.halfAngle;
  for (let y = sy0; y <= sy1; y++)
    for (let x = sx0; x <= sx1; x++) {
      const i = y * gw + x;
      if (sil[i]! >= 0.5) continue;
      let lost = 0;
      for (const [ux, uy] of rays) {
        for (let d = 1; d <= reach; d++) {
          const tx = Math.round(x + ux * d);
          const ty = Math.round(y + uy * d);
          if (tx < 0 || ty < 0 || tx >= gw || ty >= gh) break;
          if (sil[ty * gw + tx]! < 0.5) continue;
          // the edge is about half a cell nearer than the first covered cell's centre
          const seen = Math.atan(thickness / Math.max(0.5, d - 0.5));
          lost += Math.min(1, Math.max(0, (seen - (light.elevation - light.halfAngle)) / span));
          break;
        }
      }
      out[i] = lost / RAYS;
    }
  // the slab's own edge cells take the shadow beside them: a cell half covered is covered on
  // the grid, and the product's soft edge showed lit table through it, a pale line between the
  // product and its shadow (written in place: a cell beside the slab is never one of these)
  for (let y = sy0; y <= sy1; y++)
    for (let x = sx0; x <= sx1; x++) {
      const i = y * gw + x;
      if (sil[i]! < 0.5) continue;
      for (let d = 1; d <= 2; d++) {
        const tx = Math.round(x - light.towardX * d);
        const ty = Math.round(y - light.towardY * d);
        if (tx < 0 || ty < 0 || tx >= gw || ty >= gh) break;
        const j = ty * gw + tx;
        if (sil[j]! >= 0.5) continue;
        out[i] = out[j]!;
        break;
      }
    }
  return out;
}
