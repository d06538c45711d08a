import { describe, expect, it } from "vitest";
import { lightFromOf } from "./generate-request.ts";
import { planScenes } from "./scenes/plan-scenes.ts";

/** a disc lit from (lx, ly): brighter towards that side */
function litDisc(lx: number, ly: number) {
  const W = 200;
  const rgba = Buffer.alloc(W * W * 4);
  for (let y = 0; y < W; y++)
    for (let x = 0; x < W; x++) {
      const dx = (x - 100) / 80;
      const dy = (y - 100) / 80;
      if (dx * dx + dy * dy > 1) continue;
      const v = Math.round(140 + 80 * (dx * lx + dy * ly));
      rgba.fill(v, (y * W + x) * 4, (y * W + x) * 4 + 3);
      rgba[(y * W + x) * 4 + 3] = 255;
    }
  return { rgba, width: W, bbox: { x: 20, y: 20, width: 161, height: 161 } };
}

describe("a top view's light", () => {
  it("is read from the bright side of its outline", () => {
    const a = lightFromOf(litDisc(-0.7, -0.7));
    expect(a.x).toBeLessThan(-0.3);
    expect(a.y).toBeLessThan(-0.3);
    const b = lightFromOf(litDisc(0, 1));
    expect(Math.abs(b.x)).toBeLessThan(0.1);
    expect(b.y).toBeGreaterThan(0.5);
  });

  it("turns the flat lay's light so its shadow falls on the product's dark side", () => {
    const product = { colors: [[200, 180, 40]] as [number, number, number][], aspectRatio: 1.5 };
    const req = { count: 4, seed: 1, width: 256, height: 256 };
    // lit from the photo's bottom: the light is in front of the camera (azimuth 0)
    const front = planScenes({
      ...req,
      product: { ...product, seenFromAbove: true, lightFrom: { x: 0, y: 0.8 } },
    });
    for (const p of front) expect(Math.abs(p.light.azimuthDeg)).toBeLessThan(25);
    // lit from its top right: from behind, on the right
    const back = planScenes({
      ...req,
      product: { ...product, seenFromAbove: true, lightFrom: { x: 0.5, y: -0.5 } },
    });
    for (const p of back) {
      expect(p.lying).toBe(true);
      expect(p.light.azimuthDeg).toBeGreaterThan(110);
      expect(p.light.azimuthDeg).toBeLessThan(160);
    }
  });
});
