import { describe, expect, it } from "vitest";
import { OCCLUSION_CELL, skyOcclusion } from "./sky-occlusion.ts";

const W = 800;
const H = 800;
const gw = W / OCCLUSION_CELL;
const gh = H / OCCLUSION_CELL;

/** an RGBA layer of w×h, opaque where `solid(x, y)` */
function layer(w: number, h: number, solid: (x: number, y: number) => boolean): Buffer {
  const out = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) if (solid(x, y)) out[(y * w + x) * 4 + 3] = 255;
  return out;
}

const view = { foreshortening: 0.3, depth: 0.6 };
const at = (occ: Float32Array, x: number, y: number) =>
  occ[Math.floor(y / OCCLUSION_CELL) * gw + Math.floor(x / OCCLUSION_CELL)]!;

describe("skyOcclusion", () => {
  // a box 200 wide and 200 tall standing with its foot at y = 500
  const box = { x: 300, y: 300, width: 200, height: 200, scale: 1 };
  const boxOcc = skyOcclusion(
    gw,
    gh,
    layer(200, 200, () => true),
    box,
    view,
  );

  it("is darkest at the foot and fades with the ground distance, not as a blob", () => {
    const foot = at(boxOcc, 400, 502);
    // a ground distance of half the box's height in front (image rows are foreshortened)
    const half = at(boxOcc, 400, 500 + 100 * 0.3);
    const far = at(boxOcc, 400, 500 + 300 * 0.3);
    expect(foot).toBeGreaterThan(0.7);
    expect(half).toBeLessThan(foot * 0.8);
    expect(half).toBeGreaterThan(0.25);
    expect(far).toBeLessThan(0.15);
    // beside the box too, but less than in front of its face
    expect(at(boxOcc, 520, 498)).toBeGreaterThan(0.1);
  });

  it("in front of a face the light falls on, gives back most of the ground", () => {
    // (a box lit from the front stood in "a soft drop-shadow glow" a third of its height wide)
    const lit = skyOcclusion(
      gw,
      gh,
      layer(200, 200, () => true),
      box,
      { ...view, litFront: 1 },
    );
    const front = (occ: Float32Array) => at(occ, 400, 500 + 60 * 0.3);
    expect(front(lit)).toBeLessThan(front(boxOcc) * 0.5);
    expect(front(lit)).toBeGreaterThan(0.05);
    // behind it and beside it, as under a uniform sky
    expect(at(lit, 400, 480)).toBeCloseTo(at(boxOcc, 400, 480), 5);
    expect(at(lit, 560, 470)).toBeGreaterThan(at(boxOcc, 560, 470) * 0.8);
  });

  it("has no edge where the product's outline ends, behind a thin stem on a low base", () => {
    // a lamp: a base 160 wide and 20 tall, a stem 8 wide rising 300 from its middle
    const lamp = { x: 320, y: 200, width: 160, height: 320, scale: 1 };
    const occ = skyOcclusion(
      gw,
      gh,
      layer(160, 320, (x, y) => y >= 300 || (x >= 76 && x < 84)),
      lamp,
      view,
    );
    let step = 0;
    for (let y = 440; y < 520; y += OCCLUSION_CELL)
      for (let x = 200; x < 600; x += OCCLUSION_CELL)
        step = Math.max(step, Math.abs(at(occ, x + OCCLUSION_CELL, y) - at(occ, x, y)));
    expect(step).toBeLessThan(0.2);
  });

  it("shades the foot of a wheel higher in the frame, on the ground line (three-quarter car)", () => {
    // a body 300 wide on two wheels: the front one's foot at the layer's bottom (y 119), the
    // rear one's 60 px higher, as a three-quarter view shows them
    const car = layer(300, 120, (x, y) => {
      const body = y >= 10 && y <= 90 - (50 * x) / 300;
      const front = x >= 30 && x < 80 && y <= 119;
      const rear = x >= 230 && x < 280 && y <= 59;
      return body || front || rear;
    });
    const q = { x: 250, y: 380, width: 300, height: 120, scale: 1 };
    const occ = skyOcclusion(gw, gh, car, q, view);
    // just below the rear wheel's foot
    expect(at(occ, q.x + 255, q.y + 59 + 3)).toBeGreaterThan(0.3);
  });
});
