// Contact and cast shadows, computed on a grid 4× coarser than the scene (shadows are soft;
// full resolution would cost 16× for nothing) and upsampled when applied.
//
// Model: the product is a billboard standing on the ground at baseY, with a depth about half
// its width. A point h pixels above the base casts its shadow len·h away along the light's
// ground direction, where len = 1 / tan(elevation); the ground's depth axis is foreshortened
// into image y by the camera (the scene's ground.foreshortening, else FORESHORTEN). Penumbrae
// widen with distance from the base.
import { gaussianish } from "../cutout/box-filter.ts";
import type { RenderedScene } from "../types.ts";
import { groundAt, hullSegment, lowerHull } from "./ground-line.ts";
import type { Placement } from "./place.ts";
import { skyOcclusion } from "./sky-occlusion.ts";
import { slabShadow } from "./slab-shadow.ts";

const GRID = 4;
/** the ground's foreshortening when the scene does not say (a camera about 20° up) */
const FORESHORTEN = 0.32;
const GROUND = { foreshortening: FORESHORTEN, depth: 0.5 };
/** the cast shadow's layers: upper bounds of the casting part's height ÷ the product's */
const CAST_BANDS = [0.12, 0.35, 0.65, 1];
/** a lying product's thickness, a share of its larger side, that throws its flat-lay shadow */
const LYING_THICKNESS = 0.12;
/** a gap under the product up to this share of its height is under it (a car's sills, a
 * sofa's legs); higher up it is a handle or an arm, with light under it */
const GAP_REACH = 0.3;
/** the least alpha of a pixel that casts a standing product's shadow */
const CASTS = 0.5;

export interface ShadowOptions {
  /** 0..1 multiplier of the cast shadow (contact shadow unaffected) */
  castStrength?: number;
  /** the lens's blur where the caster stands, output pixels (sigma): a prop out of focus
   * stands in a shadow as soft as it is */
  blur?: number;
}

/** Darkness 0..1 on a grid GRID× coarser than the scene. */
export interface ShadowGrid {
  gw: number;
  gh: number;
  grid: Float32Array;
}

export function shadowMap(
  scene: RenderedScene,
  layer: Buffer,
  p: Placement,
  options: ShadowOptions = {},
): ShadowGrid {
  if (scene.lying) return dropShadowMap(scene, layer, p);
  const gw = Math.ceil(scene.width / GRID);
  const gh = Math.ceil(scene.height / GRID);
  // the cast shadow in layers by the height of what casts it: the higher a part, the farther
  // its shadow falls and the softer its edge (the penumbra grows with the distance from the
  // part to the ground; one sharp and one blurred map mixed by height drew hard steps where
  // the height jumped, a lamp's arm beside its head)
  const bands = CAST_BANDS.map(() => new Float32Array(gw * gh));
  const contact = new Float32Array(gw * gh);
  const { shadowDir, elevationDeg, softness } = scene.light;
  const elev = Math.min(Math.max(elevationDeg, 8), 89) * (Math.PI / 180);
  const len = Math.min(2.2, 1 / Math.tan(elev));
  // shadowDir is a step along the ground away from the light as the camera sees it, made unit
  // length on screen; the camera squeezes the ground's depth by `fore` (image y per unit of
  // depth ÷ image x per unit of width). Undone, it is the step's direction on the ground: a
  // light from the front throws the shadow back, and only its sideways part runs across the
  // frame. (Taken as seen, an eye-level car lit from 25° off the lens threw its whole length
  // sideways: "a flat dark smudge with a hard straight edge" beside it.)
  const fore = scene.ground?.foreshortening ?? FORESHORTEN;
  const gx = shadowDir.x;
  const gz = shadowDir.y / Math.max(fore, 0.02);
  const gl = Math.hypot(gx, gz) || 1;
  const dx = (gx / gl) * len;
  const dy = (gz / gl) * len * fore;
  const baseY = p.y + p.height;

  // sample the product layer on the grid spacing
  for (let ly = 0; ly < p.height; ly += GRID / 2) {
    const h = baseY - (p.y + ly);
    const rel = Math.min(1, h / p.height);
    let band = 0;
    while (rel > CAST_BANDS[band]!) band++;
    const cast = bands[band]!;
    const fade0 = 1 - 0.35 * rel;
    const ty = Math.floor((baseY + dy * h) / GRID);
    if (ty < 0 || ty >= gh) continue;
    for (let lx = 0; lx < p.width; lx += GRID / 2) {
      const a = layer[(ly * p.width + lx) * 4 + 3]! / 255;
      // (a faint pixel casts nothing: what is left of a bystander cleared from the cut-out,
      // alpha under a half, threw "a detached shadow smudge" behind a car's rear wheel)
      if (a < CASTS) continue;
      const tx = Math.floor((p.x + lx + dx * h) / GRID);
      if (tx >= 0 && tx < gw) {
        const k = ty * gw + tx;
        if (a * fade0 > cast[k]!) cast[k] = a * fade0;
      }
    }
  }
  // under a body held up on wheels or legs, the ground is in its shade (the product that
  // the photo cut at the bottom rises from below the frame: nothing of its foot is in view)
  const grounded = !p.anchored?.includes("bottom");
  if (grounded) markGaps(contact, gw, gh, layer, p);

  // thickness: the product's depth, foreshortened, seen as a vertical smear of the silhouette;
  // a fifth of its width (half made a wide product's shadow a dark box beside it)
  const depthPx = Math.max(1, (p.width * 0.2 * fore * Math.abs(gx / gl)) / GRID);
  const s0 = 0.6 + softness * (p.height * 0.012);
  const cast = new Float32Array(gw * gh);
  for (let band = 0; band < bands.length; band++) {
    const top = CAST_BANDS[band]!;
    const mid = (top + (band > 0 ? CAST_BANDS[band - 1]! : 0)) / 2;
    const sigma = (s0 + p.height * mid * (0.02 + 0.07 * softness)) / GRID + 0.5;
    const soft = blurred(smearBack(bands[band]!, gw, gh, Math.round(depthPx)), gw, gh, sigma);
    for (let i = 0; i < cast.length; i++) if (soft[i]! > cast[i]!) cast[i] = soft[i]!;
  }
  const gaps = blurred(contact, gw, gh, Math.max(0.6, (p.height * 0.012) / GRID));
  // the sky the product hides from the ground round its foot, times the share of the light
  // that comes from the sky: a quarter under a hard sun, most of it under an overcast one
  const occ = grounded
    ? skyOcclusion(gw, gh, layer, p, { ...(scene.ground ?? GROUND), litFront: -gz / gl })
    : new Float32Array(gw * gh);
  const ambient = 0.15 + 0.45 * softness;

  // (a window's soft light still throws a shadow a reviewer can see: at 0.62 − 0.27·softness,
  // fading by half towards the top, a lamp cast "one soft blob behind the base, nothing from
  // the arm or head" and the boxes "barely" one)
  const castStrength = (options.castStrength ?? 1) * (0.78 - 0.28 * softness);
  // past the back edge of a table or a plinth the shadow falls off it (over two cells)
  const endCell = scene.surfaceEndY === undefined ? -1 : scene.surfaceEndY / GRID;
  const grid = new Float32Array(gw * gh);
  for (let i = 0; i < grid.length; i++) {
    const onSurface = Math.min(1, Math.max(0, (Math.floor(i / gw) + 0.5 - endCell) / 2 + 1));
    const c = cast[i]! * castStrength * onSurface;
    const k = Math.min(0.92, 1 - (1 - Math.min(1, gaps[i]! * 1.6)) * (1 - occ[i]! * ambient));
    grid[i] = 1 - (1 - c) * (1 - k);
  }
  const lens = (options.blur ?? 0) / GRID;
  return { gw, gh, grid: lens >= 0.3 ? blurred(grid, gw, gh, lens) : grid };
}

/**
 * The silhouette's shadow drawn again up to `r` rows further back (up the frame): the product's
 * depth lies behind the face its photo shows, never in front of it (smeared both ways, an
 * eye-level car's shadow reached out in front of its bumper).
 */
function smearBack(src: Float32Array, w: number, h: number, r: number): Float32Array {
  if (r <= 0) return src;
  const out = new Float32Array(src.length);
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) {
      const v = src[y * w + x]!;
      if (v === 0) continue;
      for (let k = Math.max(0, y - r); k <= y; k++) {
        if (v > out[k * w + x]!) out[k * w + x] = v;
      }
    }
  }
  return out;
}

/**
 * The share of each channel's light a shadow of darkness 1 takes off a surface of this colour:
 * nearly the same off white as off dark wood (it is the light that is missing, not paint), a
 * little less off a channel the surface reflects strongly, so shadows on warm wood are warm.
 */
export function shadowTint(surface: RenderedScene["surfaceColor"]): [number, number, number] {
  return [
    0.8 - 0.1 * (surface[0] / 255),
    0.8 - 0.1 * (surface[1] / 255),
    0.8 - 0.1 * (surface[2] / 255),
  ];
}

/**
 * Darken the background, tinted by the surface: shadows on warm wood are warm. A shadow takes
 * the same share of the light off a white counter as off dark wood (it is the light that is
 * missing, not paint); it took half as much off white, and on white counters a reviewer found
 * no shadow at all. The grid is
 * sampled bilinearly, and only inside the box where it is not zero.
 */
export function applyShadow(
  rgb: Buffer,
  width: number,
  height: number,
  shadow: ShadowGrid,
  surface: RenderedScene["surfaceColor"],
): void {
  const { gw, gh, grid } = shadow;
  let x0 = gw;
  let x1 = -1;
  let y0 = gh;
  let y1 = -1;
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      if (grid[gy * gw + gx]! > 0.002) {
        if (gx < x0) x0 = gx;
        if (gx > x1) x1 = gx;
        if (gy < y0) y0 = gy;
        if (gy > y1) y1 = gy;
      }
    }
  }
  if (x1 < 0) return;
  const [tr, tg, tb] = shadowTint(surface);
  const px0 = Math.max(0, (x0 - 1) * GRID);
  const px1 = Math.min(width - 1, (x1 + 2) * GRID);
  const py0 = Math.max(0, (y0 - 1) * GRID);
  const py1 = Math.min(height - 1, (y1 + 2) * GRID);
  for (let y = py0; y <= py1; y++) {
    // pixel centres aligned with the grid's cell centres
    const fy = Math.min(Math.max((y + 0.5) / GRID - 0.5, 0), gh - 1);
    const ya = Math.floor(fy);
    const yb = Math.min(ya + 1, gh - 1);
    const wy = fy - ya;
    for (let x = px0; x <= px1; x++) {
      const fx = Math.min(Math.max((x + 0.5) / GRID - 0.5, 0), gw - 1);
      const xa = Math.floor(fx);
      const xb = Math.min(xa + 1, gw - 1);
      const wx = fx - xa;
      const top = grid[ya * gw + xa]! * (1 - wx) + grid[ya * gw + xb]! * wx;
      const bot = grid[yb * gw + xa]! * (1 - wx) + grid[yb * gw + xb]! * wx;
      const d = top * (1 - wy) + bot * wy;
      if (d < 0.002) continue;
      const j = (y * width + x) * 3;
      rgb[j] = Math.round(rgb[j]! * (1 - d * tr));
      rgb[j + 1] = Math.round(rgb[j + 1]! * (1 - d * tg));
      rgb[j + 2] = Math.round(rgb[j + 2]! * (1 - d * tb));
    }
  }
}

/**
 * A product lying on the surface, seen from above: the shadow of a slab as thick as it lies
 * (slab-shadow.ts), darkest where it meets the table on the side away from the light, plus a
 * faint occlusion tight round its other edges.
 */
function dropShadowMap(scene: RenderedScene, layer: Buffer, p: Placement): ShadowGrid {
  const gw = Math.ceil(scene.width / GRID);
  const gh = Math.ceil(scene.height / GRID);
  const sil = new Float32Array(gw * gh);
  const { shadowDir, elevationDeg, softness } = scene.light;
  const elev = Math.min(Math.max(elevationDeg, 20), 89) * (Math.PI / 180);
  const thick = Math.max(p.width, p.height) * (scene.lyingThickness ?? LYING_THICKNESS);
  const lift = thick * Math.min(2, 1 / Math.tan(elev));
  const dl = Math.hypot(shadowDir.x, shadowDir.y) || 1;
  const ox = (shadowDir.x / dl) * lift;
  const oy = (shadowDir.y / dl) * lift;
  for (let ly = 0; ly < p.height; ly += GRID / 2) {
    for (let lx = 0; lx < p.width; lx += GRID / 2) {
      const a = layer[(ly * p.width + lx) * 4 + 3]! / 255;
      if (a < 0.2) continue;
      const sx = Math.floor((p.x + lx) / GRID);
      const sy = Math.floor((p.y + ly) / GRID);
      if (sx >= 0 && sy >= 0 && sx < gw && sy < gh)
        sil[sy * gw + sx] = Math.max(sil[sy * gw + sx]!, a);
    }
  }
  // the slab's own shadow, lying as thick as its share of its larger side; a window's light is
  // wider the softer it is
  const cast = blurred(
    slabShadow(sil, gw, gh, thick / GRID, {
      towardX: -shadowDir.x / dl,
      towardY: -shadowDir.y / dl,
      elevation: elev,
      halfAngle: (6 + 22 * softness) * (Math.PI / 180),
    }),
    gw,
    gh,
    0.8,
  );
  // a faint occlusion tight all round (wider or stronger, it read as "a halo with no
  // direction" and "a soft dark halo on opposite sides at once"); the side towards the light,
  // which the silhouette moved that way covers, keeps none of it
  const ao = blurred(sil, gw, gh, 0.8);
  const lit = blurred(shifted(sil, gw, gh, -ox / GRID / 2, -oy / GRID / 2), gw, gh, 0.8);
  const strength = 0.7 - 0.2 * softness;
  const grid = new Float32Array(gw * gh);
  for (let i = 0; i < grid.length; i++) {
    const open = 1 - 0.85 * lit[i]! * (1 - sil[i]!);
    const c = cast[i]! * strength;
    const k = ao[i]! * 0.12 * open;
    grid[i] = 1 - (1 - c) * (1 - k);
  }
  return { gw, gh, grid };
}

/** `src` moved by (dx, dy) cells, rounded to whole cells */
function shifted(src: Float32Array, w: number, h: number, dx: number, dy: number): Float32Array {
  const sx = Math.round(dx);
  const sy = Math.round(dy);
  const out = new Float32Array(src.length);
  for (let y = 0; y < h; y++) {
    const from = y - sy;
    if (from < 0 || from >= h) continue;
    for (let x = 0; x < w; x++) {
      const fx = x - sx;
      if (fx >= 0 && fx < w) out[y * w + x] = src[from * w + fx]!;
    }
  }
  return out;
}

/**
 * The ground under a body held up on wheels or legs (a car, a sofa), sampled every GRID/2 px.
 * The ground line is the lower hull of the silhouette's bottom contour: the wheels or feet lie
 * on it, a car's rear wheel higher in the frame than its front one; a column whose bottom is
 * above that line is a body held up over the ground, which is in its shade down to the line,
 * darkest low down and the closer the body comes to it ("the car hovers": its sills stand
 * lower than a tenth of its height over the road, and counted as feet before). Round the
 * feet, skyOcclusion shades the ground.
 */
function markGaps(
  contact: Float32Array,
  gw: number,
  gh: number,
  layer: Buffer,
  p: Placement,
): void {
  const cols: { lx: number; yb: number }[] = [];
  for (let lx = 0; lx < p.width; lx += GRID / 2) {
    for (let ly = p.height - 1; ly >= 0; ly--) {
      if (layer[(ly * p.width + lx) * 4 + 3]! > 128) {
        cols.push({ lx, yb: ly });
        break;
      }
    }
  }
  const hull = lowerHull(cols);
  const tolerance = Math.max(2, p.height * 0.015);
  // a support is near the lowest foot, or the foot of a tall solid part (a car's rear wheel,
  // higher in a three-quarter view); a plug held up on its cable, left of a lamp's base, is
  // the hull's end but holds nothing up
  const supports = (c: { lx: number; yb: number }) =>
    p.height - 1 - c.yb <= p.height * 0.15 || solidRun(layer, p, c.lx, c.yb) >= p.height * 0.25;
  for (const { lx, yb } of cols) {
    const [a, b] = hullSegment(hull, lx);
    const ground = groundAt(hull, lx);
    const lift = ground - yb;
    if (lift <= tolerance || !supports(a) || !supports(b)) continue;
    const gapShade = 0.9 * (1 - lift / (p.height * GAP_REACH));
    if (gapShade <= 0) continue;
    const cx = Math.floor((p.x + lx) / GRID);
    const from = Math.floor((p.y + yb + 1) / GRID);
    const to = Math.floor((p.y + ground + 1) / GRID);
    for (let cy = from; cy <= to; cy++) {
      const w = gapShade * (0.55 + (0.45 * (cy - from + 1)) / (to - from + 1));
      if (cx >= 0 && cy >= 0 && cx < gw && cy < gh && w > contact[cy * gw + cx]!)
        contact[cy * gw + cx] = w;
    }
  }
}

/** how far the layer's column lx is solid upwards from row yb (a gap of 3 px is a seam) */
function solidRun(layer: Buffer, p: Placement, lx: number, yb: number): number {
  let top = yb;
  for (let ly = yb - 1, gap = 0; ly >= 0 && gap <= 3; ly--) {
    if (layer[(ly * p.width + lx) * 4 + 3]! > 128) {
      top = ly;
      gap = 0;
    } else gap++;
  }
  return yb - top + 1;
}

/**
 * gaussianish() over the box round the field's non-zero cells that the blur can reach: a
 * shadow covers a fraction of the frame, and the whole grid cost 2 ms a blur, six to eight
 * blurs a shot.
 */
function blurred(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  let x0 = w;
  let x1 = -1;
  let y0 = h;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      if (src[row + x] === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  const out = new Float32Array(w * h);
  if (x1 < 0) return out;
  const m = Math.ceil(3 * sigma) + 2;
  x0 = Math.max(0, x0 - m);
  y0 = Math.max(0, y0 - m);
  x1 = Math.min(w - 1, x1 + m);
  y1 = Math.min(h - 1, y1 + m);
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const box = new Float32Array(bw * bh);
  for (let y = 0; y < bh; y++)
    box.set(src.subarray((y0 + y) * w + x0, (y0 + y) * w + x1 + 1), y * bw);
  const soft = gaussianish(box, bw, bh, sigma);
  for (let y = 0; y < bh; y++) out.set(soft.subarray(y * bw, (y + 1) * bw), (y0 + y) * w + x0);
  return out;
}
