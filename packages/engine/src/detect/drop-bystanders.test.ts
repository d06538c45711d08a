import { describe, expect, it } from "vitest";
import type { Cutout } from "../types.ts";
import type { RawDetection } from "./centernet-model.ts";
import { withoutBystanders } from "./drop-bystanders.ts";

const W = 400;
const H = 200;

/** a cut-out of opaque rectangles [x0, y0, x1, y1] in pixels, with a soft 2 px rim */
function cutOf(rects: [number, number, number, number][]): Cutout {
  const rgba = Buffer.alloc(W * H * 4);
  for (const [x0, y0, x1, y1] of rects)
    for (let y = y0 - 2; y < y1 + 2; y++)
      for (let x = x0 - 2; x < x1 + 2; x++) {
        const inside = x >= x0 && x < x1 && y >= y0 && y < y1;
        const i = (y * W + x) * 4;
        rgba[i] = 200;
        rgba[i + 3] = Math.max(rgba[i + 3]!, inside ? 255 : 90);
      }
  return {
    width: W,
    height: H,
    rgba,
    bbox: { x: 0, y: 0, width: W, height: H },
    colors: [[200, 0, 0]],
    method: "isnet",
    croppedSides: ["right"],
  };
}

const car: [number, number, number, number] = [20, 90, 300, 180];
const woman: [number, number, number, number] = [340, 30, 380, 200];
const person = (box: RawDetection["box"], score = 0.8): RawDetection => ({
  label: "person",
  score,
  box,
});
const alphaAt = (c: Cutout, x: number, y: number) => c.rgba[(y * W + x) * 4 + 3]!;

describe("withoutBystanders", () => {
  it("clears a person standing apart from the product, rim and all, and boxes the product anew", () => {
    const cut = cutOf([car, woman]);
    const out = withoutBystanders(cut, [person([0.83, 0.1, 0.97, 1])]);
    expect(alphaAt(out, 360, 100)).toBe(0);
    expect(alphaAt(out, 338, 100)).toBe(0);
    expect(alphaAt(out, 150, 150)).toBe(255);
    expect(alphaAt(out, 299, 150)).toBe(255);
    expect(alphaAt(out, 301, 150)).toBe(90);
    expect(out.bbox).toEqual({ x: 18, y: 88, width: 284, height: 94 });
    // she ran out of the photo's right side; the car does not
    expect(out.croppedSides).toBeUndefined();
    // the photo's own pixels are untouched where they stay
    expect(alphaAt(cut, 360, 100)).toBe(255);
  });

  it("keeps the parts no confident person box holds", () => {
    const cut = cutOf([car, woman]);
    expect(withoutBystanders(cut, [person([0.83, 0.1, 0.97, 1], 0.3)])).toBe(cut);
    expect(withoutBystanders(cut, [{ ...person([0.83, 0.1, 0.97, 1]), label: "car" }])).toBe(cut);
    expect(withoutBystanders(cut, [person([0.05, 0.1, 0.2, 1])])).toBe(cut);
  });

  it("keeps a person who touches the product, and a second product as large", () => {
    const touching = cutOf([car, [298, 30, 340, 200]]);
    expect(withoutBystanders(touching, [person([0.74, 0.1, 0.86, 1])])).toBe(touching);
    const two = cutOf([
      [20, 40, 180, 180],
      [220, 40, 380, 180],
    ]);
    expect(withoutBystanders(two, [person([0.5, 0, 1, 1])])).toBe(two);
  });
});
