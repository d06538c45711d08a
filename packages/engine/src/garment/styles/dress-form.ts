// On a dress form: a tailor's form rendered in 3D (a fabric-covered body of revolution with
// elliptic sections, princess seams, a turned wooden neck cap, a chrome pole on a tripod),
// shaded by the set's light. The garment is fitted to it by a smooth warp and lit by the
// form's normals (decision 0700 says exactly what the fitting may change). Tops and outerwear
// go on a torso form, dresses and sets on a longer form with hips, bottoms on a hip form;
// shoes, bags and accessories stand on a turned plinth instead.
import { gaussianish } from "../../cutout/box-filter.ts";
import { linearRgb, type Vec3 } from "../../render/color.ts";
import { compileMaterial, shadeMaterial, surf } from "../../render/materials.ts";
import { rng } from "../../render/noise.ts";
import type { RGB } from "../../types.ts";
import {
  alphaPlane,
  applyShadow,
  type Canvas,
  drawLayer,
  encodeCanvas,
  fitSize,
  garmentLayer,
  type Layer,
  lightLayer,
  newCanvas,
  softShadow,
} from "../canvas.ts";
import { drawDome, drawTube } from "../draw.ts";
import type { GarmentKind } from "../garment.types.ts";
import { type SetLight, setLight, shadeColor, shadowOffset } from "../light.ts";
import { paintSweep, type SurfaceLook } from "../surface.ts";
import type { StyleInput, StyleOutput } from "./style.types.ts";

export type FormKind = "torso" | "dress" | "hips" | "plinth";

export function formFor(kind: GarmentKind): FormKind {
  if (kind === "top" || kind === "outerwear") return "torso";
  if (kind === "dress" || kind === "set") return "dress";
  if (kind === "bottom") return "hips";
  return "plinth";
}

/** half-width profiles, in units of the torso length, by height t (0 = top of the neck) */
const PROFILES: Record<Exclude<FormKind, "plinth">, [number, number][]> = {
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
const FIT: Record<Exclude<FormKind, "plinth">, { top: number; band: [number, number] }> = {
  torso: { top: 0.15, band: [0.5, 0.85] },
  dress: { top: 0.15, band: [0.2, 0.45] },
  hips: { top: 0.01, band: [0.0, 0.1] },
};

/**
 * The garment's shoulder line: the first row whose outer extent reaches 60 % of the widest
 * row in its upper 40 % (below a collar or a strap's top). 0 for bottoms (the waistband).
 */
function shoulderRow(layer: { w: number; h: number; rgba: Buffer }): number {
  const extent = (y: number) => {
    let l = -1;
    let r = -1;
    for (let x = 0; x < layer.w; x++) {
      if (layer.rgba[(y * layer.w + x) * 4 + 3]! > 128) {
        if (l < 0) l = x;
        r = x;
      }
    }
    return l < 0 ? 0 : r - l + 1;
  };
  const upto = Math.floor(layer.h * 0.4);
  let max = 0;
  for (let y = 0; y < upto; y++) max = Math.max(max, extent(y));
  for (let y = 0; y < upto; y++) if (extent(y) >= 0.6 * max) return y;
  return 0;
}

function profileAt(p: [number, number][], t: number): { r: number; dr: number } {
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

interface FormPose {
  kind: Exclude<FormKind, "plinth">;
  cx: number;
  /** pixel row of t = 0 and pixels per unit of t */
  y0: number;
  T: number;
  /** depth of the sections relative to their width */
  depth: number;
}

/** the form's surface normal at a pixel, or null off the form */
function formNormal(f: FormPose, x: number, y: number, clampU = false): Vec3 | null {
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

interface FormLook {
  name: string;
  cover: RGB;
  cap: RGB;
  sweep: [RGB, RGB];
}

const LOOKS: FormLook[] = [
  {
    name: "cream",
    cover: [226, 216, 198],
    cap: [150, 104, 66],
    sweep: [
      [234, 231, 226],
      [214, 210, 204],
    ],
  },
  {
    name: "black",
    cover: [44, 42, 42],
    cap: [196, 160, 110],
    sweep: [
      [226, 222, 216],
      [200, 194, 186],
    ],
  },
  {
    name: "linen",
    cover: [196, 184, 164],
    cap: [96, 66, 44],
    sweep: [
      [214, 220, 222],
      [186, 194, 198],
    ],
  },
  {
    name: "grey",
    cover: [150, 150, 152],
    cap: [60, 44, 34],
    sweep: [
      [238, 232, 228],
      [218, 206, 200],
    ],
  },
];

function drawForm(c: Canvas, L: SetLight, f: FormPose, look: FormLook, occ: Float32Array): void {
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

/** per source row: the width of the run holding the centre (the body, without loose sleeves) */
function centreWidths(layer: { w: number; h: number; rgba: Buffer }): Float32Array {
  const out = new Float32Array(layer.h);
  const cx = Math.round(layer.w / 2);
  for (let y = 0; y < layer.h; y++) {
    const row = y * layer.w;
    const on = (x: number) => layer.rgba[(row + x) * 4 + 3]! > 128;
    let a = cx;
    let b = cx;
    if (!on(cx)) {
      // an opening at the centre (a neckline): measure from the outer edges instead
      let l = 0;
      while (l < layer.w && !on(l)) l++;
      let r = layer.w - 1;
      while (r > 0 && !on(r)) r--;
      out[y] = Math.max(0, r - l + 1);
      continue;
    }
    while (a > 0 && on(a - 1)) a--;
    while (b < layer.w - 1 && on(b + 1)) b++;
    out[y] = b - a + 1;
  }
  return out;
}

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

export async function renderDressForm(input: StyleInput): Promise<StyleOutput> {
  const { garment: g, width: W, height: H, seed, variant } = input;
  const look = LOOKS[(variant + seed - 1) % LOOKS.length]!;
  const rand = rng(seed * 97 + variant * 13);
  const L = setLight(-45 + rand() * 25, 35 + rand() * 12, 4900 + rand() * 600, 0.32);
  const sweep: SurfaceLook = {
    unitsPerPx: 0,
    poolX: 0.45,
    poolY: 0.3,
    poolR: 0.5,
    poolGain: 0.16,
    vignette: 0.28,
  };
  const c = newCanvas(W, H);
  paintSweep(c, look.sweep[0], look.sweep[1], sweep);
  const kind = formFor(g.kind);
  if (kind === "plinth") return renderPlinth(input, c, L, look, sweep);

  // fit: the garment's body rows (band) as wide as the form there plus ease
  const base = fitSize(g, W, H); // a working copy at about frame size, to measure
  const src = { w: base.w, h: base.h, rgba: await garmentLayer(g, base.w, base.h) };
  const cw = centreWidths(src);
  const fit = FIT[kind];
  const prof = PROFILES[kind];
  const ease = g.kind === "outerwear" ? 1.16 : 1.08;
  const rows: number[] = [];
  for (let y = Math.floor(fit.band[0] * src.h); y <= Math.min(src.h - 1, fit.band[1] * src.h); y++)
    rows.push(y);
  // s: garment px per form unit; solved by fixed point (the band's height on the form moves
  // with the scale)
  const shoulder = kind === "hips" ? 0 : shoulderRow(src);
  let s = 1 / Math.max(1, src.h);
  // the garment's top edge on the form, in units of T, given the scale s
  const topAt = (sc: number) => Math.max(0.06, fit.top - shoulder * sc);
  for (let k = 0; k < 8; k++) {
    const ratios = rows
      .filter((y) => cw[y]! > 0)
      .map((y) => {
        const t = topAt(s) + y * s;
        return (2 * profileAt(prof, t).r * ease) / cw[y]!;
      });
    if (!ratios.length) break;
    s = median(ratios);
  }
  // the torso length in pixels: as large as the frame allows, garment and stand included
  const end = prof[prof.length - 1]![0];
  const garmentSpan = topAt(s) + src.h * s; // in units of T, from the neck top
  const widest = Math.max(2 * 0.21, (src.w * s) / 1);
  const bottomUnits = Math.max(garmentSpan, end + 0.25);
  let T = Math.min((H * 0.86) / bottomUnits, (W * 0.9) / widest);
  if (kind === "hips") T = Math.min(T, (H * 0.9) / Math.max(garmentSpan, end + 0.4));
  const f: FormPose = { kind, cx: W / 2, y0: H * 0.06, T, depth: 0.78 };
  const occ = new Float32Array(W * H);
  drawForm(c, L, f, look, occ);

  // the warp: uniform scale s·T, then per destination row a horizontal factor that brings the
  // body's width toward the form's (bounded to ±10 %, smoothed over many rows)
  const scale = s * T;
  const dh = Math.round(src.h * scale);
  const dw = Math.round(src.w * scale * 1.12) + 4;
  const top = Math.round(f.y0 + topAt(s) * T);
  const factor = new Float32Array(dh);
  for (let y = 0; y < dh; y++) {
    const sy = Math.min(src.h - 1, Math.floor(y / scale));
    const t = (top + y - f.y0) / T;
    if (t > end || cw[sy]! <= 0) {
      factor[y] = 1;
      continue;
    }
    const want = 2 * profileAt(prof, t).r * T * ease;
    factor[y] = Math.max(0.9, Math.min(1.1, want / (cw[sy]! * scale)));
  }
  // rows past the form's end relax to 1 (a skirt or trouser leg hangs free)
  const smooth = gaussianish(factor, 1, dh, Math.max(4, H * 0.03));
  const warped: Layer = {
    x: Math.round(f.cx - dw / 2),
    y: top,
    w: dw,
    h: dh,
    rgba: warp(src, scale, smooth, dw, dh),
  };
  lightLayer(
    warped,
    (x, y) => {
      const n = formNormal(f, x, y, true);
      if (!n) return 1;
      const front = shadeColor(L, [1, 1, 1], 0, 0, 1);
      const here = shadeColor(L, [1, 1, 1], n[0], n[1], n[2]);
      return here[1] / front[1];
    },
    0.72,
    1.08,
  );

  // shadows: form and garment on the sweep behind them, and a contact pool on the floor
  const cover = alphaPlane(warped, W, H);
  for (let i = 0; i < cover.length; i++) cover[i] = Math.max(cover[i]!, occ[i]!);
  const o = shadowOffset(L, W * 0.06);
  const shadow = softShadow(cover, W, H, o.dx, o.dy * 0.4, W * 0.03);
  for (let i = 0; i < shadow.length; i++) shadow[i] = shadow[i]! * (1 - occ[i]!);
  applyShadow(c, shadow, 0.3);
  floorPool(c, f.cx, H * 0.955, W * 0.2);
  // the garment shades the form just outside its edge (it stands off the cover a little)
  const onForm = softShadow(
    alphaPlane(warped, W, H),
    W,
    H,
    o.dx * 0.08,
    o.dy * 0.08 + 2,
    W * 0.006,
  );
  for (let i = 0; i < onForm.length; i++) onForm[i] = onForm[i]! * occ[i]!;
  applyShadow(c, onForm, 0.45);

  const out = encodeCanvas(c, seed + variant);
  drawLayer(out, W, H, warped);
  return { rgb: out, name: `dress-form-${kind}-${look.name}` };
}

/** inverse-mapped bilinear resampling on premultiplied alpha: geometry only */
function warp(
  src: { w: number; h: number; rgba: Buffer },
  scale: number,
  factor: Float32Array,
  dw: number,
  dh: number,
): Buffer {
  const out = Buffer.alloc(dw * dh * 4);
  const scx = src.w / 2;
  const dcx = dw / 2;
  for (let y = 0; y < dh; y++) {
    const sy = Math.min(src.h - 1, Math.max(0, (y + 0.5) / scale - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(src.h - 1, y0 + 1);
    const ty = sy - y0;
    const k = scale * factor[y]!;
    for (let x = 0; x < dw; x++) {
      const sx = scx + (x + 0.5 - dcx) / k - 0.5;
      if (sx < -1 || sx > src.w) continue;
      const x0 = Math.floor(sx);
      const tx = sx - x0;
      let r = 0;
      let gg = 0;
      let b = 0;
      let a = 0;
      for (const [xx, yy, wgt] of [
        [x0, y0, (1 - tx) * (1 - ty)],
        [x0 + 1, y0, tx * (1 - ty)],
        [x0, y1, (1 - tx) * ty],
        [x0 + 1, y1, tx * ty],
      ] as const) {
        if (xx < 0 || xx >= src.w || wgt === 0) continue;
        const i = (yy * src.w + xx) * 4;
        const aa = (src.rgba[i + 3]! / 255) * wgt;
        r += src.rgba[i]! * aa;
        gg += src.rgba[i + 1]! * aa;
        b += src.rgba[i + 2]! * aa;
        a += aa;
      }
      if (a <= 0) continue;
      const o = (y * dw + x) * 4;
      out[o] = Math.round(r / a);
      out[o + 1] = Math.round(gg / a);
      out[o + 2] = Math.round(b / a);
      out[o + 3] = Math.round(a * 255);
    }
  }
  return out;
}

function floorPool(c: Canvas, cx: number, cy: number, r: number): void {
  const pool = new Float32Array(c.w * c.h);
  for (let y = Math.max(0, Math.floor(cy - r * 0.2)); y < Math.min(c.h, cy + r * 0.2); y++) {
    for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(c.w, cx + r); x++) {
      const d = ((x - cx) / r) ** 2 + ((y - cy) / (r * 0.12)) ** 2;
      pool[y * c.w + x] = Math.max(0, 1 - d);
    }
  }
  applyShadow(c, softShadow(pool, c.w, c.h, 0, 0, r * 0.08), 0.35);
}

/** shoes, bags and accessories: on a turned wooden plinth, lit like the forms */
async function renderPlinth(
  input: StyleInput,
  c: Canvas,
  L: SetLight,
  look: FormLook,
  sweep: SurfaceLook,
): Promise<StyleOutput> {
  const { garment: g, width: W, height: H, seed, variant } = input;
  const top = H * 0.68;
  const pr = W * 0.3;
  const occ = new Float32Array(W * H);
  const wood = linearRgb(look.cap);
  // the plinth: a cylinder seen slightly from above, its top an ellipse
  for (let y = Math.floor(top - pr * 0.12); y < H; y++) {
    for (let x = Math.floor(W / 2 - pr - 1); x <= W / 2 + pr + 1; x++) {
      const u = (x - W / 2) / pr;
      if (Math.abs(u) > 1) continue;
      const cover = Math.min(1, (1 - Math.abs(u)) * pr + 0.5);
      const ey = top + pr * 0.12 * Math.sqrt(1 - u * u);
      const onTop = y < ey && y > top - pr * 0.12 * Math.sqrt(1 - u * u);
      if (y < top - pr * 0.12 * Math.sqrt(1 - u * u)) continue;
      const n: Vec3 = onTop ? [0, -1, 0.3] : [u, 0, Math.sqrt(1 - u * u)];
      const grain = 0.9 + 0.1 * Math.sin(y * 0.15 + u * 3);
      const col = shadeColor(
        L,
        [wood[0] * grain, wood[1] * grain, wood[2] * grain],
        n[0],
        n[1],
        n[2],
        0.2,
        30,
      );
      const i = (y * W + x) * 3;
      c.rgb[i] = c.rgb[i]! + (col[0] - c.rgb[i]!) * cover;
      c.rgb[i + 1] = c.rgb[i + 1]! + (col[1] - c.rgb[i + 1]!) * cover;
      c.rgb[i + 2] = c.rgb[i + 2]! + (col[2] - c.rgb[i + 2]!) * cover;
      occ[y * W + x] = cover;
    }
  }
  const size = fitSize(g, pr * 1.7, H * 0.5);
  const layer: Layer = {
    x: Math.round((W - size.w) / 2),
    y: Math.round(top + pr * 0.04 - size.h),
    w: size.w,
    h: size.h,
    rgba: await garmentLayer(g, size.w, size.h),
  };
  const cover = alphaPlane(layer, W, H);
  const o = shadowOffset(L, W * 0.05);
  const sh = softShadow(cover, W, H, o.dx, o.dy * 0.2, W * 0.02);
  for (let i = 0; i < sh.length; i++) sh[i] = sh[i]! * (1 - occ[i]! * 0.6);
  applyShadow(c, sh, 0.35);
  const out = encodeCanvas(c, seed + variant);
  lightLayer(layer, (x, y) => 1 - 0.04 * ((x - W / 2) / W) + 0 * y + 0 * sweep.poolX, 0.94, 1.04);
  drawLayer(out, W, H, layer);
  return { rgb: out, name: `dress-form-plinth-${look.name}` };
}
