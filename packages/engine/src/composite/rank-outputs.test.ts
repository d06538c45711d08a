// The four photos come best first: the product that stands out from its set beats the one that
// melts into it, a calm surround beats a busy one, and a product cut by the frame comes last.
import { describe, expect, it } from "vitest";
import { flatScene } from "../../test/fixtures/flat-scene.ts";
import { generateFromCutout } from "../generate.ts";
import type { Cutout, RenderedScene } from "../types.ts";
import { compositeProduct } from "./composite.ts";
import { scoreOutput } from "./rank-outputs.ts";

/** a light grey-white product: a rounded block, opaque inside, soft 2 px rim */
function whiteProduct(): Cutout {
  const width = 200;
  const height = 260;
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const d = Math.min(x - 40, 160 - x, y - 30, 230 - y);
      rgba[o] = 236;
      rgba[o + 1] = 236;
      rgba[o + 2] = 232;
      rgba[o + 3] = d >= 2 ? 255 : d >= 0 ? 128 : 0;
    }
  return {
    width,
    height,
    rgba,
    bbox: { x: 40, y: 30, width: 121, height: 201 },
    colors: [[236, 236, 232]],
    method: "classical",
  } as Cutout;
}

const paint = (scene: RenderedScene, f: (x: number, y: number) => [number, number, number]) => {
  for (let y = 0; y < scene.height; y++)
    for (let x = 0; x < scene.width; x++) {
      const o = (y * scene.width + x) * 3;
      const c = f(x, y);
      scene.rgb[o] = c[0];
      scene.rgb[o + 1] = c[1];
      scene.rgb[o + 2] = c[2];
    }
  return scene;
};

async function scoreOn(scene: RenderedScene) {
  const cut = whiteProduct();
  const c = await compositeProduct(scene, cut, { shadows: false, lightWrap: false });
  return scoreOutput(c.rgb, scene.width, scene.height, cut, c.placement);
}

describe("scoreOutput", () => {
  it("prefers the set the product stands out from", async () => {
    const white = await scoreOn(paint(flatScene(400, 400), () => [240, 240, 238]));
    const oak = await scoreOn(paint(flatScene(400, 400), () => [150, 104, 66]));
    expect(white.separation).toBeLessThan(5);
    expect(oak.separation).toBeGreaterThan(30);
    expect(oak.score).toBeGreaterThan(white.score);
  });

  it("prefers a calm surround to a busy one of the same colours", async () => {
    const calm = await scoreOn(paint(flatScene(400, 400), () => [120, 120, 140]));
    const busy = await scoreOn(
      paint(flatScene(400, 400), (x, y) =>
        ((x >> 2) + (y >> 2)) % 2 ? [80, 80, 100] : [160, 160, 180],
      ),
    );
    expect(busy.clutter).toBeGreaterThan(calm.clutter + 20);
    expect(calm.score).toBeGreaterThan(busy.score);
  });

  it("puts a product cut by the frame last", async () => {
    const scene = paint(flatScene(400, 400), () => [150, 104, 66]);
    const inFrame = await scoreOn(scene);
    const cutOff = await scoreOn({
      ...scene,
      placement: { ...scene.placement, centerX: 10 },
    });
    expect(inFrame.offFrame).toBe(0);
    expect(cutOff.offFrame).toBeGreaterThan(0.3);
    expect(cutOff.score).toBeLessThan(inFrame.score - 0.5);
  });
});

describe("generateFromCutout", { timeout: 60_000 }, () => {
  it("returns the four best first, numbered in that order, the same for the same seed", async () => {
    const cut = whiteProduct();
    const req = { count: 4, seed: 5, width: 256, height: 256, format: "png" as const };
    const a = await generateFromCutout(cut, req);
    expect(a.map((i) => i.index)).toEqual([0, 1, 2, 3]);
    for (let k = 1; k < a.length; k++)
      expect(a[k - 1]!.score!).toBeGreaterThanOrEqual(a[k]!.score!);
    const b = await generateFromCutout(cut, req);
    expect(b.map((i) => i.bytes.equals(a[i.index]!.bytes))).toEqual([true, true, true, true]);
  });
});
