// On a textured backdrop (no plain colour to compare with), spokes the model dropped come back
// against the background around them; a soft shadow, a thick prop and the texture do not.
import { describe, expect, it } from "vitest";
import { recoverThinLocal } from "./thin-local.ts";
import { plainBackdrop } from "./thin-structures.ts";

const W = 240;
const H = 200;

/** deterministic noise in -1..1 */
function noise(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return (s / 2 ** 32) * 2 - 1;
  };
}

type Kind = "bg" | "product" | "spoke" | "shadow" | "prop" | "crack";

/**
 * A wood-like table (warm, grained, uneven, lit from the left), a dark hub-and-rim product in
 * the matte, 1-2 px spokes from it (not in the matte), a soft shadow beside it, the hard
 * 2 px shadow of a thin stick leaving the rim, a thick dark prop touching it and a dark crack
 * in the table away from it (none of them in the matte).
 */
function scene(spokes = true) {
  const rnd = noise(7);
  const rgba = Buffer.alloc(W * H * 4);
  const kind: Kind[] = new Array(W * H).fill("bg");
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      const light = 0.8 + 0.25 * (x / W); // uneven light across the table
      const grain = 14 * Math.sin(y * 0.7 + Math.sin(x * 0.05) * 3) + 10 * rnd();
      let c = [(178 + grain) * light, (132 + grain * 0.8) * light, (92 + grain * 0.6) * light];
      let k: Kind = "bg";
      let alpha = 0;
      const d = Math.hypot(x - 90, y - 90);
      // a soft shadow falling right of the product: the table, darker, fading out
      const sh = Math.max(0, 1 - Math.hypot((x - 165) / 40, (y - 150) / 22));
      if (sh > 0) {
        const f = 1 - 0.45 * Math.min(1, sh * 1.5);
        c = c.map((v) => v * f);
        if (sh > 0.15) k = "shadow";
      }
      // a stick's hard shadow: 2 px, from the rim down-right, the table at 45 %
      if (x > 130 && x < 200 && Math.abs(y - 100 - (x - 130) * 0.5) < 1) {
        c = c.map((v) => v * 0.45);
        k = "shadow";
      }
      // a crack in the table, as dark as the spokes, far from the product
      if (y > 180 && y < 183 && x > 120 && x < 230) {
        c = [40, 30, 26];
        k = "crack";
      }
      if (d < 10 || (d > 50 && d < 58)) {
        c = [38, 36, 40]; // hub and rim: the model saw those
        alpha = 255;
        k = "product";
      } else if (spokes && d <= 50) {
        // spokes: 8 straight 1-2 px lines from hub to rim
        const ang = Math.atan2(y - 90, x - 90);
        const near = Math.abs(Math.sin(4 * ang)) * d;
        if (near < 0.9) {
          c = [30, 30, 34];
          k = "spoke";
        }
      }
      // a thick dark prop (another object) touching the rim on the left
      if (x >= 8 && x < 34 && y >= 80 && y < 110) {
        c = [52, 48, 50];
        k = "prop";
        alpha = 0;
      }
      rgba[i] = Math.max(0, Math.min(255, Math.round(c[0]!)));
      rgba[i + 1] = Math.max(0, Math.min(255, Math.round(c[1]!)));
      rgba[i + 2] = Math.max(0, Math.min(255, Math.round(c[2]!)));
      rgba[i + 3] = alpha;
      kind[y * W + x] = k;
    }
  }
  return { rgba, kind };
}

describe("thin structures on a textured backdrop", () => {
  it("gives the spokes back and leaves shadows, the prop, a crack and the texture out", () => {
    const { rgba, kind } = scene();
    expect(plainBackdrop(rgba, W, H)).toBeNull(); // the plain-backdrop path would do nothing
    const out = Buffer.from(rgba);
    recoverThinLocal(out, W, H, { x: 0, y: 0, width: W, height: H }, { maxWidth: 2 });
    const none = { bg: 0, product: 0, spoke: 0, shadow: 0, prop: 0, crack: 0 };
    const got: Record<Kind, number> = { ...none };
    const all: Record<Kind, number> = { ...none };
    for (let k = 0; k < W * H; k++) {
      all[kind[k]!]++;
      if (out[k * 4 + 3]! >= 128) got[kind[k]!]++;
      // the photo's colours are untouched
      expect(out[k * 4]).toBe(rgba[k * 4]);
    }
    expect(got.spoke / all.spoke).toBeGreaterThan(0.85);
    expect(got.shadow).toBe(0);
    expect(got.prop).toBe(0);
    expect(got.crack).toBe(0);
    expect(got.bg / all.bg).toBeLessThan(0.002);
  });

  it("leaves shadows alone when there are no spokes at all", () => {
    const { rgba, kind } = scene(false);
    const out = Buffer.from(rgba);
    const added = recoverThinLocal(out, W, H, { x: 0, y: 0, width: W, height: H });
    const where: Record<string, number> = {};
    for (let k = 0; k < W * H; k++)
      if (out[k * 4 + 3] !== rgba[k * 4 + 3]) where[kind[k]!] = (where[kind[k]!] ?? 0) + 1;
    expect(where).toEqual({});
    expect(added).toBe(0);
  });
});
