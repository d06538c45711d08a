// Procedural materials. Each writes a linear albedo (and a small bump) into `surf`; patterns
// are built from the precomputed fBm tile so a lookup costs a few nanoseconds.

import { type LinearImage, loadedAsset } from "../assets/asset-images.ts";
import { linearRgb, type Vec3 } from "./color.ts";
import { cell, chips, fbm, fbm2, hash2, vnoise } from "./noise.ts";
import type { MaterialKind, MaterialSpec } from "./set-plan.types.ts";

export interface Material {
  kind: MaterialKind;
  base: Vec3;
  accent: Vec3;
  inv: number;
  gloss: number;
  /** specular highlight strength */
  spec: number;
  /** metals tint their reflections with their own colour and have little diffuse */
  metallic: boolean;
  /** "scan": the decoded photo (loaded before the render starts) */
  scan: LinearImage | undefined;
  sheen: number;
  /** "scan": 1 keeps its colours, less greys them (MaterialSpec.saturation) */
  saturation: number;
}

export function compileMaterial(m: MaterialSpec): Material {
  const spec: Record<MaterialKind, number> = {
    paper: 0.02,
    plaster: 0.01,
    marble: 0.25,
    wood: 0.06,
    concrete: 0.02,
    terrazzo: 0.15,
    linen: 0,
    sand: 0,
    asphalt: 0.05,
    metal: 1.2,
    acrylic: 0.45,
    water: 0.6,
    scan: 0.04,
  };
  const scan = m.kind === "scan" && m.texture ? loadedAsset(m.texture) : undefined;
  if (m.kind === "scan" && !scan) throw new Error(`texture ${m.texture} was not loaded`);
  return {
    kind: m.kind,
    base: linearRgb(m.color).map((c) => c * (m.gain ?? 1)) as Vec3,
    accent: linearRgb(m.accent),
    inv: 1 / Math.max(0.01, m.scale),
    gloss: m.gloss,
    spec: spec[m.kind],
    metallic: m.kind === "metal",
    scan,
    sheen: m.sheen ?? 0,
    saturation: m.saturation ?? 1,
  };
}

/** scratch output: albedo (linear) and a tangent-space bump along u and v */
export const surf = { r: 0, g: 0, b: 0, bu: 0, bv: 0 };

function put(m: Material, t: number, k: number): void {
  // mix base → accent by t, then multiply by brightness k
  surf.r = (m.base[0] + (m.accent[0] - m.base[0]) * t) * k;
  surf.g = (m.base[1] + (m.accent[1] - m.base[1]) * t) * k;
  surf.b = (m.base[2] + (m.accent[2] - m.base[2]) * t) * k;
}

function putRgb(r: number, g: number, b: number): void {
  surf.r = r;
  surf.g = g;
  surf.b = b;
}

export function shadeMaterial(m: Material, u0: number, v0: number): void {
  const u = u0 * m.inv;
  const v = v0 * m.inv;
  surf.bu = 0;
  surf.bv = 0;
  switch (m.kind) {
    case "scan": {
      sampleScan(m.scan!, u, v, m.base);
      if (m.saturation < 1) {
        const s = m.saturation;
        const y = 0.2126 * surf.r + 0.7152 * surf.g + 0.0722 * surf.b;
        surf.r = y + (surf.r - y) * s;
        surf.g = y + (surf.g - y) * s;
        surf.b = y + (surf.b - y) * s;
      }
      return;
    }
    case "paper": {
      put(m, 0, 1 + 0.035 * (fbm(u * 0.05, v * 0.05) - 0.5));
      return;
    }
    case "plaster": {
      const n = fbm2(u * 0.12, v * 0.12);
      const fine = fbm(u * 0.9, v * 0.9);
      put(m, 0, 0.95 + 0.16 * (n - 0.5) + 0.06 * (fine - 0.5));
      surf.bu = (fine - 0.5) * 0.08;
      return;
    }
    case "concrete": {
      const n = fbm2(u * 0.15, v * 0.15);
      const fine = fbm(u * 1.3 + 0.5, v * 1.3);
      const pore = vnoise(u * 40, v * 40) > 0.965 ? 0.82 : 1;
      put(m, Math.max(0, n - 0.45) * 1.2, (0.9 + 0.2 * (n - 0.5) + 0.06 * (fine - 0.5)) * pore);
      surf.bu = (fine - 0.5) * 0.1;
      return;
    }
    case "marble": {
      const warp = fbm2(u * 0.09, v * 0.09);
      const t = (u * 0.55 + v * 0.35) * 1.4 + warp * 7;
      const s = Math.abs(Math.sin(t));
      const vein =
        Math.exp(-s * 9) * 0.8 + 0.3 * Math.exp(-Math.abs(Math.sin(t * 2.7 + warp * 5)) * 26);
      const cloud = fbm(u * 0.2 + 0.3, v * 0.2);
      // veins fade in and out along their length, with a faint veil between them
      const fade = Math.min(1, Math.max(0, (cloud - 0.3) * 2.2));
      put(m, Math.min(1, vein * fade * 0.75 + 0.12 * cloud), 0.97 + 0.06 * (cloud - 0.5));
      return;
    }
    case "wood": {
      // planks run along u; grain lines along the plank, rings distorted by noise
      // planks side by side along u, each running along v with its own tone and offset
      const plank = Math.floor(u * 2);
      const pu = u * 2 - plank;
      const h = hash2(plank, 11);
      const vv = v + h * 37;
      const warp = fbm(pu * 0.05 + h, vv * 0.01);
      // thin dark late-wood lines over a softly varying early-wood tone
      const ring = Math.abs(
        Math.sin((pu * 3 + warp * 5 + Math.sin(vv * 0.35 + h * 6) * 0.25) * Math.PI * 2),
      );
      const line = Math.exp(-ring * 5);
      const streak = vnoise(pu * 40, vv * 2);
      const seam = pu < 0.012 || pu > 0.988 ? 0.62 : 1;
      put(m, line * 0.45 + streak * 0.2 + h * 0.25, (0.93 + 0.14 * h) * seam);
      surf.bu = (streak - 0.5) * 0.03;
      return;
    }
    case "terrazzo": {
      chips(u * 2.2, v * 2.2);
      const base = 0.97 + 0.06 * (fbm(u * 0.3, v * 0.3) - 0.5);
      if (cell.dist < 1) {
        // chips take the accent, a dark grey or a lighter base tint by id
        const id = cell.id;
        if (id < 0.25) put(m, 0.75, 1);
        else if (id < 0.45) putRgb(0.45, 0.16, 0.09);
        else if (id < 0.62) putRgb(0.3, 0.36, 0.26);
        else if (id < 0.8) putRgb(0.06, 0.06, 0.065);
        else put(m, 0, 0.82);
      } else put(m, 0, base);
      return;
    }
    case "linen": {
      const warpT = vnoise(u * 90, v * 3);
      const weftT = vnoise(u * 3 + 7, v * 90);
      const slub = vnoise(u * 8, v * 140);
      // soft wrinkles: gentle slopes, not blotches
      const folds = fbm(u * 0.1, v * 0.16);
      const k = 0.88 + 0.07 * (warpT + weftT - 1) + 0.06 * (slub - 0.5);
      put(m, 0.1 + (folds - 0.5) * 0.12, k * (0.97 + 0.06 * (folds - 0.5)));
      surf.bu = (fbm(u * 0.1 + 0.01, v * 0.16) - folds) * 3;
      surf.bv = (fbm(u * 0.1, v * 0.16 + 0.01) - folds) * 3;
      return;
    }
    case "sand": {
      const n = fbm2(u * 0.2, v * 0.2);
      const ripple = Math.sin(v * 2.4 + n * 9 + u * 0.3);
      const grain = vnoise(u * 120, v * 120);
      put(m, Math.max(0, n - 0.4), 0.92 + 0.08 * ripple + 0.1 * (grain - 0.5));
      surf.bv = ripple * 0.12;
      return;
    }
    case "asphalt": {
      // aggregate: bright chips and dark pores at stone size, worn patches at metre size
      const patch = fbm2(u * 0.08, v * 0.08);
      const chip = vnoise(u * 70, v * 70);
      const pore = vnoise(u * 55 + 3.1, v * 55 + 1.7);
      const speck = chip > 0.8 ? 0.25 : pore < 0.16 ? -0.18 : 0;
      const k = 0.9 + 0.16 * (patch - 0.5) + speck + 0.08 * (vnoise(u * 9, v * 9) - 0.5);
      put(m, Math.min(1, Math.max(0, (patch - 0.55) * 1.5)), k);
      surf.bu = (chip - 0.5) * 0.08;
      // lane markings run across the frame behind the product (z grows away from the camera):
      // a road seen from its side, the way cars are photographed. Pattern units are about
      // 0.2 m at a car's size (the planner scales grain by the product's real size): a 2.4 m
      // dash every 6 m, 14 cm wide, then the far edge's solid line
      const dashed = Math.abs(v - 11) < 0.35 && u - Math.floor(u / 30) * 30 < 12;
      const lane = dashed || Math.abs(v - 30) < 0.4;
      if (lane) putRgb(0.62 + 0.05 * chip, 0.6 + 0.05 * chip, 0.52 + 0.04 * chip);
      return;
    }
    case "metal": {
      const streak = vnoise(u * 0.8, v * 160) * 0.6 + vnoise(u * 3, v * 400) * 0.4;
      put(m, 0, 0.94 + 0.1 * streak);
      return;
    }
    case "acrylic": {
      put(m, 0, 1);
      return;
    }
    case "water": {
      // swells run along the shore (x), so from a low camera they read as bands, not speckle
      const w1 = fbm2(u * 0.12 + v * 0.05, v * 0.6);
      const w2 = fbm(u * 0.25 + 0.2, v * 1.2 + 0.4);
      const caustic = Math.exp(-Math.abs(w1 - w2) * 40);
      put(m, caustic * 0.8, 0.85 + 0.3 * caustic);
      surf.bu = (w1 - 0.5) * 0.5;
      surf.bv = (w2 - 0.5) * 0.5;
      return;
    }
  }
}

/**
 * A photo-scanned texture, repeated at its real size (u, v in tiles), bilinear, tinted by the
 * material's colour (white = the photo's own). Its light is baked in, so the bump is the
 * photo's own relief: the gradient of its brightness.
 */
function sampleScan(t: LinearImage, u: number, v: number, tint: Vec3): void {
  const { width: w, height: h, rgb, toLinear: L } = t;
  const x = (u - Math.floor(u)) * w - 0.5;
  const y = (v - Math.floor(v)) * h - 0.5;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  // x0 is in [-1, w - 1] and y0 in [-1, h - 1] (u, v wrapped to [0, 1) above): the wrap of the
  // texel and its neighbour is one comparison each, not a modulo of a possibly negative number
  const xa = x0 < 0 ? w - 1 : x0;
  const xb = xa + 1 === w ? 0 : xa + 1;
  const ya = y0 < 0 ? h - 1 : y0;
  const yb = ya + 1 === h ? 0 : ya + 1;
  const a = (ya * w + xa) * 3;
  const b = (ya * w + xb) * 3;
  const c = (yb * w + xa) * 3;
  const d = (yb * w + xb) * 3;
  const w00 = (1 - fx) * (1 - fy);
  const w10 = fx * (1 - fy);
  const w01 = (1 - fx) * fy;
  const w11 = fx * fy;
  const ga = L[rgb[a + 1]!]!;
  surf.r =
    (L[rgb[a]!]! * w00 + L[rgb[b]!]! * w10 + L[rgb[c]!]! * w01 + L[rgb[d]!]! * w11) * tint[0];
  surf.g =
    (ga * w00 + L[rgb[b + 1]!]! * w10 + L[rgb[c + 1]!]! * w01 + L[rgb[d + 1]!]! * w11) * tint[1];
  surf.b =
    (L[rgb[a + 2]!]! * w00 +
      L[rgb[b + 2]!]! * w10 +
      L[rgb[c + 2]!]! * w01 +
      L[rgb[d + 2]!]! * w11) *
    tint[2];
  surf.bu = (L[rgb[b + 1]!]! - ga) * 0.6;
  surf.bv = (L[rgb[c + 1]!]! - ga) * 0.6;
}

/**
 * Surf where the sea meets the sand: a broken white band along the shore line (the same wavy
 * line backdrop.ts draws), fading into the water, so a beach reads as a beach even blurred.
 */
export function surfFoam(shoreZ: number, x: number, z: number): void {
  const d = z - (shoreZ + Math.sin(x * 0.9) * 0.25);
  if (d > 0.5) return;
  const broken = 0.55 + 0.45 * fbm(x * 1.7 + 3.1, z * 2.3);
  const foam = Math.min(1, Math.exp(-Math.max(0, d) / 0.09) * broken * 1.25);
  surf.r += (0.86 - surf.r) * foam;
  surf.g += (0.87 - surf.g) * foam;
  surf.b += (0.86 - surf.b) * foam;
}
