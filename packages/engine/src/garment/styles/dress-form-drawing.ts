// Drawing the dress form itself: the fabric cover with its seams, the turned wooden neck cap,
// the chrome pole on a tripod, and the contact pool of shadow on the floor.
import { linearRgb, type Vec3 } from "../../render/color.ts";
import { compileMaterial, shadeMaterial, surf } from "../../render/materials.ts";
import type { RGB } from "../../types.ts";
import { applyShadow, type Canvas, softShadow } from "../canvas.ts";
import { drawDome, drawTube } from "../draw.ts";
import { type SetLight, shadeColor } from "../light.ts";
import type { FormLook } from "./dress-form-looks.ts";
import { type FormPose, formNormal, PROFILES, profileAt } from "./dress-form-shape.ts";

export function drawForm(
  c: Canvas,
  L: SetLight,
  f: FormPose,
  look: FormLook,
  occ: Float32Array,
): void {
  const mat = compileMaterial({
    kind: "linen",
    color: look.cover,
    accent: look.cover.map((v) => v * 0.85) as unknown as RGB,
    scale: 0.01,
    gloss: 0,
  });
  const p = PROFILES[f.kind];
  const end = p[p.length - 1]![0];
  let maxR = 0;
  for (const [, r] of p) maxR = Math.max(maxR, r);
  const y1 = Math.min(c.h - 1, Math.ceil(f.y0 + end * f.T));
  const x0 = Math.max(0, Math.floor(f.cx - maxR * f.T - 2));
  const x1 = Math.min(c.w - 1, Math.ceil(f.cx + maxR * f.T + 2));
  for (let y = Math.max(0, Math.floor(f.y0)); y <= y1; y++) {
    const t = (y - f.y0) / f.T;
    const { r } = profileAt(p, t);
    const rp = r * f.T;
    for (let x = x0; x <= x1; x++) {
      const d = Math.abs(x - f.cx);
      const cover = Math.min(1, rp - d + 0.5) * Math.min(1, f.y0 + end * f.T - y + 0.5);
      if (cover <= 0) continue;
      const n = formNormal(f, x, y, true);
      if (!n) continue;
      const u = Math.asin(Math.max(-1, Math.min(1, (x - f.cx) / rp)));
      shadeMaterial(mat, u * r * 8, t * 8);
      // princess seams and a centre-front seam, pressed into the cover
      const seam =
        Math.exp(-(((Math.abs(u) - 0.55) * rp) ** 2) / 2.2) * 0.22 +
        Math.exp(-((u * rp) ** 2) / 1.5) * 0.12;
      const albedo: Vec3 = [surf.r * (1 - seam), surf.g * (1 - seam), surf.b * (1 - seam)];
      const col = shadeColor(L, albedo, n[0], n[1], n[2], 0.03, 12);
      const i = (y * c.w + x) * 3;
      c.rgb[i] = c.rgb[i]! + (col[0] - c.rgb[i]!) * cover;
      c.rgb[i + 1] = c.rgb[i + 1]! + (col[1] - c.rgb[i + 1]!) * cover;
      c.rgb[i + 2] = c.rgb[i + 2]! + (col[2] - c.rgb[i + 2]!) * cover;
      occ[y * c.w + x] = Math.max(occ[y * c.w + x]!, cover);
    }
  }
  const wood = { albedo: linearRgb(look.cap), spec: 0.35, power: 40 };
  const chrome = { albedo: linearRgb([150, 150, 156]), spec: 0.9, power: 50 };
  if (f.kind !== "hips") {
    // a turned wooden cap on the neck
    const nr = p[0]![1] * f.T;
    drawDome(c, L, f.cx, f.y0, nr * 1.15, nr * 0.42, 0, wood, 1, occ);
  } else {
    drawDome(c, L, f.cx, f.y0, p[0]![1] * f.T, p[0]![1] * f.T * 0.22, 0, wood, 1, occ);
  }
  // the stand: a pole down to a tripod on the floor
  const bottom = f.y0 + end * f.T;
  const floor = c.h * 0.955;
  const pr = Math.max(2, f.T * 0.012);
  const hub = floor - c.h * 0.045;
  drawTube(
    c,
    L,
    [
      [f.cx, bottom - 4],
      [f.cx, hub],
    ],
    pr,
    chrome,
    occ,
  );
  // three turned legs: two to the sides, one toward the camera (foreshortened)
  const legs = { albedo: linearRgb(look.cap).map((v) => v * 0.7) as Vec3, spec: 0.3, power: 30 };
  drawTube(
    c,
    L,
    [
      [f.cx, hub],
      [f.cx - c.w * 0.13, floor],
    ],
    pr * 0.75,
    legs,
    occ,
  );
  drawTube(
    c,
    L,
    [
      [f.cx, hub],
      [f.cx + c.w * 0.13, floor],
    ],
    pr * 0.75,
    legs,
    occ,
  );
  drawTube(
    c,
    L,
    [
      [f.cx, hub],
      [f.cx + c.w * 0.015, floor + c.h * 0.015],
    ],
    pr * 0.8,
    legs,
    occ,
  );
  drawDome(c, L, f.cx, hub, pr * 1.5, pr * 1.1, 0, chrome, 1, occ);
}

export function floorPool(c: Canvas, cx: number, cy: number, r: number): void {
  const pool = new Float32Array(c.w * c.h);
  for (let y = Math.max(0, Math.floor(cy - r * 0.2)); y < Math.min(c.h, cy + r * 0.2); y++) {
    for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(c.w, cx + r); x++) {
      const d = ((x - cx) / r) ** 2 + ((y - cy) / (r * 0.12)) ** 2;
      pool[y * c.w + x] = Math.max(0, 1 - d);
    }
  }
  applyShadow(c, softShadow(pool, c.w, c.h, 0, 0, r * 0.08), 0.35);
}
