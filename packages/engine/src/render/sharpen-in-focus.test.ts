import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sharpenInFocus } from "./sharpen-in-focus.ts";

const W = 64;
const H = 32;

/** a soft vertical edge from 80 to 160 across x = 32 */
function softEdge(): Buffer {
  const rgb = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const v = 80 + 80 / (1 + Math.exp(-(x - 32) / 0.8));
      rgb.fill(Math.round(v), (y * W + x) * 3, (y * W + x) * 3 + 3);
    }
  return rgb;
}

const contrast = (rgb: Buffer) => rgb[(16 * W + 34) * 3]! - rgb[(16 * W + 30) * 3]!;

describe("sharpenInFocus", () => {
  it("crisps the set where it is in focus and leaves what the lens blurs", async () => {
    const focus = { at: 2, zone: 0 };
    // internal resolution half the output's: left half in the focal plane, right half far
    const iw = W / 2;
    const ih = H / 2;
    const depth = new Float32Array(iw * ih).fill(focus.at);
    const sharpened = softEdge();
    await sharpenInFocus(sharpened, W, H, depth, iw, ih, focus, 6);
    expect(contrast(sharpened)).toBeGreaterThan(contrast(softEdge()) + 6);

    const far = new Float32Array(iw * ih).fill(40);
    const kept = softEdge();
    await sharpenInFocus(kept, W, H, far, iw, ih, focus, 6);
    expect(kept.equals(softEdge())).toBe(true);
  });

  it("sharpens a frame with no depth of field (a flat lay) as a frame all in the focal plane", async () => {
    const focus = { at: 2, zone: 0 };
    const iw = W / 2;
    const ih = H / 2;
    const depth = new Float32Array(iw * ih).fill(focus.at);
    const mapped = softEdge();
    await sharpenInFocus(mapped, W, H, depth, iw, ih, focus, 6);
    const uniform = softEdge();
    await sharpenInFocus(uniform, W, H, depth, iw, ih, focus, 0);
    expect(uniform.equals(mapped)).toBe(true);
    expect(uniform.equals(softEdge())).toBe(false);
  });

  it("gives, through its table, the bytes of the unsharp mask's float formula (clamped, rounded)", async () => {
    // every level, against blurs far above and below it: clamping at 0 and 255 and halves
    const rgb = Buffer.alloc(W * H * 3);
    for (let i = 0; i < rgb.length; i++) rgb[i] = (i * 97 + ((i >> 5) & 1) * 255) & 255;
    const blurred = await sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
      .blur(1.4)
      .raw()
      .toBuffer();
    const expected = new Uint8ClampedArray(rgb.length);
    for (let i = 0; i < rgb.length; i++)
      expected[i] = rgb[i]! + (rgb[i]! - blurred[i]!) * Math.fround(0.9);
    const depth = new Float32Array((W / 2) * (H / 2)).fill(2);
    const all = Buffer.from(rgb);
    await sharpenInFocus(all, W, H, depth, W / 2, H / 2, { at: 2, zone: 0 }, 0);
    expect(all.equals(Buffer.from(expected))).toBe(true);
    const mapped = Buffer.from(rgb);
    await sharpenInFocus(mapped, W, H, depth, W / 2, H / 2, { at: 2, zone: 0 }, 6);
    expect(mapped.equals(Buffer.from(expected))).toBe(true);
  });
});
