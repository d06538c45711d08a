// A product the photo cut off sits flush with the output frame's matching edges: no cut edge
// floating in the set, no gap under it; cut on all sides it covers the frame; at scale 1 its
// pixels still reach the output untouched.
import { describe, expect, it } from "vitest";
import { flatScene } from "../../test/fixtures/flat-scene.ts";
import type { Cutout, Side } from "../types.ts";
import { compositeProduct } from "./composite.ts";
import { computePlacement } from "./place.ts";

/**
 * A cut-out of w×h whose product is the rectangle [x0, x1) × [y0, y1), opaque, with a texture
 * no set has (so the test can tell product from set), touching the photo's border on `sides`.
 */
function cutOf(
  w: number,
  h: number,
  [x0, y0, x1, y1]: [number, number, number, number],
  sides: Side[],
): Cutout {
  const rgba = Buffer.alloc(w * h * 4);
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * w + x) * 4;
      rgba[i] = 20 + ((x * 13 + y * 7) % 40);
      rgba[i + 1] = 120 + ((x * 5) % 60);
      rgba[i + 2] = 210;
      rgba[i + 3] = 255;
    }
  return {
    width: w,
    height: h,
    rgba,
    bbox: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 },
    colors: [[40, 150, 210]],
    method: "classical",
    croppedSides: sides,
  };
}

/** is this output pixel the product's (blue, as no set is) */
const isProduct = (rgb: Buffer, i: number) => rgb[i * 3 + 2]! >= 200 && rgb[i * 3]! < 70;

describe("placing a product the photo cut off", { timeout: 60_000 }, () => {
  it("cut at the bottom: the product stands on the frame's bottom edge, no gap", async () => {
    const cut = cutOf(300, 240, [60, 90, 240, 240], ["bottom"]);
    const scene = flatScene(640, 640);
    const r = await compositeProduct(scene, cut);
    const p = r.placement;
    expect(p.y + p.height).toBe(640);
    expect(p.anchored).toEqual(["bottom"]);
    // still inside the set's box sideways, and no smaller than the uncut placement would be
    expect(p.width).toBeLessThanOrEqual(scene.placement.maxWidth + 1);
    expect(p.scale).toBeGreaterThanOrEqual(computePlacement(cut, scene.placement).scale);
    // the bottom rows under the product are the product, across its whole width
    for (const y of [639, 638, 620]) {
      for (let x = p.x + 2; x < p.x + p.width - 2; x++) {
        expect(isProduct(r.rgb, y * 640 + x)).toBe(true);
      }
    }
    // and the set shows beside it
    expect(isProduct(r.rgb, 639 * 640 + p.x - 5)).toBe(false);
    expect(isProduct(r.rgb, 639 * 640 + p.x + p.width + 5)).toBe(false);
  });

  it("cut at the left: flush with the frame's left edge", async () => {
    const cut = cutOf(300, 240, [0, 40, 200, 200], ["left"]);
    const scene = flatScene(800, 600);
    const p = (await compositeProduct(scene, cut)).placement;
    expect(p.x).toBe(0);
    expect(p.y + p.height).toBe(scene.placement.baseY); // its real bottom stays on the floor
  });

  it("cut on all four sides: the product covers the frame", async () => {
    const cut = cutOf(300, 200, [0, 0, 300, 200], ["top", "bottom", "left", "right"]);
    for (const [w, h] of [
      [640, 640],
      [1000, 500],
      [480, 900],
    ] as const) {
      const r = await compositeProduct(flatScene(w, h, { reflectivity: 0.6 }), cut);
      let set = 0;
      for (let i = 0; i < w * h; i++) if (!isProduct(r.rgb, i)) set++;
      expect(set).toBe(0);
    }
  });

  it("cut on three sides: spans the frame between the opposite cuts and sits on the bottom", async () => {
    const cut = cutOf(400, 300, [0, 120, 400, 300], ["bottom", "left", "right"]);
    const r = await compositeProduct(flatScene(600, 600), cut);
    const p = r.placement;
    expect([p.x, p.width, p.y + p.height]).toEqual([0, 600, 600]);
    for (let x = 0; x < 600; x++) expect(isProduct(r.rgb, 599 * 600 + x)).toBe(true);
  });

  it("at scale 1, every opaque pixel of an anchored product is the cut-out's own", async () => {
    const cut = cutOf(300, 240, [60, 90, 240, 240], ["bottom"]);
    // a set whose box admits the product at exactly its own width
    const scene = flatScene(500, 500, {
      placement: { centerX: 250, baseY: 420, maxWidth: 180, maxHeight: 300 },
      reflectivity: 0.5,
    });
    const r = await compositeProduct(scene, cut);
    const p = r.placement;
    expect(p.scale).toBe(1);
    expect(p.y + p.height).toBe(500);
    let mismatches = 0;
    for (let y = 0; y < p.height; y++)
      for (let x = 0; x < p.width; x++) {
        const s = ((cut.bbox.y + y) * cut.width + cut.bbox.x + x) * 4;
        const o = ((p.y + y) * 500 + p.x + x) * 3;
        if (
          r.rgb[o] !== cut.rgba[s] ||
          r.rgb[o + 1] !== cut.rgba[s + 1] ||
          r.rgb[o + 2] !== cut.rgba[s + 2]
        )
          mismatches++;
      }
    expect(mismatches).toBe(0);
  });

  it("without the frame, or without cut sides, places as before", () => {
    const cut = cutOf(300, 240, [60, 90, 240, 240], ["bottom"]);
    const scene = flatScene(640, 640);
    const plain = computePlacement({ bbox: cut.bbox }, scene.placement, scene);
    expect(computePlacement(cut, scene.placement)).toEqual(plain);
    expect(plain.anchored).toBeUndefined();
    expect(plain.y + plain.height).toBe(scene.placement.baseY);
  });
});
