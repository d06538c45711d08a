// The dress forms' shape: a body of revolution with elliptic sections, its half-width profile
// by height for each form, where a garment sits on it, and the surface normal that shades both.
import type { Vec3 } from "../../render/color.ts";
import type { GarmentKind } from "../garment.types.ts";

export type FormKind = "torso" | "dress" | "hips" | "plinth";

export function formFor(kind: GarmentKind): FormKind {
  if (kind === "top" || kind === "outerwear") return "torso";
  if (kind === "dress" || kind === "set") return "dress";
  if (kind === "bottom") return "hips";
  return "plinth";
}

/** half-width profiles, in units of the torso length, by height t (0 = top of the neck) */
export const PROFILES: Record<Exclude<FormKind, "plinth">, [number, number][]> = {
  torso: [
    [0, 0.052],
    [0.07, 0.055],
    [0.1, 0.085],
    [0.135, 0.16],
    [0.17, 0.19],
    [0.22, 0.19],
    [0.36, 0.195],
    [0.55, 0.158],
    [0.8, 0.195],
    [0.93, 0.2],
    [1, 0.185],
  ],
  dress: [
    [0, 0.052],
    [0.07, 0.055],
    [0.1, 0.085],
    [0.135, 0.16],
    [0.17, 0.19],
    [0.22, 0.19],
    [0.36, 0.195],
    [0.55, 0.155],
    [0.8, 0.2],
    [1, 0.205],
    [1.12, 0.19],
    [1.18, 0.165],
  ],
  hips: [
    [0, 0.15],
    [0.05, 0.158],
    [0.25, 0.2],
    [0.42, 0.205],
    [0.5, 0.19],
    [0.54, 0.16],
  ],
};

/**
 * where the garment's shoulder line (its waistband for bottoms) sits on each form, and the
 * rows (fractions of the garment's height) whose widths set the scale
 */
export const FIT: Record<Exclude<FormKind, "plinth">, { top: number; band: [number, number] }> = {
  torso: { top: 0.15, band: [0.5, 0.85] },
  dress: { top: 0.15, band: [0.2, 0.45] },
  hips: { top: 0.01, band: [0.0, 0.1] },
};

export function profileAt(p: [number, number][], t: number): { r: number; dr: number } {
  if (t <= p[0]![0]) return { r: p[0]![1], dr: 0 };
  for (let i = 1; i < p.length; i++) {
    const [t1, r1] = p[i]!;
    if (t <= t1) {
      const [t0, r0] = p[i - 1]!;
      // smoothstep between knots: a continuous slope, no visible kinks in the shading
      const u = (t - t0) / (t1 - t0);
      const s = u * u * (3 - 2 * u);
      const ds = (6 * u * (1 - u)) / (t1 - t0);
      return { r: r0 + (r1 - r0) * s, dr: (r1 - r0) * ds };
    }
  }
  return { r: p[p.length - 1]![1], dr: 0 };
}

export interface FormPose {
  kind: Exclude<FormKind, "plinth">;
  cx: number;
  /** pixel row of t = 0 and pixels per unit of t */
  y0: number;
  T: number;
  /** depth of the sections relative to their width */
  depth: number;
}

/** the form's surface normal at a pixel, or null off the form */
export function formNormal(f: FormPose, x: number, y: number, clampU = false): Vec3 | null {
  const p = PROFILES[f.kind];
  const t = (y - f.y0) / f.T;
  const end = p[p.length - 1]![0];
  if (t < 0 || t > end) return null;
  const { r, dr } = profileAt(p, t);
  let u = (x - f.cx) / (r * f.T);
  if (Math.abs(u) >= 1) {
    if (!clampU) return null;
    u = Math.sign(u) * 0.97;
  }
  const nz = Math.sqrt(1 - u * u) / f.depth;
  // near the bottom the form closes with a rounded edge facing down
  const close = Math.max(0, (t - (end - 0.02)) / 0.02);
  const ny = -dr + close * 1.5;
  const l = Math.hypot(u, ny, nz);
  return [u / l, ny / l, nz / l];
}
