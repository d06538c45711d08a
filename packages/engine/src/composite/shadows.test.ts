import { describe, expect, it } from "vitest";
import { flatScene } from "../../test/fixtures/flat-scene.ts";
import { applyShadow, shadowMap } from "./shadows.ts";

const W = 400;
const H = 400;

/** an RGBA layer of w×h, opaque where `solid(x, y)` */
function layer(w: number, h: number, solid: (x: number, y: number) => boolean): Buffer {
  const out = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) if (solid(x, y)) out[(y * w + x) * 4 + 3] = 255;
  return out;
}

describe("shadowMap", () => {
  // a bench: a top on two short legs, and a plug held up off to the left
  const w = 200;
  const h = 120;
  const bench = layer(w, h, (x, y) => {
    const leg = (x >= 40 && x < 56) || (x >= 184 && x < 200);
    const top = y < 100 && x >= 40;
    const plug = x < 20 && y >= 80 && y < 96;
    return top || (leg && y < h) || plug;
  });
  const p = { x: 100, y: 200, width: w, height: h, scale: 1 };
  const scene = flatScene(W, H, {
    light: { shadowDir: { x: 1, y: 0 }, elevationDeg: 30, softness: 0.3, color: [255, 255, 255] },
  });
  const { gw, grid } = shadowMap(scene, bench, p);
  const at = (x: number, y: number) => grid[Math.floor(y / 4) * gw + Math.floor(x / 4)]!;

  it("shades the ground under a body between the legs it stands on", () => {
    // under the middle of the top, just above the line through the feet
    expect(at(p.x + 120, p.y + h - 6)).toBeGreaterThan(0.6);
  });

  it("leaves the ground under a part held up outside its supports in the light", () => {
    // under the plug, well below it and above the ground line
    expect(at(p.x + 10, p.y + h - 12)).toBeLessThan(0.1);
  });

  it("shades the ground under a car seen three-quarter, its rear wheel higher in the frame", () => {
    // a body from x 0 to 200, its sill 12 px over the line from the front wheel's foot (x 40,
    // y 119) to the rear wheel's (x 170, y 90): lower than the old band of 15 % of its height
    const cw = 200;
    const ch = 120;
    const wheelFoot = (x: number) => (x >= 25 && x < 55 ? 119 : x >= 155 && x < 185 ? 90 : -1);
    const sill = (x: number) => 119 - ((119 - 90) * (x - 40)) / 130 - 12;
    const car = layer(cw, ch, (x, y) => y < 30 || y <= wheelFoot(x) || y <= sill(x));
    const q = { x: 100, y: 200, width: cw, height: ch, scale: 1 };
    const g = shadowMap(scene, car, q);
    const cell = (x: number, y: number) => g.grid[Math.floor(y / 4) * g.gw + Math.floor(x / 4)]!;
    // under the sill halfway between the wheels, just above the ground line
    const x = 105;
    expect(cell(q.x + x, q.y + sill(x) + 9)).toBeGreaterThan(0.5);
  });
});

describe("a standing product's faint pixels", () => {
  it("cast nothing: a bystander's remains cleared from the cut-out threw a detached smudge", () => {
    // a solid block, and beside it a faint patch (alpha 90) reaching the ground
    const w = 200;
    const h = 100;
    const out = Buffer.alloc(w * h * 4);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        if (x < 100) out[(y * w + x) * 4 + 3] = 255;
        else if (x >= 140 && y >= 40) out[(y * w + x) * 4 + 3] = 90;
      }
    const p = { x: 100, y: 200, width: w, height: h, scale: 1 };
    const scene = flatScene(W, H, {
      light: { shadowDir: { x: 0, y: 1 }, elevationDeg: 30, softness: 0.2, color: [255, 255, 255] },
    });
    const { gw, grid } = shadowMap(scene, out, p);
    const at = (x: number, y: number) => grid[Math.floor(y / 4) * gw + Math.floor(x / 4)]!;
    // in front of the faint patch, where its shadow would fall towards the camera
    expect(at(p.x + 170, p.y + h + 8)).toBeLessThan(0.05);
    expect(at(p.x + 50, p.y + h + 8)).toBeGreaterThan(0.1);
  });
});

describe("a flat lay's shadow", () => {
  // a disc lying on the table, lit from the left: its shadow falls to the right
  const d = 160;
  const disc = layer(d, d, (x, y) => (x - d / 2) ** 2 + (y - d / 2) ** 2 < (d / 2) ** 2);
  const p = { x: 120, y: 120, width: d, height: d, scale: 1 };
  const scene = flatScene(W, H, {
    lying: true,
    light: { shadowDir: { x: 1, y: 0 }, elevationDeg: 50, softness: 0.5, color: [255, 255, 255] },
  });
  const { gw, grid } = shadowMap(scene, disc, p);
  const at = (x: number, y: number) => grid[Math.floor(y / 4) * gw + Math.floor(x / 4)]!;
  const mid = p.y + d / 2;

  it("falls away from the light, and not on the lit side (a halo all round read as pasted)", () => {
    const away = at(p.x + d + 4, mid);
    const towards = at(p.x - 2, mid);
    expect(away).toBeGreaterThan(0.3);
    expect(towards).toBeLessThan(away / 8);
  });

  it("reaches no farther than a garment's cloth is thick", () => {
    // as thick as a book, a laid-flat blouse threw a standing thing's shadow across the table
    const cloth = flatScene(W, H, { lying: true, lyingThickness: 0.03, light: scene.light });
    const thin = shadowMap(cloth, disc, p).grid;
    const far = p.x + d + Math.round(d * 0.1);
    const cell = Math.floor(mid / 4) * gw + Math.floor(far / 4);
    expect(at(far, mid)).toBeGreaterThan(0.1);
    expect(thin[cell]!).toBeLessThan(at(far, mid) / 3);
    // still dark where it touches the table
    expect(thin[Math.floor(mid / 4) * gw + Math.floor((p.x + d + 2) / 4)]!).toBeGreaterThan(0.1);
  });
});

describe("a standing product in a window's soft light", () => {
  it("throws a shadow a viewer sees from its upper half, not one blob by the foot", () => {
    // a lamp: a base, a thin post and a head 150 px up, lit from the left, soft
    const w = 160;
    const h = 200;
    const lamp = layer(w, h, (x, y) => {
      const base = y >= 185 && x >= 20 && x < 100;
      const post = x >= 55 && x < 65;
      const head = y < 50 && x >= 40 && x < 150;
      return base || post || head;
    });
    const p = { x: 40, y: 100, width: w, height: h, scale: 1 };
    const scene = flatScene(W, H, {
      light: {
        shadowDir: { x: 1, y: 0.3 },
        elevationDeg: 40,
        softness: 0.6,
        color: [255, 255, 255],
      },
    });
    const { gw, grid } = shadowMap(scene, lamp, p);
    const at = (x: number, y: number) => grid[Math.floor(y / 4) * gw + Math.floor(x / 4)]!;
    // the head's shadow: 150-200 px up, cast about 1.2 × that away, right of the post and a
    // little back (down the frame here: shadowDir.y > 0)
    let peak = 0;
    for (let y = p.y + h; y < p.y + h + 80; y += 4)
      for (let x = p.x + 180; x < W; x += 4) peak = Math.max(peak, at(x, y));
    // (0.08 before: faded by half towards the top and blurred past seeing)
    expect(peak).toBeGreaterThan(0.15);
  });
});

describe("applyShadow", () => {
  it("takes the same share of the light off a white surface as off a dark one", () => {
    const grid = { gw: 4, gh: 4, grid: new Float32Array(16).fill(0.5) };
    const white = Buffer.alloc(16 * 16 * 3, 240);
    const dark = Buffer.alloc(16 * 16 * 3, 80);
    applyShadow(white, 16, 16, grid, [240, 240, 240]);
    applyShadow(dark, 16, 16, grid, [80, 80, 80]);
    const whiteShare = 1 - white[8 * 16 * 3 + 24]! / 240;
    const darkShare = 1 - dark[8 * 16 * 3 + 24]! / 80;
    expect(whiteShare).toBeGreaterThan(0.3);
    expect(whiteShare).toBeGreaterThan(darkShare * 0.85);
  });
});

describe("a standing product seen at eye level", () => {
  it("throws its shadow back, not across the frame, under a light 25° off the lens", () => {
    // a post 200 px tall; the camera at eye level squeezes the ground's depth to 0.04 of its
    // width, so a step away from a light in front and to the right shows as a step left
    const w = 20;
    const h = 200;
    const post = layer(w, h, () => true);
    const p = { x: 300, y: 100, width: w, height: h, scale: 1 };
    const side = Math.sin((25 * Math.PI) / 180);
    const back = Math.cos((25 * Math.PI) / 180) * 0.04;
    const scene = flatScene(W, H, {
      light: {
        shadowDir: { x: -side / Math.hypot(side, back), y: -back / Math.hypot(side, back) },
        elevationDeg: 33,
        softness: 0.2,
        color: [255, 255, 255],
      },
      ground: { foreshortening: 0.04, depth: 0.5 },
    });
    const { gw, grid } = shadowMap(scene, post, p);
    const at = (x: number, y: number) => grid[Math.floor(y / 4) * gw + Math.floor(x / 4)]!;
    let near = 0;
    let far = 0;
    for (let y = p.y + h - 24; y < p.y + h; y += 4) {
      near = Math.max(near, at(p.x - 80, y));
      far = Math.max(far, at(p.x - 250, y));
    }
    // its top's shadow falls 0.42 × 1.54 × 200 ≈ 130 px aside (taken as seen, 300 px)
    expect(near).toBeGreaterThan(0.1);
    expect(far).toBeLessThan(0.03);
  });
});

describe("a standing product on a plinth", () => {
  it("throws no shadow past the plinth's back edge (it fell over the sky behind)", () => {
    // a post lit from the front: its shadow runs back, up the frame
    const post = layer(20, 200, () => true);
    const p = { x: 190, y: 100, width: 20, height: 200, scale: 1 };
    const light = { shadowDir: { x: 0, y: -1 }, elevationDeg: 30, softness: 0.3 };
    const on = (surfaceEndY?: number) =>
      shadowMap(
        flatScene(W, H, {
          light: { ...light, color: [255, 255, 255] },
          ...(surfaceEndY === undefined ? {} : { surfaceEndY }),
        }),
        post,
        p,
      );
    const open = on();
    const plinth = on(p.y + p.height - 24);
    const at = (g: ReturnType<typeof on>, y: number) => g.grid[Math.floor(y / 4) * g.gw + 50]!;
    // 60 px behind the base: shaded on open ground, not beyond the edge
    expect(at(open, p.y + p.height - 60)).toBeGreaterThan(0.2);
    expect(at(plinth, p.y + p.height - 60)).toBe(0);
    // and in front of the edge the same
    expect(at(plinth, p.y + p.height - 12)).toBeCloseTo(at(open, p.y + p.height - 12), 5);
  });
});
