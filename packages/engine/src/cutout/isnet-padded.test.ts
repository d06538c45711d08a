// Which sides a coarse matte runs into decides whether the model gets a second look with a
// margin; a product that only grazes the border does not cost that inference.
import { describe, expect, it } from "vitest";
import { touchedSides } from "./isnet-padded.ts";

function matte(w: number, h: number, inside: (x: number, y: number) => boolean): Float32Array {
  const m = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) m[y * w + x] = inside(x, y) ? 0.6 : 0.1;
  return m;
}

describe("touchedSides", () => {
  it("names the borders a timid matte runs into", () => {
    expect(
      touchedSides(
        matte(100, 80, (x, y) => y > 50 && x < 60),
        100,
        80,
      ),
    ).toEqual(["bottom", "left"]);
    expect(
      touchedSides(
        matte(100, 80, () => true),
        100,
        80,
      ),
    ).toEqual(["top", "bottom", "left", "right"]);
  });

  it("ignores a product inside the photo or one grazing a border", () => {
    expect(
      touchedSides(
        matte(100, 80, (x, y) => x > 20 && x < 80 && y > 10 && y < 70),
        100,
        80,
      ),
    ).toEqual([]);
    expect(
      touchedSides(
        matte(100, 80, (x, y) => Math.hypot(x - 50, y - 30) <= 30),
        100,
        80,
      ),
    ).toEqual([]);
  });
});
