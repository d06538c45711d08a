// A textured product (fur, knit, marbled paper) on a clean backdrop is not a grainy photo: the
// set must not take its texture as grain. The same photo with sensor noise everywhere is.
import { describe, expect, it } from "vitest";
import { sensorShare } from "./photo-grain.ts";

function photo(noise: number) {
  const width = 480;
  const height = 360;
  const rgba = Buffer.alloc(width * height * 4);
  let seed = 7;
  const rnd = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const gauss = () => (rnd() + rnd() + rnd() + rnd() - 2) * Math.sqrt(3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const inside = x > 150 && x < 400 && y > 80 && y < 330;
      // the product: a knit of 3 px stitches; the backdrop: a smooth grey gradient
      const base = inside ? ((((x / 3) | 0) + ((y / 3) | 0)) % 2 ? 150 : 110) : 180 + y * 0.05;
      const v = Math.max(0, Math.min(255, Math.round(base + gauss() * noise)));
      rgba[o] = v;
      rgba[o + 1] = v;
      rgba[o + 2] = v;
      rgba[o + 3] = inside ? 255 : 0;
    }
  return { width, height, rgba };
}

describe("sensorShare", () => {
  it("reads a textured product on a clean backdrop as texture, not grain", () => {
    expect(sensorShare(photo(0.3))).toBeLessThan(0.3);
  });
  it("keeps the grain the backdrop shows too: the camera's share of the product's reading", () => {
    // σ 6 on both: the product reads about √(6² + texture²); the backdrop 6
    const share = sensorShare(photo(6));
    expect(share).toBeGreaterThan(3 * sensorShare(photo(0.3)));
    expect(share).toBeGreaterThan(0.4);
  });
});
