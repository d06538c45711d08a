import { describe, expect, it } from "vitest";
import { BLED_ALPHA, removeChromaBleed } from "./chroma-bleed.ts";

type RGB = [number, number, number];

/** a 40² photo: a disc of `inside` on `backdrop`, its outermost opaque ring coloured `rim` */
function disc(inside: RGB, rim: RGB, backdrop: RGB): Buffer {
  const w = 40;
  const rgba = Buffer.alloc(w * w * 4);
  for (let y = 0; y < w; y++) {
    for (let x = 0; x < w; x++) {
      const d = Math.hypot(x - 19.5, y - 19.5);
      const i = (y * w + x) * 4;
      const c = d < 11 ? inside : d < 12 ? rim : backdrop;
      rgba.set([...c, d < 12 ? 255 : 0], i);
    }
  }
  return rgba;
}

const luma = (b: Buffer, i: number) => 0.299 * b[i]! + 0.587 * b[i + 1]! + 0.114 * b[i + 2]!;
/** the pixel on the disc's rim at its right, and one well inside */
const RIM = (20 * 40 + 31) * 4;
const INSIDE = (20 * 40 + 20) * 4;

describe("removeChromaBleed", () => {
  it("takes the backdrop's hue out of the outline's pixels, keeping their brightness", () => {
    // a cream teddy on red velvet: its rim pink at its own brightness (as measured on the photo)
    const rgba = disc([240, 214, 189], [255, 201, 186], [125, 15, 4]);
    const before = Buffer.from(rgba);
    expect(removeChromaBleed(rgba, 40, 40)).toBeGreaterThan(0);
    const [r, g, b] = [rgba[RIM]!, rgba[RIM + 1]!, rgba[RIM + 2]!];
    // cream again: red no more than green leads it inside (26), within a level or two
    expect(r - g).toBeLessThanOrEqual(28);
    expect(Math.abs(luma(rgba, RIM) - luma(before, RIM))).toBeLessThan(1.5);
    // a corrected pixel is fringe; the interior stays the photo's, byte for byte, and opaque
    expect(rgba[RIM + 3]).toBe(BLED_ALPHA);
    expect(rgba.subarray(INSIDE, INSIDE + 4)).toEqual(before.subarray(INSIDE, INSIDE + 4));
    // the backdrop is not touched
    expect(rgba.subarray(0, 4)).toEqual(before.subarray(0, 4));
  });

  it("leaves an outline whose hue leans away from the backdrop's, or any on a grey backdrop", () => {
    // a blue piping round a cream cushion on red: the product's own colour
    const piping = disc([240, 214, 189], [90, 110, 200], [125, 15, 4]);
    const before = Buffer.from(piping);
    removeChromaBleed(piping, 40, 40);
    expect(piping).toEqual(before);
    // a black lamp on a white sweep: no hue to take out
    const lamp = disc([20, 20, 22], [70, 70, 72], [245, 245, 245]);
    const lampBefore = Buffer.from(lamp);
    expect(removeChromaBleed(lamp, 40, 40)).toBe(0);
    expect(lamp).toEqual(lampBefore);
  });
});
