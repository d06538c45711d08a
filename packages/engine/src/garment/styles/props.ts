// Flat-lay styling props, modelled and lit by the renderer: a eucalyptus sprig, a ceramic dish
// holding pearls, sunglasses, a notebook with its band, a few pebbles. Each takes a spot and a
// size (its radius in pixels) and draws itself, writing its coverage for the shadow pass.
import { linearRgb, type Vec3 } from "../../render/color.ts";
import { rng } from "../../render/noise.ts";
import type { Canvas } from "../canvas.ts";
import { drawDish, drawDome, drawSlab, drawTube } from "../draw.ts";
import type { SetLight } from "../light.ts";

export type PropKind = "sprig" | "dish" | "sunglasses" | "notebook" | "pebbles";

export interface PropSpot {
  x: number;
  y: number;
  /** the prop's reach in pixels */
  r: number;
  angle: number;
}

const lin = (r: number, g: number, b: number): Vec3 => linearRgb([r, g, b]);

export function drawProp(
  kind: PropKind,
  c: Canvas,
  L: SetLight,
  at: PropSpot,
  seed: number,
  occ: Float32Array,
): void {
  const rand = rng(seed);
  const { x, y, r, angle } = at;
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  switch (kind) {
    case "sprig": {
      // a gently curved stem with paired oval leaves that shrink toward the tip
      const stem: [number, number][] = [];
      const bend = (rand() - 0.5) * 0.6;
      for (let i = 0; i <= 12; i++) {
        const t = i / 12;
        const along = (t - 0.5) * 2 * r;
        const side = Math.sin(t * Math.PI) * bend * r * 0.4;
        stem.push([x + along * ca - side * sa, y + along * sa + side * ca]);
      }
      const green = lin(118 + rand() * 20, 140 + rand() * 15, 122 + rand() * 10);
      drawTube(c, L, stem, Math.max(1.2, r * 0.012), { albedo: lin(96, 104, 80) }, occ);
      for (let i = 1; i < 12; i++) {
        const t = i / 12;
        const [sx, sy] = stem[i]!;
        const size = r * (0.2 - 0.1 * t) * (0.85 + rand() * 0.3);
        for (const side of [-1, 1]) {
          const a = angle + side * (1.1 + (rand() - 0.5) * 0.3);
          const lx = sx + Math.cos(a) * size * 0.9;
          const ly = sy + Math.sin(a) * size * 0.9;
          const tone = 0.9 + rand() * 0.2;
          drawDome(
            c,
            L,
            lx,
            ly,
            size,
            size * 0.72,
            a,
            { albedo: [green[0] * tone, green[1] * tone, green[2] * tone], spec: 0.04 },
            2.5,
            occ,
          );
        }
      }
      return;
    }
    case "dish": {
      const glaze = [lin(236, 230, 220), lin(214, 200, 186), lin(190, 204, 200)][
        Math.floor(rand() * 3)
      ]!;
      drawDish(c, L, x, y, r * 0.7, { albedo: glaze, spec: 0.35, power: 60 }, occ);
      // pearls resting in the dish
      for (let i = 0; i < 3; i++) {
        const a = rand() * Math.PI * 2;
        const d = r * 0.22 * rand();
        drawDome(
          c,
          L,
          x + Math.cos(a) * d,
          y + Math.sin(a) * d,
          r * 0.075,
          r * 0.075,
          0,
          { albedo: lin(238, 232, 226), spec: 0.6, power: 30 },
          1,
          occ,
        );
      }
      return;
    }
    case "sunglasses": {
      const frame = { albedo: lin(30, 24, 22), spec: 0.5, power: 50 };
      const lens = { albedo: lin(22, 20, 20), spec: 0.9, power: 90 };
      const lr = r * 0.3;
      const gap = r * 0.36;
      const pt = (u: number, v: number): [number, number] => [
        x + u * ca - v * sa,
        y + u * sa + v * ca,
      ];
      const [ax, ay] = pt(-gap, 0);
      const [bx, by] = pt(gap, 0);
      drawDome(c, L, ax, ay, lr, lr * 0.82, angle, frame, 4, occ);
      drawDome(c, L, bx, by, lr, lr * 0.82, angle, frame, 4, occ);
      drawDome(c, L, ax, ay, lr * 0.86, lr * 0.7, angle, lens, 3, occ);
      drawDome(c, L, bx, by, lr * 0.86, lr * 0.7, angle, lens, 3, occ);
      drawTube(
        c,
        L,
        [pt(-gap + lr * 0.8, -lr * 0.3), pt(0, -lr * 0.45), pt(gap - lr * 0.8, -lr * 0.3)],
        r * 0.025,
        frame,
        occ,
      );
      // temples folded behind the lenses
      drawTube(c, L, [pt(-gap - lr, -lr * 0.35), pt(gap * 0.6, -lr * 0.55)], r * 0.025, frame, occ);
      drawTube(c, L, [pt(gap + lr, -lr * 0.35), pt(-gap * 0.6, -lr * 0.6)], r * 0.025, frame, occ);
      return;
    }
    case "notebook": {
      const cover = [lin(196, 170, 140), lin(60, 64, 70), lin(170, 120, 110)][
        Math.floor(rand() * 3)
      ]!;
      drawSlab(c, L, x, y, r * 0.62, r * 0.85, angle, r * 0.05, { albedo: cover, spec: 0.05 }, occ);
      // the elastic band across the cover
      const pt = (u: number, v: number): [number, number] => [
        x + u * ca - v * sa,
        y + u * sa + v * ca,
      ];
      drawTube(
        c,
        L,
        [pt(r * 0.42, -r * 0.86), pt(r * 0.42, r * 0.86)],
        r * 0.018,
        { albedo: lin(40, 36, 34) },
        occ,
      );
      return;
    }
    case "pebbles": {
      for (let i = 0; i < 4; i++) {
        const a = rand() * Math.PI * 2;
        const d = r * 0.5 * Math.sqrt(rand());
        const s = r * (0.16 + rand() * 0.12);
        const g = 150 + rand() * 70;
        drawDome(
          c,
          L,
          x + Math.cos(a) * d,
          y + Math.sin(a) * d,
          s,
          s * (0.7 + rand() * 0.2),
          rand() * 3,
          { albedo: lin(g, g * 0.97, g * 0.92), spec: 0.08 },
          1.6,
          occ,
        );
      }
      return;
    }
  }
}
