import { describe, expect, it } from "vitest";
import { flatScene } from "../../test/fixtures/flat-scene.ts";
import { applyContactLine, keptLinePixels } from "./contact-line.ts";

/** an RGBA layer of w×h, opaque where `solid(x, y)` */
function layer(w: number, h: number, solid: (x: number, y: number) => boolean): Buffer {
  const out = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) if (solid(x, y)) out[(y * w + x) * 4 + 3] = 255;
  return out;
}

const W = 600;
const H = 600;
/** how much darker the contact line made the pixel at (x, y), 0..1 */
function darkening(before: Buffer, after: Buffer, x: number, y: number): number {
  const i = (y * W + x) * 3;
  return 1 - after[i]! / before[i]!;
}

describe("the contact line", () => {
  it("lies under a wheel higher in the frame too, on the ground line (three-quarter car)", () => {
    // a body 300 wide on two wheels: the front foot at the layer's bottom, the rear 60 px higher
    const car = layer(300, 120, (x, y) => {
      const body = y >= 10 && y <= 90 - (50 * x) / 300;
      return body || (x >= 30 && x < 80) || (x >= 230 && x < 280 && y <= 59);
    });
    const p = { x: 150, y: 300, width: 300, height: 120, scale: 1 };
    const scene = flatScene(W, H);
    const out = Buffer.from(scene.rgb);
    applyContactLine(out, scene, car, p);
    expect(darkening(scene.rgb, out, p.x + 55, p.y + 120)).toBeGreaterThan(0.2);
    expect(darkening(scene.rgb, out, p.x + 255, p.y + 60)).toBeGreaterThan(0.2);
  });

  it("beside a product lying flat, is on its side away from the light and not towards it", () => {
    const d = 200;
    const disc = layer(d, d, (x, y) => (x - d / 2) ** 2 + (y - d / 2) ** 2 < (d / 2 - 1) ** 2);
    const p = { x: 200, y: 200, width: d, height: d, scale: 1 };
    const scene = flatScene(W, H, {
      lying: true,
      light: { shadowDir: { x: 1, y: 0 }, elevationDeg: 50, softness: 0.5, color: [255, 255, 255] },
    });
    const out = Buffer.from(scene.rgb);
    applyContactLine(out, scene, disc, p);
    const mid = p.y + d / 2;
    expect(darkening(scene.rgb, out, p.x + d - 1, mid)).toBeGreaterThan(0.2);
    // towards the light only a faint thin line, and nothing a few pixels out
    expect(darkening(scene.rgb, out, p.x - 1, mid)).toBeLessThan(
      darkening(scene.rgb, out, p.x + d, mid) / 3,
    );
    expect(darkening(scene.rgb, out, p.x - 6, mid)).toBe(0);
  });

  it("beside a lying product with a soft edge, is dark past that edge, not hidden under it", () => {
    // a disc whose matte fades over 8 px (an upscaled photo's edge): opaque to r − 4, clear
    // from r + 4
    const d = 240;
    const r = 100;
    const soft = Buffer.alloc(d * d * 4);
    for (let y = 0; y < d; y++)
      for (let x = 0; x < d; x++) {
        const k = Math.hypot(x + 0.5 - d / 2, y + 0.5 - d / 2);
        soft[(y * d + x) * 4 + 3] = Math.round(255 * Math.min(1, Math.max(0, (r + 4 - k) / 8)));
      }
    const p = { x: 180, y: 180, width: d, height: d, scale: 1 };
    const scene = flatScene(W, H, {
      lying: true,
      light: { shadowDir: { x: 1, y: 0 }, elevationDeg: 50, softness: 0.5, color: [255, 255, 255] },
    });
    const out = Buffer.from(scene.rgb);
    applyContactLine(out, scene, soft, p);
    const mid = p.y + d / 2;
    const clear = d / 2 + r + 4; // the first column the matte does not reach, on the shadow side
    // two pixels past the soft edge, on the side away from the light: most of the light gone
    expect(darkening(scene.rgb, out, p.x + clear + 2, mid)).toBeGreaterThan(0.3);
    // and a short gradient out of it, not a band
    expect(darkening(scene.rgb, out, p.x + clear + 12, mid)).toBeLessThan(0.05);
    // towards the light, past the soft edge, at most a faint line
    expect(darkening(scene.rgb, out, p.x + d / 2 - r - 5, mid)).toBeLessThan(0.1);
  });

  it("takes the same share of light off a white counter as off dark wood, and most of it", () => {
    // a box standing on a white and on a dark surface: the pixel right under its base loses
    // almost all its light on both (it took half as much off white: no contact on marble)
    const box = layer(200, 300, () => true);
    const p = { x: 200, y: 150, width: 200, height: 300, scale: 1 };
    const loss = (surface: [number, number, number]) => {
      const scene = flatScene(W, H, { surfaceColor: surface });
      const out = Buffer.from(scene.rgb);
      applyContactLine(out, scene, box, p);
      return darkening(scene.rgb, out, p.x + 100, p.y + 300);
    };
    const white = loss([245, 243, 240]);
    const dark = loss([92, 50, 22]);
    expect(white).toBeGreaterThan(0.65);
    expect(dark).toBeGreaterThan(0.65);
    expect(Math.abs(white - dark)).toBeLessThan(0.1);
  });

  it("beside a lying product that fills its layer, is dark along the whole of its edge", () => {
    // a book's cut-out is its bounding box: its bottom row is the layer's last, and the line
    // runs along all of it, not only near the corners
    const w = 300;
    const h = 200;
    const book = layer(w, h, () => true);
    const p = { x: 150, y: 150, width: w, height: h, scale: 1 };
    const scene = flatScene(W, H, {
      lying: true,
      light: { shadowDir: { x: 0, y: 1 }, elevationDeg: 50, softness: 0.5, color: [255, 255, 255] },
    });
    const out = Buffer.from(scene.rgb);
    applyContactLine(out, scene, book, p);
    for (const x of [p.x + 20, p.x + w / 2, p.x + w - 20])
      expect(darkening(scene.rgb, out, x, p.y + h + 1)).toBeGreaterThan(0.3);
  });

  it("keeps no more than a 1024-px frame's working buffers after a lying product in a large one", () => {
    // a 1600-px product lying in a 1700-px frame: its line's box is 2.9 M pixels
    const S = 1700;
    const d = 1600;
    const disc = layer(d, d, (x, y) => (x - d / 2) ** 2 + (y - d / 2) ** 2 < (d / 2 - 1) ** 2);
    const p = { x: 50, y: 50, width: d, height: d, scale: 1 };
    const scene = flatScene(S, S, { lying: true });
    const out = Buffer.from(scene.rgb);
    applyContactLine(out, scene, disc, p);
    // the line was drawn, and its buffers were not kept for the life of the process
    const i = ((50 + d / 2) * S + 50 + d + 1) * 3;
    expect(out[i]).toBeLessThan(scene.rgb[i]!);
    expect(keptLinePixels()).toBeLessThanOrEqual(1 << 20);
  });
});
