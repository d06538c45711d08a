import { describe, expect, it } from "vitest";
import { slabShadow } from "./slab-shadow.ts";

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
});
