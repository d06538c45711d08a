// Contact and cast shadows, computed on a grid 4× coarser than the scene (shadows are soft;
// full resolution would cost 16× for nothing) and upsampled when applied.
//
// Model: the product is a billboard standing on the ground at baseY, with a depth about half
// its width. A point h pixels above the base casts its shadow len·h away along the light's
// ground direction, where len = 1 / tan(elevation); the ground's depth axis is foreshortened
// into image y by the camera (FORESHORTEN). Penumbrae widen with distance from the base.
import { gaussianish, resizePlane } from "../cutout/box-filter.ts";
import type { RenderedScene } from "../types.ts";
import type { Placement } from "./place.ts";

const GRID = 4;
const FORESHORTEN = 0.32;

export interface ShadowOptions {
  /** 0..1 multiplier of the cast shadow (contact shadow unaffected) */
  castStrength?: number;
}

/** Darkness 0..1 per scene pixel. */
export function shadowMap(
  scene: RenderedScene,
  layer: Buffer,
  p: Placement,
  options: ShadowOptions = {},
): Float32Array {
  const gw = Math.ceil(scene.width / GRID);
  const gh = Math.ceil(scene.height / GRID);
  const cast = new Float32Array(gw * gh);
  const castH = new Float32Array(gw * gh);
  const contact = new Float32Array(gw * gh);
  const { shadowDir, elevationDeg, softness } = scene.light;
  const elev = Math.min(Math.max(elevationDeg, 8), 89) * (Math.PI / 180);
  const len = Math.min(2.2, 1 / Math.tan(elev));
  const dirLen = Math.hypot(shadowDir.x, shadowDir.y) || 1;
  const dx = (shadowDir.x / dirLen) * len;
  const dy = (shadowDir.y / dirLen) * len * FORESHORTEN;
  const baseY = p.y + p.height;
  const contactBand = Math.max(2, p.height * 0.05);

  // sample the product layer on the grid spacing
  for (let ly = 0; ly < p.height; ly += GRID / 2) {
    const h = baseY - (p.y + ly);
    for (let lx = 0; lx < p.width; lx += GRID / 2) {
      const a = layer[(ly * p.width + lx) * 4 + 3]! / 255;
      if (a < 0.2) continue;
      const sx = p.x + lx;
      const tx = Math.floor((sx + dx * h) / GRID);
      const ty = Math.floor((baseY + dy * h) / GRID);
      if (tx >= 0 && ty >= 0 && tx < gw && ty < gh) {
        const k = ty * gw + tx;
        const fade = a * (1 - 0.55 * Math.min(1, h / p.height));
        if (fade > cast[k]!) {
          cast[k] = fade;
          castH[k] = h / p.height;
        }
      }
    }
  }
  // contact: along the silhouette's bottom contour, where the product meets the surface (a
  // box seen from above touches the ground along its bottom edges, not only at its lowest
  // pixel); columns whose lowest point is high up (handles, overhangs) touch nothing
  for (let lx = 0; lx < p.width; lx += GRID / 2) {
    let yb = -1;
    for (let ly = p.height - 1; ly >= 0; ly--) {
      if (layer[(ly * p.width + lx) * 4 + 3]! > 128) {
        yb = ly;
        break;
      }
    }
    if (yb < 0) continue;
    const lift = p.height - 1 - yb;
    if (lift > contactBand * 3) continue;
    const w = 1 - lift / (contactBand * 3);
    const cx = Math.floor((p.x + lx) / GRID);
    const cy = Math.floor((p.y + yb + 1) / GRID);
    if (cx >= 0 && cy >= 0 && cx < gw && cy < gh && w > contact[cy * gw + cx]!)
      contact[cy * gw + cx] = w;
  }

  // thickness: the product's depth, foreshortened, seen as a vertical smear of the silhouette
  const depthPx = Math.max(1, (p.width * 0.5 * FORESHORTEN * Math.abs(shadowDir.x)) / GRID);
  const thick = smearVertical(cast, gw, gh, Math.round(depthPx / 2));
  const s0 = 0.6 + softness * (p.height * 0.012);
  const near = gaussianish(thick, gw, gh, s0 / GRID + 0.5);
  const far = gaussianish(thick, gw, gh, (s0 * 2.5 + p.height * 0.05 * softness) / GRID + 1);
  const hmap = gaussianish(smearVertical(castH, gw, gh, Math.round(depthPx / 2)), gw, gh, 2);
  const contactSoft = gaussianish(contact, gw, gh, Math.max(0.6, (p.height * 0.012) / GRID));
  const ao = gaussianish(contact, gw, gh, Math.max(1.5, (p.height * 0.05) / GRID));

  const castStrength = (options.castStrength ?? 1) * (0.55 - 0.3 * softness);
  const grid = new Float32Array(gw * gh);
  for (let i = 0; i < grid.length; i++) {
    const t = Math.min(1, hmap[i]! * 1.6);
    const c = (near[i]! * (1 - t) + far[i]! * t) * castStrength;
    const k = Math.min(0.92, contactSoft[i]! * 1.2 + ao[i]! * 0.6);
    grid[i] = 1 - (1 - c) * (1 - k);
  }
  return resizePlane(grid, gw, gh, scene.width, scene.height);
}

function smearVertical(src: Float32Array, w: number, h: number, r: number): Float32Array {
  if (r <= 0) return src;
  const out = new Float32Array(src.length);
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) {
      const v = src[y * w + x]!;
      if (v === 0) continue;
      for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r); k++) {
        if (v > out[k * w + x]!) out[k * w + x] = v;
      }
    }
  }
  return out;
}

/** Darken the background, tinted by the surface: shadows on warm wood are warm. */
export function applyShadow(
  rgb: Buffer,
  darkness: Float32Array,
  surface: RenderedScene["surfaceColor"],
): void {
  const tr = 0.18 + 0.32 * (surface[0] / 255);
  const tg = 0.18 + 0.32 * (surface[1] / 255);
  const tb = 0.18 + 0.32 * (surface[2] / 255);
  for (let i = 0; i < darkness.length; i++) {
    const d = darkness[i]!;
    if (d < 0.002) continue;
    const j = i * 3;
    rgb[j] = Math.round(rgb[j]! * (1 - d * (1 - tr)));
    rgb[j + 1] = Math.round(rgb[j + 1]! * (1 - d * (1 - tg)));
    rgb[j + 2] = Math.round(rgb[j + 2]! * (1 - d * (1 - tb)));
  }
}
