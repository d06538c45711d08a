// On a hanger: the garment hangs against a wall, from a peg or on a rail, on a hanger the
// renderer models (a shaped wooden or lacquered bar following the shoulders and a chrome hook;
// a clip hanger for bottoms). Bags and accessories hang from a peg, shoes stand on a shelf.
// The garment hangs a few centimetres off the wall, so its shadow falls soft and offset.
import { linearRgb, linearToSrgb, srgbToLinear, type Vec3 } from "../../render/color.ts";
import { rng } from "../../render/noise.ts";
import type { MaterialSpec } from "../../render/set-plan.types.ts";
import type { RGB } from "../../types.ts";
import {
  alphaPlane,
  applyShadow,
  centredGarment,
  encodeWithGarment,
  type Layer,
  newCanvas,
  softShadow,
} from "../canvas.ts";
import { drawDome, drawSlab, drawTube, type Surface } from "../draw.ts";
import { type SetLight, setLight, shadowOffset } from "../light.ts";
import { scannedSurface } from "../scanned-surface.ts";
import { lookFactor, paintMaterial, type SurfaceLook } from "../surface.ts";
import type { StyleInput, StyleOutput } from "./style.types.ts";

interface Wall {
  name: string;
  spec: MaterialSpec;
  rail: boolean;
  hanger: "oak" | "black" | "white" | "walnut";
}

const wall = (kind: MaterialSpec["kind"], color: RGB, accent: RGB, scale: number) => ({
  kind,
  color,
  accent,
  scale,
  gloss: 0,
});

const WALLS: Wall[] = [
  {
    name: "plaster",
    spec: wall("plaster", [236, 230, 220], [220, 212, 200], 0.4),
    rail: false,
    hanger: "oak",
  },
  {
    name: "rail-concrete",
    spec: wall("concrete", [196, 194, 190], [170, 168, 164], 0.5),
    rail: true,
    hanger: "black",
  },
  {
    name: "sage",
    spec: wall("plaster", [178, 190, 172], [160, 172, 156], 0.4),
    rail: false,
    hanger: "white",
  },
  {
    name: "rail-wood",
    spec: wall("wood", [200, 170, 136], [160, 126, 94], 0.22),
    rail: true,
    hanger: "walnut",
  },
];

const HANGER_WOOD: Record<Wall["hanger"], RGB> = {
  oak: [196, 156, 110],
  black: [34, 32, 32],
  white: [236, 234, 230],
  walnut: [110, 74, 50],
};

const CHROME: Surface = { albedo: linearRgb([200, 200, 204]), spec: 1.4, power: 60 };

/** the layer's top edge per column (first opaque row), or -1 */
function topEdge(layer: Layer): Int32Array {
  const top = new Int32Array(layer.w).fill(-1);
  for (let x = 0; x < layer.w; x++) {
    for (let y = 0; y < layer.h; y++) {
      if (layer.rgba[(y * layer.w + x) * 4 + 3]! > 128) {
        top[x] = y;
        break;
      }
    }
  }
  return top;
}

function woodSurface(color: RGB): Surface {
  const base = linearRgb(color);
  return {
    albedo: (x: number, y: number): Vec3 => {
      const grain = 0.92 + 0.08 * Math.sin(x * 0.09 + Math.sin(y * 0.05) * 2);
      return [base[0] * grain, base[1] * grain, base[2] * grain];
    },
    spec: 0.25,
    power: 30,
  };
}

/** a "?"-shaped hook from (x, y) up, curling to the right; returns the curl's centre */
function drawHook(
  c: ReturnType<typeof newCanvas>,
  L: SetLight,
  x: number,
  y: number,
  stem: number,
  R: number,
  r: number,
  occ: Float32Array,
): { cx: number; cy: number } {
  const pts: [number, number][] = [
    [x, y],
    [x, y - stem],
  ];
  const cx = x + R;
  const cy = y - stem;
  for (let k = 0; k <= 20; k++) {
    const t = Math.PI - (k / 20) * (Math.PI * 1.35);
    pts.push([cx + R * Math.cos(t), cy - R * Math.sin(t)]);
  }
  drawTube(c, L, pts, r, CHROME, occ);
  return { cx, cy };
}

export async function renderHanger(input: StyleInput): Promise<StyleOutput> {
  const { garment: g, width: W, height: H, seed, variant } = input;
  const set = WALLS[(variant + seed - 1) % WALLS.length]!;
  const rand = rng(seed * 53 + variant * 5);
  const L = setLight(-50 + rand() * 15, 38 + rand() * 10, 4800 + rand() * 700, 0.4);
  const look: SurfaceLook = {
    unitsPerPx: (0.0016 * 1024) / W,
    poolX: 0.42,
    poolY: 0.3,
    poolR: 0.55,
    poolGain: 0.18,
    vignette: 0.3,
    turn: set.spec.kind === "wood",
  };
  const c = newCanvas(W, H);
  // the pack's scan of the wall when this install has the pack
  paintMaterial(c, (await scannedSurface(set.spec, variant)) ?? set.spec, L, look);
  const occ = new Float32Array(W * H); // hanger, rail and pegs: they cast shadows too
  const r = Math.max(2, W * 0.006); // hook wire radius

  let layer: Layer;
  const kind = g.kind;
  if (kind === "shoes") {
    const shelfTop = Math.round(H * 0.66);
    drawSlab(
      c,
      L,
      W / 2,
      shelfTop + H * 0.025,
      W * 0.42,
      H * 0.025,
      0,
      H * 0.01,
      woodSurface(HANGER_WOOD[set.hanger]),
      occ,
    );
    layer = await centredGarment(g, W, W * 0.66, H * 0.4, (h) => shelfTop - h);
  } else if (kind === "bag" || kind === "accessory") {
    const pegY = Math.round(H * 0.18);
    layer = await centredGarment(g, W, W * 0.62, H * 0.62, (h) => pegY - Math.round(h * 0.02));
    // the peg is drawn after the garment (it holds the handle from in front)
    const pegShadow = new Float32Array(W * H);
    drawDome(newCanvas(W, H), L, W / 2, pegY, W * 0.03, W * 0.03, 0, CHROME, 1.2, pegShadow);
    for (let i = 0; i < occ.length; i++) occ[i] = Math.max(occ[i]!, pegShadow[i]!);
    return finish(c, L, occ, layer, look, seed + variant, `hanger-peg-${set.name}`, (out) =>
      drawFront(out, W, H, (f, cover) =>
        drawDome(
          f,
          L,
          W / 2,
          pegY,
          W * 0.03,
          W * 0.03,
          0,
          woodSurface(HANGER_WOOD[set.hanger]),
          1.2,
          cover,
        ),
      ),
    );
  } else {
    layer = await centredGarment(g, W, W * 0.66, H * 0.68, () => Math.round(H * 0.25));
    const top = topEdge(layer);
    const cx = layer.x + layer.w / 2;
    const bar = Math.max(3, W * 0.014);
    const clip = kind === "bottom";
    // the bar follows the garment's shoulders just under its top edge (hidden by the fabric
    // except where a neckline or strap gap shows it, as a real hanger would be)
    // the ends stay near the neck, where shoulders are highest: they hide inside the fabric
    const reach = clip ? 0.44 : 0.28;
    const pts: [number, number][] = [];
    const edgeAt = (fx: number) => {
      const x = Math.round(layer.w / 2 + fx * layer.w);
      let best = layer.h;
      // the highest point nearby: a strap's top rather than the neckline beside it
      const span = Math.round(layer.w * 0.04);
      for (let k = -span; k <= span; k++) {
        const t = top[Math.max(0, Math.min(layer.w - 1, x + k))]!;
        if (t >= 0) best = Math.min(best, t);
      }
      return layer.y + best;
    };
    const left = edgeAt(-reach * 0.9);
    const right = edgeAt(reach * 0.9);
    const neckY = Math.min(left, right) - (clip ? 0 : layer.h * 0.015);
    for (let k = 0; k <= 16; k++) {
      const t = k / 16;
      const fx = -reach + 2 * reach * t;
      // an arch through the shoulders, highest at the neck
      const side = fx < 0 ? left : right;
      const y = clip
        ? Math.min(left, right) - bar * 0.6
        : side +
          (neckY - side) * (1 - (Math.abs(fx) / reach) ** 2) +
          bar * (1.1 + 1.3 * (Math.abs(fx) / reach) ** 2);
      pts.push([cx + fx * layer.w, y]);
    }
    const barTop = clip ? pts[8]![1] : neckY + bar * 0.2;
    drawTube(c, L, pts, bar, woodSurface(HANGER_WOOD[set.hanger]), occ);
    const stem = H * 0.07;
    const R = W * 0.032;
    const hook = drawHook(c, L, cx, barTop, stem, R, r, occ);
    if (set.rail) {
      const railY = hook.cy - R * 0.35;
      const railR = R * 0.55;
      // draw the rail, then the hook's front again over it
      drawTube(
        c,
        L,
        [
          [-10, railY],
          [W + 10, railY],
        ],
        railR,
        CHROME,
        occ,
      );
      drawHook(c, L, cx, barTop, stem, R, r, occ);
    } else {
      drawDome(
        c,
        L,
        hook.cx,
        hook.cy - R * 0.45,
        R * 0.5,
        R * 0.5,
        0,
        woodSurface(HANGER_WOOD.walnut),
        1.3,
        occ,
      );
      drawHook(c, L, cx, barTop, stem, R, r, occ);
    }
    if (clip) {
      // two clips bite the waistband, in front of it
      const clipY = pts[8]![1] + bar * 1.6;
      const clips = (f: ReturnType<typeof newCanvas>, cover: Float32Array) => {
        for (const fx of [-0.36, 0.36]) {
          drawSlab(
            f,
            L,
            cx + fx * layer.w,
            clipY,
            W * 0.022,
            H * 0.022,
            0,
            W * 0.006,
            CHROME,
            cover,
          );
        }
      };
      clips(newCanvas(W, H), occ);
      return finish(c, L, occ, layer, look, seed + variant, `hanger-clip-${set.name}`, (out) =>
        drawFront(out, W, H, clips),
      );
    }
  }
  return finish(c, L, occ, layer, look, seed + variant, `hanger-${set.name}`);
}

/** shadows of garment and hardware on the wall, then the garment, then any front parts */
function finish(
  c: ReturnType<typeof newCanvas>,
  L: SetLight,
  occ: Float32Array,
  layer: Layer,
  look: SurfaceLook,
  seed: number,
  name: string,
  front?: (out: Buffer) => void,
): StyleOutput {
  const { w: W, h: H } = c;
  const cover = alphaPlane(layer, W, H);
  for (let i = 0; i < occ.length; i++) cover[i] = Math.max(cover[i]!, occ[i]!);
  const far = shadowOffset(L, W * 0.035);
  const shadow = softShadow(cover, W, H, far.dx, far.dy, W * 0.022);
  for (let i = 0; i < shadow.length; i++) shadow[i] = shadow[i]! * (1 - occ[i]!);
  applyShadow(c, shadow, 0.38);
  const byLook = (x: number, y: number) => lookFactor(c, look, x, y);
  const out = encodeWithGarment(c, seed, layer, byLook, 0.9, 1.06);
  front?.(out);
  return { rgb: out, name };
}

/**
 * Parts in front of the garment (a peg holding a handle, clips on a waistband): drawn onto an
 * empty canvas, which then holds them premultiplied by their coverage, and laid over the bytes.
 */
function drawFront(
  out: Buffer,
  W: number,
  H: number,
  draw: (c: ReturnType<typeof newCanvas>, cover: Float32Array) => void,
): void {
  const c = newCanvas(W, H);
  const cover = new Float32Array(W * H);
  draw(c, cover);
  for (let i = 0; i < cover.length; i++) {
    const a = cover[i]!;
    if (a <= 0) continue;
    for (let k = 0; k < 3; k++) {
      const o = i * 3 + k;
      out[o] = linearToSrgb(c.rgb[o]! + srgbToLinear(out[o]!) * (1 - a));
    }
  }
}
