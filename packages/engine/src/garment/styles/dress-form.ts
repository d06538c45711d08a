// On a dress form: a tailor's form rendered in 3D (a fabric-covered body of revolution with
// elliptic sections, princess seams, a turned wooden neck cap, a chrome pole on a tripod),
// shaded by the set's light. The garment is fitted to it by a smooth warp and lit by the
// form's normals (decision 0700 says exactly what the fitting may change). Tops and outerwear
// go on a torso form, dresses and sets on a longer form with hips, bottoms on a hip form;
// shoes, bags and accessories stand on a turned plinth instead.
import { gaussianish } from "../../cutout/box-filter.ts";
import { rng } from "../../render/noise.ts";
import {
  alphaPlane,
  applyShadow,
  encodeWithGarment,
  fitSize,
  garmentLayer,
  type Layer,
  newCanvas,
  softShadow,
} from "../canvas.ts";
import { setLight, shadeColor, shadowOffset } from "../light.ts";
import { paintSweep, type SurfaceLook } from "../surface.ts";
import { drawForm, floorPool } from "./dress-form-drawing.ts";
import { centreWidths, median, shoulderRow, warp } from "./dress-form-fit.ts";
import { LOOKS } from "./dress-form-looks.ts";
import { renderPlinth } from "./dress-form-plinth.ts";
import {
  FIT,
  type FormPose,
  formFor,
  formNormal,
  PROFILES,
  profileAt,
} from "./dress-form-shape.ts";
import type { StyleInput, StyleOutput } from "./style.types.ts";

export { type FormKind, formFor } from "./dress-form-shape.ts";

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

  // the garment lit by the form's normals under it
  const byForm = (x: number, y: number) => {
    const n = formNormal(f, x, y, true);
    if (!n) return 1;
    const front = shadeColor(L, [1, 1, 1], 0, 0, 1);
    const here = shadeColor(L, [1, 1, 1], n[0], n[1], n[2]);
    return here[1] / front[1];
  };
  const out = encodeWithGarment(c, seed + variant, warped, byForm, 0.72, 1.08);
  return { rgb: out, name: `dress-form-${kind}-${look.name}` };
}
