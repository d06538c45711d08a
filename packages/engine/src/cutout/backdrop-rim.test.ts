import { describe, expect, it } from "vitest";
import { RIM_ALPHA, softenBackdropRim } from "./backdrop-rim.ts";

/** a w×h RGBA cut-out: clear white backdrop, an opaque square of `fill` with a 1 px ring of `ring` */
function square(fill: number[], ring: number[], w = 40, h = 40): Buffer {
  const rgba = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const inside = x >= 10 && x < 30 && y >= 10 && y < 30;
      const edge = inside && (x === 10 || x === 29 || y === 10 || y === 29);
      const c = !inside ? [255, 255, 255] : edge ? ring : fill;
      rgba.set([...c, inside ? 255 : 0], i);
    }
  return rgba;
}

describe("softenBackdropRim", () => {
  it("makes fringe of the outline's opaque pixels that are mostly the old backdrop", () => {
    // a red product whose outline pixels are three quarters white: a light halo
    const rgba = square([200, 30, 30], [241, 199, 199]);
    expect(softenBackdropRim(rgba, 40, 40)).toBeGreaterThan(60);
    expect(rgba[(10 * 40 + 20) * 4 + 3]).toBe(RIM_ALPHA);
    // the inside and the product's colours are left alone, and the rim still counts as product
    expect(rgba[(20 * 40 + 20) * 4 + 3]).toBe(255);
    expect(rgba.subarray((10 * 40 + 20) * 4, (10 * 40 + 20) * 4 + 3)).toEqual(
      Buffer.from([241, 199, 199]),
    );
    expect(RIM_ALPHA).toBeGreaterThanOrEqual(128);
  });

  it("makes fringe of a half-and-half outline pixel, though the matte is not quite opaque inside", () => {
    // a blue velvet's outline pixel half white (round 20's 'white, jagged fringe'), the pixel
    // two in at alpha 250
    const rgba = square([56, 123, 170], [150, 189, 212]);
    for (let x = 12; x < 28; x++) rgba[(12 * 40 + x) * 4 + 3] = 250;
    softenBackdropRim(rgba, 40, 40);
    expect(rgba[(10 * 40 + 20) * 4 + 3]).toBe(RIM_ALPHA);
    // mostly the product's (a sheen on the edge): it stays opaque
    const sheen = square([56, 123, 170], [95, 150, 190]);
    expect(softenBackdropRim(sheen, 40, 40)).toBe(0);
  });

  it("keeps an outline that is the product's own colour", () => {
    const red = square([200, 30, 30], [190, 35, 30]);
    expect(softenBackdropRim(red, 40, 40)).toBe(0);
    // a white product on white: nothing tells the backdrop from it, nothing changes
    const white = square([250, 250, 250], [252, 252, 252]);
    expect(softenBackdropRim(white, 40, 40)).toBe(0);
  });
});
