import { describe, expect, it } from "vitest";
import { SRGB_TO_LINEAR } from "../assets/asset-images.ts";
import { planScenes } from "../scenes/plan-scenes.ts";
import type { RGB } from "../types.ts";
import type { Material } from "./materials.ts";
import { restoreScanDetail } from "./scan-detail.ts";
import { FLOOR, WALL } from "./world.ts";

const W = 256;
const H = 256;
const iw = W / 2;
const ih = H / 2;
const focus = { at: 2, zone: 0.1 };

/** a flat lay, seen from straight above: the whole frame is its table */
const plan = planScenes({
  prompt: "flat lay on a table",
  seed: 1,
  count: 1,
  width: W,
  height: H,
  product: { colors: [[40, 90, 200]] as RGB[], aspectRatio: 0.6, seenFromAbove: true },
})[0]!;

/** a scan of random texels, 64 px, one tile a product's width: finer than the internal render */
function noiseFloor(): Material {
  const n = 64;
  const rgb = new Uint8Array(n * n * 3);
  let s = 7;
  for (let i = 0; i < n * n; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    rgb.fill(60 + (s % 140), i * 3, i * 3 + 3);
  }
  const scan = { width: n, height: n, rgb, toLinear: SRGB_TO_LINEAR };
  return { kind: "scan", scan, inv: 1 / plan.productSize.width } as unknown as Material;
}

/** the render as the enlargement leaves a finely textured table: one flat tone */
const flat = () => Buffer.alloc(W * H * 3, 128);

const spread = (rgb: Buffer) => {
  let sum = 0;
  let sq = 0;
  for (let i = 1; i < rgb.length; i += 3) {
    sum += rgb[i]!;
    sq += rgb[i]! * rgb[i]!;
  }
  const mean = sum / (rgb.length / 3);
  return Math.sqrt(sq / (rgb.length / 3) - mean * mean);
};

const input = (rgb: Buffer, depthAt: number, id: number) => ({
  plan,
  floor: noiseFloor(),
  rgb,
  width: W,
  height: H,
  iw,
  ih,
  depth: new Float32Array(iw * ih).fill(depthAt),
  ids: new Uint8Array(iw * ih).fill(id * 2 + 1),
  focus,
  maxSigma: 4,
});

describe("restoreScanDetail", () => {
  it("gives a scanned table in focus its scan's own grain back, at the output's size", () => {
    expect(plan.lying).toBe(true);
    const rgb = flat();
    restoreScanDetail(input(rgb, focus.at, FLOOR));
    // (a flat tone in: the texels' contrast out, and only as a modulation of the render's tone)
    expect(spread(rgb)).toBeGreaterThan(12);
    let sum = 0;
    for (let i = 1; i < rgb.length; i += 3) sum += rgb[i]!;
    expect(Math.abs(sum / (W * H) - 128)).toBeLessThan(12);
  });

  it("leaves what the lens blurs, and every surface but the floor, as rendered", () => {
    const far = flat();
    restoreScanDetail(input(far, 40, FLOOR));
    expect(far.equals(flat())).toBe(true);
    const wall = flat();
    restoreScanDetail(input(wall, focus.at, WALL));
    expect(wall.equals(flat())).toBe(true);
  });
});
