import { describe, expect, it } from "vitest";
import { drawLayer, type Layer } from "./canvas.ts";

describe("a garment drawn over its table", () => {
  it("leaves no light line where its fringe held the photo's white backdrop", () => {
    // a blue square, its one-pixel fringe half covered and half the old white backdrop
    const w = 20;
    const rgba = Buffer.alloc(w * w * 4);
    for (let y = 0; y < w; y++)
      for (let x = 0; x < w; x++) {
        const edge = x === 4 || x === 15 || y === 4 || y === 15;
        const inside = x >= 4 && x <= 15 && y >= 4 && y <= 15;
        if (!inside) continue;
        rgba.set(edge ? [150, 190, 215, 128] : [56, 123, 170, 255], (y * w + x) * 4);
      }
    const layer: Layer = { x: 0, y: 0, w, h: w, rgba };
    const out = Buffer.alloc(w * w * 3);
    for (let i = 0; i < out.length; i += 3) out.set([128, 101, 78], i);
    drawLayer(out, w, w, layer);
    // the fringe is between the velvet and the wood, never lighter than both
    const o = (10 * w + 4) * 3;
    const lum = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
    expect(lum(out[o]!, out[o + 1]!, out[o + 2]!)).toBeLessThan(
      Math.max(lum(56, 123, 170), lum(128, 101, 78)) + 3,
    );
    // the opaque inside is the photo's own byte
    expect([...out.subarray((10 * w + 10) * 3, (10 * w + 10) * 3 + 3)]).toEqual([56, 123, 170]);
  });
});
