// Small modelled objects the renderer lights: tubes (hooks, rails, poles, stems), domes
// (leaves, pebbles, lenses), dished discs (a ceramic tray) and bevelled slabs (a notebook,
// a shelf). Each is a height field with an analytic normal, shaded by the set's light and
// anti-aliased by its distance to the edge; each also writes its coverage to an occluder
// plane so it casts a shadow like the garment does.
import type { Vec3 } from "../render/color.ts";
import type { Canvas } from "./canvas.ts";
import { type SetLight, shadeColor } from "./light.ts";

export interface Surface {
  albedo: Vec3 | ((x: number, y: number) => Vec3);
  spec?: number;
  power?: number;
}

function albedoAt(s: Surface, x: number, y: number): Vec3 {
  return typeof s.albedo === "function" ? s.albedo(x, y) : s.albedo;
}

function blend(c: Canvas, x: number, y: number, col: Vec3, a: number): void {
  if (x < 0 || y < 0 || x >= c.w || y >= c.h || a <= 0) return;
  const i = (y * c.w + x) * 3;
  const k = Math.min(1, a);
  c.rgb[i] = c.rgb[i]! + (col[0] - c.rgb[i]!) * k;
  c.rgb[i + 1] = c.rgb[i + 1]! + (col[1] - c.rgb[i + 1]!) * k;
  c.rgb[i + 2] = c.rgb[i + 2]! + (col[2] - c.rgb[i + 2]!) * k;
}

function mark(occ: Float32Array | undefined, c: Canvas, x: number, y: number, a: number): void {
  if (!occ || x < 0 || y < 0 || x >= c.w || y >= c.h) return;
  const i = y * c.w + x;
  if (a > occ[i]!) occ[i] = Math.min(1, a);
}

/** A round tube along a polyline (points in pixels), radius r. */
export function drawTube(
  c: Canvas,
  L: SetLight,
  pts: readonly (readonly [number, number])[],
  r: number,
  s: Surface,
  occ?: Float32Array,
): void {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of pts) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  const pad = r + 2;
  for (let y = Math.max(0, Math.floor(y0 - pad)); y <= Math.min(c.h - 1, y1 + pad); y++) {
    for (let x = Math.max(0, Math.floor(x0 - pad)); x <= Math.min(c.w - 1, x1 + pad); x++) {
      let best = Infinity;
      let vx = 0;
      let vy = 0;
      for (let k = 0; k + 1 < pts.length; k++) {
        const [ax, ay] = pts[k]!;
        const [bx, by] = pts[k + 1]!;
        const ex = bx - ax;
        const ey = by - ay;
        const len2 = ex * ex + ey * ey || 1;
        const t = Math.max(0, Math.min(1, ((x - ax) * ex + (y - ay) * ey) / len2));
        const dx = x - (ax + t * ex);
        const dy = y - (ay + t * ey);
        const d2 = dx * dx + dy * dy;
        if (d2 < best) {
          best = d2;
          vx = dx;
          vy = dy;
        }
      }
      const d = Math.sqrt(best);
      const cover = Math.min(1, r - d + 0.5);
      if (cover <= 0) continue;
      const nx = vx / r;
      const ny = vy / r;
      const nz = Math.sqrt(Math.max(0, 1 - nx * nx - ny * ny));
      blend(c, x, y, shadeColor(L, albedoAt(s, x, y), nx, ny, nz, s.spec, s.power), cover);
      mark(occ, c, x, y, cover);
    }
  }
}

/** An ellipse-based dome: centre, radii, rotation; `flat` < 1 flattens the bulge. */
export function drawDome(
  c: Canvas,
  L: SetLight,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  angle: number,
  s: Surface,
  flat = 1,
  occ?: Float32Array,
): void {
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const R = Math.max(rx, ry) + 2;
  for (let y = Math.max(0, Math.floor(cy - R)); y <= Math.min(c.h - 1, cy + R); y++) {
    for (let x = Math.max(0, Math.floor(cx - R)); x <= Math.min(c.w - 1, cx + R); x++) {
      const px = x - cx;
      const py = y - cy;
      const u = (px * ca + py * sa) / rx;
      const v = (-px * sa + py * ca) / ry;
      const q = u * u + v * v;
      const edge = (1 - Math.sqrt(q)) * Math.min(rx, ry);
      const cover = Math.min(1, edge + 0.5);
      if (cover <= 0) continue;
      const nz0 = Math.sqrt(Math.max(0, 1 - q)) / flat;
      // back to image space
      const nx0 = u * ca - v * sa;
      const ny0 = u * sa + v * ca;
      const nl = Math.hypot(nx0, ny0, nz0) || 1;
      blend(
        c,
        x,
        y,
        shadeColor(L, albedoAt(s, x, y), nx0 / nl, ny0 / nl, nz0 / nl, s.spec, s.power),
        cover,
      );
      mark(occ, c, x, y, cover);
    }
  }
}

/** A round dish seen from above: a raised rim around a flat floor. */
export function drawDish(
  c: Canvas,
  L: SetLight,
  cx: number,
  cy: number,
  r: number,
  s: Surface,
  occ?: Float32Array,
): void {
  const rim = 0.16 * r;
  for (let y = Math.max(0, Math.floor(cy - r - 2)); y <= Math.min(c.h - 1, cy + r + 2); y++) {
    for (let x = Math.max(0, Math.floor(cx - r - 2)); x <= Math.min(c.w - 1, cx + r + 2); x++) {
      const dx = x - cx;
      const dy = y - cy;
      const d = Math.hypot(dx, dy);
      const cover = Math.min(1, r - d + 0.5);
      if (cover <= 0) continue;
      let nx = 0;
      let ny = 0;
      let nz = 1;
      const t = (d - (r - rim)) / rim; // -..0 floor, 0..1 rim
      if (t > 0) {
        // the rim's cross-section is a half round: inner slope faces inward, outer outward
        const g = Math.cos(Math.PI * t) * 0.9;
        nx = (-dx / (d || 1)) * g;
        ny = (-dy / (d || 1)) * g;
        nz = Math.sqrt(Math.max(0.05, 1 - g * g));
      } else if (t > -0.35) {
        // the floor curving up into the rim's inner wall
        const g = -(t + 0.35) * 1.2;
        nx = (dx / (d || 1)) * g;
        ny = (dy / (d || 1)) * g;
        nz = Math.sqrt(Math.max(0.05, 1 - g * g));
      }
      let col = shadeColor(L, albedoAt(s, x, y), nx, ny, nz, s.spec, s.power);
      if (t <= 0) {
        // the rim shades the floor on the side toward the light
        const side = -(dx * L.dir[0] + dy * L.dir[1]) / (r || 1);
        const occl = Math.max(0, Math.min(1, (d / (r - rim) - 0.55) * 2.2)) * Math.max(0, -side);
        col = [col[0] * (1 - 0.35 * occl), col[1] * (1 - 0.35 * occl), col[2] * (1 - 0.35 * occl)];
      }
      blend(c, x, y, col, cover);
      mark(occ, c, x, y, cover);
    }
  }
}

/** A slab with rounded, bevelled edges (a notebook, a card, a shelf's front). */
export function drawSlab(
  c: Canvas,
  L: SetLight,
  cx: number,
  cy: number,
  hw: number,
  hh: number,
  angle: number,
  bevel: number,
  s: Surface,
  occ?: Float32Array,
): void {
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const R = Math.hypot(hw, hh) + 2;
  const corner = Math.min(bevel, hw, hh);
  for (let y = Math.max(0, Math.floor(cy - R)); y <= Math.min(c.h - 1, cy + R); y++) {
    for (let x = Math.max(0, Math.floor(cx - R)); x <= Math.min(c.w - 1, cx + R); x++) {
      const px = x - cx;
      const py = y - cy;
      const u = px * ca + py * sa;
      const v = -px * sa + py * ca;
      // rounded-rectangle distance (negative inside)
      const qx = Math.abs(u) - (hw - corner);
      const qy = Math.abs(v) - (hh - corner);
      const out = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
      const sd = out + Math.min(Math.max(qx, qy), 0) - corner;
      const cover = Math.min(1, -sd + 0.5);
      if (cover <= 0) continue;
      let nu = 0;
      let nv = 0;
      const inset = -sd;
      if (inset < bevel) {
        const g = (1 - inset / bevel) * 0.85;
        // direction outward from the nearest edge
        let gx = qx > qy ? Math.sign(u) : 0;
        let gy = qx > qy ? 0 : Math.sign(v);
        if (qx > 0 && qy > 0) {
          const l = Math.hypot(qx, qy) || 1;
          gx = (Math.sign(u) * qx) / l;
          gy = (Math.sign(v) * qy) / l;
        }
        nu = gx * g;
        nv = gy * g;
      }
      const nx = nu * ca - nv * sa;
      const ny = nu * sa + nv * ca;
      const nz = Math.sqrt(Math.max(0.05, 1 - nx * nx - ny * ny));
      blend(c, x, y, shadeColor(L, albedoAt(s, u, v), nx, ny, nz, s.spec, s.power), cover);
      mark(occ, c, x, y, cover);
    }
  }
}
