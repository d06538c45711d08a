// Spokes the model dropped come back; the shadow on the backdrop does not; a busy backdrop is
// left alone.
import { describe, expect, it } from "vitest";
import { plainBackdrop, recoverThinStructures } from "./thin-structures.ts";

const W = 120;
const H = 120;

/** a white backdrop, a dark wheel rim (in the matte) with 1 px spokes (not), a grey shadow */
function wheel() {
  const rgba = Buffer.alloc(W * H * 4);
  const truth = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      let c = [246, 246, 244];
      let alpha = 0;
      const d = Math.hypot(x - 60, y - 55);
      if (y > 100 && y < 112 && Math.abs(x - 60) < 40) c = [172, 172, 171]; // shadow: the backdrop, darker
      if (d > 38 && d < 44) {
        c = [30, 30, 32];
        alpha = 255;
        truth[y * W + x] = 1;
      } else if (d <= 38 && (Math.abs(x - 60) < 1 || Math.abs(y - 55) < 1)) {
        c = [40, 40, 44]; // spokes the model missed
        truth[y * W + x] = 1;
      }
      rgba[i] = c[0]!;
      rgba[i + 1] = c[1]!;
      rgba[i + 2] = c[2]!;
      rgba[i + 3] = alpha;
    }
  }
  return { rgba, truth };
}

describe("thin structures", () => {
  it("gives spokes back to a plain-backdrop product and leaves its shadow out", () => {
    const { rgba, truth } = wheel();
    const out = Buffer.from(rgba);
    const bg = plainBackdrop(rgba, W, H);
    expect(bg?.color).toEqual([246, 246, 244]);
    const added = recoverThinStructures(out, W, H, { x: 14, y: 9, width: 92, height: 110 }, bg!);
    expect(added).toBeGreaterThan(100);
    let spokes = 0;
    let found = 0;
    let shadow = 0;
    for (let k = 0; k < W * H; k++) {
      const y = Math.floor(k / W);
      if (truth[k] && rgba[k * 4 + 3] === 0) {
        spokes++;
        if (out[k * 4 + 3]! >= 128) found++;
      }
      if (y > 100 && !truth[k] && out[k * 4 + 3]! > 0) shadow++;
      // the photo's colours are untouched
      expect(out[k * 4]).toBe(rgba[k * 4]);
    }
    expect(found / spokes).toBeGreaterThan(0.9);
    expect(shadow).toBe(0);
  });

  it("does nothing on a busy backdrop", () => {
    const rgba = Buffer.alloc(W * H * 4);
    for (let k = 0; k < W * H; k++) {
      rgba[k * 4] = (k * 37) % 256;
      rgba[k * 4 + 1] = (k * 91) % 256;
      rgba[k * 4 + 2] = (k * 13) % 256;
    }
    expect(plainBackdrop(rgba, W, H)).toBeNull();
  });
});
