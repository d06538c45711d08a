// Flat lay: the garment laid on a table top seen from straight above, on linen, wood or paper:
// the pack's scans of them when the install has the pack (scanned-surface.ts), else drawn, with
// a few styling props modelled by the renderer in the free corners. Fabric lying flat
// casts a thin, close shadow; the props stand taller and cast longer ones.
import { linearRgb } from "../../render/color.ts";
import { rng } from "../../render/noise.ts";
import type { MaterialSpec } from "../../render/set-plan.types.ts";
import type { RGB } from "../../types.ts";
import {
  alphaPlane,
  applyShadow,
  centredGarment,
  encodeWithGarment,
  newCanvas,
  softShadow,
} from "../canvas.ts";
import { setLight, shadowOffset } from "../light.ts";
import { scannedSurface } from "../scanned-surface.ts";
import { lookFactor, paintMaterial, type SurfaceLook } from "../surface.ts";
import { drawProp, type PropKind, type PropSpot } from "./props.ts";
import type { StyleInput, StyleOutput } from "./style.types.ts";

interface FlatlaySet {
  name: string;
  surface: MaterialSpec;
  /** used instead when the garment is about as light as the surface */
  darkSurface: MaterialSpec;
  props: PropKind[];
  unitsPerPx: number;
}

const mat = (kind: MaterialSpec["kind"], color: RGB, accent: RGB, scale: number): MaterialSpec => ({
  kind,
  color,
  accent,
  scale,
  gloss: 0,
});

const SETS: FlatlaySet[] = [
  {
    name: "linen",
    surface: mat("linen", [226, 219, 206], [200, 190, 175], 0.02),
    darkSurface: mat("linen", [150, 146, 138], [120, 116, 110], 0.02),
    props: ["sprig", "dish", "pebbles"],
    unitsPerPx: 0.0012,
  },
  {
    name: "wood",
    surface: mat("wood", [196, 160, 120], [150, 112, 78], 0.18),
    darkSurface: mat("wood", [120, 86, 60], [80, 56, 40], 0.18),
    props: ["sunglasses", "notebook", "sprig"],
    unitsPerPx: 0.0011,
  },
  {
    name: "paper",
    surface: mat("paper", [240, 238, 234], [228, 224, 218], 0.05),
    darkSurface: mat("paper", [196, 178, 156], [180, 160, 140], 0.05),
    props: ["dish", "sprig", "sunglasses"],
    unitsPerPx: 0.0012,
  },
  {
    name: "linen-stone",
    surface: mat("linen", [190, 194, 196], [160, 166, 170], 0.02),
    darkSurface: mat("linen", [112, 118, 124], [90, 96, 102], 0.02),
    props: ["notebook", "pebbles", "sprig"],
    unitsPerPx: 0.0012,
  },
];

function luminance(c: RGB): number {
  const l = linearRgb(c);
  return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}

/** spots where a prop of reach r clears the garment and the other props */
function findSpot(
  garment: Float32Array,
  W: number,
  H: number,
  r: number,
  taken: PropSpot[],
  rand: () => number,
): PropSpot | null {
  const candidates: [number, number][] = [];
  for (let j = 0; j <= 8; j++) {
    for (let i = 0; i <= 8; i++) candidates.push([(i / 8) * W, (j / 8) * H]);
  }
  // corners and edges first, as a stylist would
  candidates.sort(
    (a, b) =>
      Math.min(a[0], W - a[0]) +
      Math.min(a[1], H - a[1]) -
      (Math.min(b[0], W - b[0]) + Math.min(b[1], H - b[1])) +
      (rand() - 0.5) * W * 0.2,
  );
  for (const [cx, cy] of candidates) {
    // keep most of the prop inside the frame
    const x = Math.min(W - r * 0.55, Math.max(r * 0.55, cx));
    const y = Math.min(H - r * 0.55, Math.max(r * 0.55, cy));
    if (taken.some((t) => Math.hypot(t.x - x, t.y - y) < (t.r + r) * 0.95)) continue;
    let clear = true;
    const step = Math.max(4, Math.round(r / 10));
    for (let yy = Math.round(y - r * 1.05); yy <= y + r * 1.05 && clear; yy += step) {
      for (let xx = Math.round(x - r * 1.05); xx <= x + r * 1.05; xx += step) {
        if (xx < 0 || yy < 0 || xx >= W || yy >= H) continue;
        if (Math.hypot(xx - x, yy - y) > r * 1.05) continue;
        if (garment[yy * W + xx]! > 0.02) {
          clear = false;
          break;
        }
      }
    }
    if (clear) return { x, y, r, angle: rand() * Math.PI * 2 };
  }
  return null;
}

export async function renderFlatlay(input: StyleInput): Promise<StyleOutput> {
  const { garment: g, width: W, height: H, seed, variant } = input;
  const set = SETS[(variant + seed - 1) % SETS.length]!;
  const rand = rng(seed * 131 + variant * 17);
  const L = setLight(-40 + rand() * 20, 58 + rand() * 10, 5200 + rand() * 600, 0.42);
  const light = luminance(g.colors[0] ?? [128, 128, 128]);
  const surface = light > 0.55 && set.surface.kind !== "wood" ? set.darkSurface : set.surface;
  // the pack's scan of it when this install has the pack; then no drawn props beside it
  const scanned = await scannedSurface(surface, variant);
  const look: SurfaceLook = {
    unitsPerPx: (set.unitsPerPx * 1024) / W,
    poolX: 0.3,
    poolY: 0.25,
    poolR: 0.75,
    poolGain: 0.12,
    // over a photographed table, darkened corners read as "an artificial vignette"
    vignette: scanned ? 0.04 : 0.22,
  };
  const c = newCanvas(W, H);
  paintMaterial(c, scanned ?? surface, L, look);

  // the garment fills most of the frame, laid straight
  const layer = await centredGarment(g, W, W * 0.74, H * 0.76, (h) => Math.round((H - h) / 2));
  const cover = alphaPlane(layer, W, H);

  // props in the free corners, each at most a fifth of the frame
  const occ = new Float32Array(W * H);
  const taken: PropSpot[] = [];
  for (const [k, kind] of (scanned ? [] : set.props).entries()) {
    const r = Math.min(W, H) * (0.12 + rand() * 0.05) * (k === 0 ? 1.15 : 1);
    const spot = findSpot(cover, W, H, r, taken, rand);
    if (!spot) continue;
    taken.push(spot);
    const before = new Float32Array(occ);
    drawProp(kind, c, L, spot, seed * 7 + variant * 3 + k, occ);
    // each prop's own shadow: it stands a few centimetres tall
    const mine = new Float32Array(W * H);
    for (let i = 0; i < mine.length; i++) if (occ[i]! > before[i]!) mine[i] = occ[i]!;
    const o = shadowOffset(L, r * 0.09);
    applyShadowUnder(c, mine, softShadow(mine, W, H, o.dx, o.dy, r * 0.06), 0.42);
  }

  // the garment lies flat: a close, soft contact shadow and a tight occlusion round its edge
  // (at 10 % darker than the table further off, reviewers saw "no shadow or contact anywhere"
  // under a shirt, twice; now ~15 %). The hems lift about a centimetre: their shadow falls a
  // little further out and softer (at half that, on white plaster "no shadow at all", round 21)
  const near = shadowOffset(L, W * 0.014);
  applyShadow(c, softShadow(cover, W, H, near.dx, near.dy, W * 0.006), 0.75);
  applyShadow(c, softShadow(cover, W, H, 0, 0, W * 0.008), 0.3);

  const byLook = (x: number, y: number) => lookFactor(c, look, x, y);
  const out = encodeWithGarment(c, seed + variant, layer, byLook, 0.92, 1.05);
  return { rgb: out, name: `flatlay-${set.name}` };
}

/** a shadow only where the prop itself is not (it cannot shade its own top) */
function applyShadowUnder(
  c: ReturnType<typeof newCanvas>,
  self: Float32Array,
  shadow: Float32Array,
  strength: number,
): void {
  for (let i = 0; i < shadow.length; i++) shadow[i] = shadow[i]! * (1 - self[i]!);
  applyShadow(c, shadow, strength);
}
