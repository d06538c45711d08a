// Large flat surfaces (a table top, a wall, a studio sweep) painted with the renderer's own
// procedural materials and lit by the set's light: a broad pool where the light aims, falloff
// and a vignette, and the material's small bump catching the light.
import { linearRgb, type Vec3 } from "../render/color.ts";
import { compileMaterial, shadeMaterial, surf } from "../render/materials.ts";
import type { MaterialSpec } from "../render/set-plan.types.ts";
import type { RGB } from "../types.ts";
import type { Canvas } from "./canvas.ts";
import type { SetLight } from "./light.ts";

export interface SurfaceLook {
  /** world units (≈ metres) per pixel: the material's pattern scale on screen */
  unitsPerPx: number;
  /** centre of the light pool, fractions of the frame, and its radius (fraction of diagonal) */
  poolX: number;
  poolY: number;
  poolR: number;
  poolGain: number;
  vignette: number;
  /** rotate the pattern 90° (planks running across instead of down) */
  turn?: boolean;
}

export function paintMaterial(
  c: Canvas,
  spec: MaterialSpec,
  L: SetLight,
  look: SurfaceLook,
  region = { y0: 0, y1: c.h },
): void {
  const m = compileMaterial(spec);
  const diag = Math.hypot(c.w, c.h);
  const px = look.poolX * c.w;
  const py = look.poolY * c.h;
  const pr2 = (look.poolR * diag) ** 2;
  const lift = L.dir[2];
  for (let y = region.y0; y < region.y1; y++) {
    for (let x = 0; x < c.w; x++) {
      const u = (look.turn ? y : x) * look.unitsPerPx;
      const v = (look.turn ? x : y) * look.unitsPerPx;
      shadeMaterial(m, u, v);
      // bump: tilt the normal by the material's slopes and see how much more light it catches
      const bx = look.turn ? surf.bv : surf.bu;
      const by = look.turn ? surf.bu : surf.bv;
      const tilt = 1 + (-bx * L.dir[0] - by * L.dir[1]) * 0.9;
      const dx = x - px;
      const dy = y - py;
      const pool = 1 + look.poolGain * Math.exp(-(dx * dx + dy * dy) / pr2);
      const rx = x / c.w - 0.5;
      const ry = y / c.h - 0.5;
      const vig = 1 - look.vignette * (rx * rx + ry * ry) * 2;
      const k = (L.ambient + lift * tilt) * pool * vig;
      const i = (y * c.w + x) * 3;
      c.rgb[i] = (surf.r * k * (L.ambient + L.color[0] * lift)) / (L.ambient + lift);
      c.rgb[i + 1] = (surf.g * k * (L.ambient + L.color[1] * lift)) / (L.ambient + lift);
      c.rgb[i + 2] = (surf.b * k * (L.ambient + L.color[2] * lift)) / (L.ambient + lift);
    }
  }
}

/** A smooth studio backdrop: two colours top to bottom, a light pool and a vignette. */
export function paintSweep(c: Canvas, top: RGB, bottom: RGB, look: SurfaceLook): void {
  const a = linearRgb(top);
  const b = linearRgb(bottom);
  const diag = Math.hypot(c.w, c.h);
  const px = look.poolX * c.w;
  const py = look.poolY * c.h;
  const pr2 = (look.poolR * diag) ** 2;
  for (let y = 0; y < c.h; y++) {
    const t = y / (c.h - 1);
    const base: Vec3 = [
      a[0] + (b[0] - a[0]) * t,
      a[1] + (b[1] - a[1]) * t,
      a[2] + (b[2] - a[2]) * t,
    ];
    for (let x = 0; x < c.w; x++) {
      const dx = x - px;
      const dy = y - py;
      const pool = 1 + look.poolGain * Math.exp(-(dx * dx + dy * dy) / pr2);
      const rx = x / c.w - 0.5;
      const ry = y / c.h - 0.5;
      const k = pool * (1 - look.vignette * (rx * rx + ry * ry) * 2);
      const i = (y * c.w + x) * 3;
      c.rgb[i] = base[0] * k;
      c.rgb[i + 1] = base[1] * k;
      c.rgb[i + 2] = base[2] * k;
    }
  }
}

/** The pool-and-vignette factor at a point, the same the surface got: the garment's light. */
export function lookFactor(c: Canvas, look: SurfaceLook, x: number, y: number): number {
  const diag = Math.hypot(c.w, c.h);
  const dx = x - look.poolX * c.w;
  const dy = y - look.poolY * c.h;
  const pool = 1 + look.poolGain * Math.exp(-(dx * dx + dy * dy) / (look.poolR * diag) ** 2);
  const rx = x / c.w - 0.5;
  const ry = y / c.h - 0.5;
  return pool * (1 - look.vignette * (rx * rx + ry * ry) * 2);
}
