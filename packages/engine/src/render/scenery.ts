// Outdoor scenery as bands standing across the set at a distance: tree lines, snowy pines,
// hills, city blocks, hedges, dunes and a plane of out-of-focus lights. Rays are cast against
// each band's outline, so the lens blurs them by their real distance and the haze thickens
// with it: a background built in depth, not a flat colour.
import { linearRgb, type Vec3 } from "./color.ts";
import { hash2, vnoise } from "./noise.ts";
import type { SceneryLayer } from "./set-plan.types.ts";

export interface CompiledLayer {
  layer: SceneryLayer;
  color: Vec3;
  accent: Vec3;
  lights: Vec3 | undefined;
  snow: Vec3;
}

export function compileLayers(layers: SceneryLayer[] | undefined): CompiledLayer[] {
  return (layers ?? []).map((layer) => ({
    layer,
    color: linearRgb(layer.color),
    accent: linearRgb(layer.accent),
    lights: layer.lights ? linearRgb(layer.lights) : undefined,
    snow: linearRgb([236, 240, 246]),
  }));
}

/** height of the band's outline above the ground at x */
export function outline(l: SceneryLayer, x: number): number {
  const H = l.height;
  const s = l.seed;
  switch (l.kind) {
    case "trees": {
      // round crowns of different sizes, overlapping
      const w = H * 0.55;
      const k = Math.floor(x / w);
      let top = 0;
      for (let j = k - 1; j <= k + 1; j++) {
        const c = (j + 0.5 + (hash2(j, s) - 0.5) * 0.6) * w;
        const h = H * (0.65 + 0.6 * hash2(j, s + 7));
        const r = w * (0.7 + 0.4 * hash2(j, s + 3));
        const d = (x - c) / r;
        if (d * d < 1) top = Math.max(top, h - r + r * Math.sqrt(1 - d * d));
      }
      return top + (vnoise(x * 9, s) - 0.5) * H * 0.05;
    }
    case "pines": {
      // narrow cones of different heights, their edges ragged with branches
      const w = H * 0.3;
      const k = Math.floor(x / w);
      let top = 0;
      for (let j = k - 2; j <= k + 2; j++) {
        const c = (j + 0.5 + (hash2(j, s) - 0.5) * 0.8) * w;
        const h = H * (0.6 + 0.6 * hash2(j, s + 11));
        const d = Math.abs(x - c) / (h * 0.26);
        if (d < 1) top = Math.max(top, h * (1 - d));
      }
      return top + (vnoise(x * (30 / H), s) - 0.5) * H * 0.04;
    }
    case "hills":
      return H * (0.45 + 0.4 * vnoise(x / (H * 2.2), s) + 0.15 * vnoise(x / (H * 0.7), s + 5));
    case "ridges": {
      // a mountain range: sharp peaks of different heights, their flanks broken by gullies
      const w = H * 1.6;
      const k = Math.floor(x / w);
      let top = H * 0.3;
      for (let j = k - 1; j <= k + 1; j++) {
        const c = (j + 0.5 + (hash2(j, s) - 0.5) * 0.5) * w;
        const h = H * (0.55 + 0.45 * hash2(j, s + 7));
        const half = w * (0.55 + 0.3 * hash2(j, s + 3));
        top = Math.max(top, h * (1 - Math.abs(x - c) / half));
      }
      return top + H * 0.06 * vnoise(x / (H * 0.12), s + 9);
    }
    case "dunes":
      return H * (0.5 + 0.35 * Math.sin(x / (H * 1.7) + s) + 0.15 * vnoise(x / H, s));
    case "hedge":
      return H * (0.88 + 0.12 * vnoise(x * (6 / H), s));
    case "buildings": {
      const w = H * 0.42;
      const k = Math.floor(x / w);
      return H * (0.45 + 1.1 * hash2(k, s) ** 1.5);
    }
    case "bokeh":
      return H * 1.8;
  }
}

/** does a ray crossing the band's plane at (x, y) hit it? */
export function layerHit(l: SceneryLayer, x: number, y: number): boolean {
  if (y < 0) return false;
  if (l.kind !== "bokeh") return y <= outline(l, x);
  const g = l.height * 0.22;
  const i = Math.floor(x / g);
  const j = Math.floor(y / g);
  if (y > l.height * 1.8 || hash2(i, j + l.seed) > 0.55) return false;
  const cx = (i + 0.2 + 0.6 * hash2(i + 9, j)) * g;
  const cy = (j + 0.2 + 0.6 * hash2(i, j + 9)) * g;
  const r = g * (0.1 + 0.08 * hash2(j, i));
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/**
 * Colour of a band where a ray hit it (linear). Foliage gets clumps of light and shade, snow
 * caps the outlines, windows and lights glow. `sun` is the key light's colour times its
 * strength on a surface facing the camera; `ambient` the sky's.
 */
export function shadeLayer(
  c: CompiledLayer,
  x: number,
  y: number,
  top: number,
  sun: number,
  ambient: number,
  out: { r: number; g: number; b: number },
): void {
  const l = c.layer;
  const H = l.height;
  if (l.kind === "bokeh") {
    const k = 2.2 + 2 * hash2(Math.floor(x * 50), Math.floor(y * 50));
    const L = c.lights ?? c.color;
    out.r = L[0] * k;
    out.g = L[1] * k;
    out.b = L[2] * k;
    return;
  }
  const n = vnoise(x * (7 / H), y * (7 / H) + l.seed);
  // each building its own facade tone; foliage in clumps
  const m = l.kind === "buildings" ? hash2(Math.floor(x / (H * 0.42)), l.seed + 1) : n;
  let r = c.color[0] + (c.accent[0] - c.color[0]) * m;
  let gr = c.color[1] + (c.accent[1] - c.color[1]) * m;
  let b = c.color[2] + (c.accent[2] - c.color[2]) * m;
  // crowns are lit from above: lighter towards the top of the outline
  const lift = Math.max(0, Math.min(1, y / Math.max(1e-3, top)));
  let light = ambient + sun * (0.25 + 0.35 * lift) * (l.kind === "buildings" ? 0.6 : 1);
  if (l.snow && l.kind !== "buildings") {
    // snow settles on the upper surfaces: thick near the outline, in drifts lower down
    const band = (top - y) / (H * 0.1);
    // snow-laden branches: the whole crown dusted, the tips white
    const cap =
      band < 1 ? 0.85 : 0.35 + Math.max(0, vnoise(x * (5 / H), y * (2.5 / H)) - 0.5) * 0.8;
    if (cap > 0) {
      r += (c.snow[0] - r) * cap;
      gr += (c.snow[1] - gr) * cap;
      b += (c.snow[2] - b) * cap;
      light = ambient * 1.2 + sun * 0.5;
    }
  }
  r *= light;
  gr *= light;
  b *= light;
  if (l.kind === "buildings" && c.lights) {
    // windows on a grid; about half of them lit
    const ww = H * 0.07;
    const wh = H * 0.09;
    const fx = (x / ww) % 1;
    const fy = (y / wh) % 1;
    if (fx > 0.25 && fx < 0.75 && fy > 0.3 && fy < 0.75 && y < top - wh * 0.5) {
      if (hash2(Math.floor(x / ww), Math.floor(y / wh) + l.seed) > 0.5) {
        const k = 1.4;
        r = c.lights[0] * k;
        gr = c.lights[1] * k;
        b = c.lights[2] * k;
      }
    }
  }
  out.r = r;
  out.g = gr;
  out.b = b;
}
