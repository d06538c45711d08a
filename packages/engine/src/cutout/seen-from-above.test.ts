import { describe, expect, it } from "vitest";
import type { Cutout } from "../types.ts";
import { photoView, seenFromAbove } from "./seen-from-above.ts";
import { metaOf } from "./serialize.ts";

const W = 300;
const H = 240;

/** a photo whose background is `at(x, y)`, with an opaque product in its middle */
function photo(at: (x: number, y: number) => [number, number, number]): Buffer {
  const rgba = Buffer.alloc(W * H * 4);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      const product = Math.abs(x - W / 2) < 50 && Math.abs(y - H / 2) < 60;
      const [r, g, b] = product ? [30, 90, 200] : at(x, y);
      rgba[i] = r;
      rgba[i + 1] = g;
      rgba[i + 2] = b;
      rgba[i + 3] = product ? 255 : 0;
    }
  return rgba;
}

/** wood-like: stripes and noise, the same all over the frame */
const grain = (x: number, y: number): [number, number, number] => {
  const n = ((x * 7919 + y * 104729) % 97) / 97;
  const v = 150 + 30 * Math.sin(x / 6 + y / 40) + 20 * n;
  return [v, v * 0.7, v * 0.4];
};

describe("seenFromAbove", () => {
  it("reads one textured surface filling the frame as a top view", () => {
    expect(seenFromAbove(photo(grain), W, H)).toBe(true);
  });

  it("reads a wall meeting a table as a side view", () => {
    const wallAndTable = (x: number, y: number) =>
      y < H * 0.6 ? ([200, 210, 205] as [number, number, number]) : grain(x, y);
    expect(seenFromAbove(photo(wallAndTable), W, H)).toBe(false);
    expect(photoView(photo(wallAndTable), W, H)).toBe("side");
    // a plain backdrop says neither
    expect(
      photoView(
        photo(() => [245, 245, 245]),
        W,
        H,
      ),
    ).toBe("unknown");
  });

  it("says nothing of a plain backdrop", () => {
    expect(
      seenFromAbove(
        photo(() => [245, 245, 245]),
        W,
        H,
      ),
    ).toBe(false);
  });

  it("is kept with the stored cut-out, and absent when false", () => {
    const cut: Cutout = {
      width: 2,
      height: 2,
      rgba: Buffer.alloc(16),
      bbox: { x: 0, y: 0, width: 1, height: 1 },
      colors: [],
      method: "isnet",
    };
    expect(metaOf({ ...cut, seenFromAbove: true }).seenFromAbove).toBe(true);
    expect("seenFromAbove" in metaOf(cut)).toBe(false);
    expect(metaOf({ ...cut, seenFromSide: true }).seenFromSide).toBe(true);
    expect("seenFromSide" in metaOf(cut)).toBe(false);
  });
});
