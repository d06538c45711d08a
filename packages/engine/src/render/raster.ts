// The pixel loop. Shading every pixel is the cost, so it samples adaptively: first every
// other pixel in both directions, then fills each remaining pixel by bilinear interpolation
// when its four neighbours see the same surface and that surface is smooth there (a plain
// material, or blurred by depth of field); otherwise it shades the pixel.

import type { Camera } from "./camera.ts";
import { encodeTable, LUT_SCALE } from "./color.ts";
import type { Scratch } from "./scratch.ts";
import type { SetPlan } from "./set-plan.types.ts";
import { out, reflection, type Shader, shade } from "./shade.ts";
import { cast, FAR, FLOOR, Hit, PROP0, SKY, WALL } from "./world.ts";

export interface Raster {
  rgb: Uint8Array;
  depth: Float32Array;
}

/**
 * Where the camera focuses: the distance `at` and, either side of it, a `zone` that is all in
 * focus. A photographer stops down until the product is sharp front to back, so the zone is
 * half the product's depth: the table round its foot is as sharp as its foot. (Focused on one
 * plane, the moss under a lamp's base was "as blurred as the far distance", the table round a
 * toy's feet "as blurred as the sofa behind": round 21.)
 */
export interface Focus {
  at: number;
  zone: number;
}

/** circle of confusion in [0, 1] for a distance, thin-lens shaped, saturating far away */
export function coc(t: number, focus: Focus): number {
  if (t >= FAR) return 1;
  return Math.min(1, (Math.max(0, Math.abs(t - focus.at) - focus.zone) / t) * 2.2);
}

export function raster(
  plan: SetPlan,
  cam: Camera,
  S: Shader,
  focus: Focus,
  scratch: Scratch,
): Raster {
  const iw = scratch.width;
  const ih = scratch.height;
  const { rgb, depth, ids } = scratch;
  const lut = encodeTable();
  const hit = new Hit();
  const scale = ih / cam.height;
  const f = cam.focal * scale;
  const cx = cam.cx * scale;
  const cy = cam.cy * scale;
  const fy = cam.fy * scale;
  const fz = cam.fz * scale;
  const exposure = plan.exposure;
  const vig = plan.vignette * 1.6;
  const dofOn = plan.camera.aperture > 0.05;
  void f;
  // which surfaces are smooth enough to interpolate even when in focus
  const smooth = new Uint8Array(256);
  const plain = (k: string, gloss: number) =>
    (k === "paper" || k === "plaster" || k === "acrylic") && gloss < 0.05;
  smooth[FLOOR] = plain(plan.floor.kind, plan.floor.gloss) ? 1 : 0;
  smooth[WALL] = plain(plan.wall.kind, plan.wall.gloss) ? 1 : 0;
  smooth[SKY] = 1;
  plan.props.forEach((p, i) => {
    smooth[PROP0 + i] = plain(p.material.kind, p.material.gloss) ? 1 : 0;
  });

  /** casts and shades the ray through (px, py) in internal pixels; result in `out` and `hit` */
  const sample = (px: number, py: number): void => {
    const v = py - cy;
    const ry = fy - v * cam.uy;
    const rz = fz - v * cam.uz;
    const rx = px - cx;
    const inv = 1 / Math.sqrt(rx * rx + ry * ry + rz * rz);
    const dx = rx * inv;
    const dy = ry * inv;
    const dz = rz * inv;
    cast(plan, S.solids, cam.ox, cam.oy, cam.oz, dx, dy, dz, hit);
    shade(S, hit, dx, dy, dz, 0);
  };

  const shadePixel = (x: number, y: number): void => {
    sample(x + 0.5, y + 0.5);
    const nx = (x + 0.5) / iw - 0.5;
    const ny = (y + 0.5) / ih - 0.5;
    const k = exposure * (1 - vig * (nx * nx + ny * ny)) * LUT_SCALE;
    const i = y * iw + x;
    depth[i] = hit.t;
    // surface id and facet (up-facing or not): creases between a top and a side are edges too
    ids[i] = hit.id * 2 + (hit.ny > 0.7 ? 1 : 0);
    rgb[i * 3] = lut[Math.min(4096, (out.r * k) | 0)]!;
    rgb[i * 3 + 1] = lut[Math.min(4096, (out.g * k) | 0)]!;
    rgb[i * 3 + 2] = lut[Math.min(4096, (out.b * k) | 0)]!;
  };

  const lastX = iw - 1;
  const lastY = ih - 1;
  const onGrid = (x: number, last: number) => (x & 1) === 0 || x === last;
  // a flat lay's surface faces the camera evenly and its glossy reflection (a second ray and
  // a second shade, ~40 % of its render) changes slowly across it: the grid's traced
  // reflections are kept (radiance and fade; fade 0 = none traced) and the pixels between
  // take theirs from the four around them, shading their own texture, bump and light
  const gw = (iw >> 1) + 1;
  const refl = plan.lying && plan.floor.gloss > 0 ? scratch.reflections() : undefined;
  const R = reflection;
  for (let y = 0; y < ih; y++) {
    if (!onGrid(y, lastY)) continue;
    const gRow = ((y + 1) >> 1) * gw;
    for (let x = 0; x < iw; x++) {
      if (!onGrid(x, lastX)) continue;
      R.on = 0;
      shadePixel(x, y);
      if (refl) {
        const g = (gRow + ((x + 1) >> 1)) * 4;
        refl[g] = R.on ? R.fade : 0;
        refl[g + 1] = R.r;
        refl[g + 2] = R.g;
        refl[g + 3] = R.b;
      }
    }
  }
  for (let y = 0; y < ih; y++) {
    const gy = onGrid(y, lastY);
    const y0 = gy ? y : y - 1;
    const y1 = gy ? y : Math.min(y + 1, lastY);
    const ty = y1 === y0 ? 0 : (y - y0) / (y1 - y0);
    for (let x = 0; x < iw; x++) {
      const gx = onGrid(x, lastX);
      if (gx && gy) continue;
      const x0 = gx ? x : x - 1;
      const x1 = gx ? x : Math.min(x + 1, lastX);
      const tx = x1 === x0 ? 0 : (x - x0) / (x1 - x0);
      const a = y0 * iw + x0;
      const b = y0 * iw + x1;
      const c = y1 * iw + x0;
      const d = y1 * iw + x1;
      const id = ids[a]!;
      const same = id === ids[b] && id === ids[c] && id === ids[d];
      let ok = same;
      if (ok && !smooth[id >> 1]) {
        // textured surfaces interpolate only where they are blurred or locally flat
        ok =
          (dofOn &&
            coc(Math.min(depth[a]!, depth[b]!, depth[c]!, depth[d]!), focus) > 0.2 &&
            coc(Math.max(depth[a]!, depth[d]!), focus) > 0.2) ||
          flat(rgb, a * 3, b * 3, c * 3, d * 3);
      }
      const wa = (1 - tx) * (1 - ty);
      const wb = tx * (1 - ty);
      const wc = (1 - tx) * ty;
      const wd = tx * ty;
      if (!ok) {
        if (refl && same && id >> 1 === FLOOR) {
          const ga = (((y0 + 1) >> 1) * gw + ((x0 + 1) >> 1)) * 4;
          const gb = (((y0 + 1) >> 1) * gw + ((x1 + 1) >> 1)) * 4;
          const gc = (((y1 + 1) >> 1) * gw + ((x0 + 1) >> 1)) * 4;
          const gd = (((y1 + 1) >> 1) * gw + ((x1 + 1) >> 1)) * 4;
          if (refl[ga]! > 0 && refl[gb]! > 0 && refl[gc]! > 0 && refl[gd]! > 0) {
            R.use = true;
            R.fade = refl[ga]! * wa + refl[gb]! * wb + refl[gc]! * wc + refl[gd]! * wd;
            R.r = refl[ga + 1]! * wa + refl[gb + 1]! * wb + refl[gc + 1]! * wc + refl[gd + 1]! * wd;
            R.g = refl[ga + 2]! * wa + refl[gb + 2]! * wb + refl[gc + 2]! * wc + refl[gd + 2]! * wd;
            R.b = refl[ga + 3]! * wa + refl[gb + 3]! * wb + refl[gc + 3]! * wc + refl[gd + 3]! * wd;
            shadePixel(x, y);
            R.use = false;
            continue;
          }
        }
        shadePixel(x, y);
        continue;
      }
      const i = y * iw + x;
      depth[i] = depth[a]! * wa + depth[b]! * wb + depth[c]! * wc + depth[d]! * wd;
      ids[i] = id;
      for (let ch = 0; ch < 3; ch++) {
        rgb[i * 3 + ch] =
          rgb[a * 3 + ch]! * wa +
          rgb[b * 3 + ch]! * wb +
          rgb[c * 3 + ch]! * wc +
          rgb[d * 3 + ch]! * wd +
          0.5;
      }
    }
  }
  antialias(iw, ih, ids, rgb, scratch.edge, (x, y) => {
    // four rotated-grid subsamples where surfaces meet: crisp, unjagged silhouettes
    let r = 0;
    let g = 0;
    let b = 0;
    for (let k = 0; k < 4; k++) {
      sample(x + 0.5 + SUB[k * 2]!, y + 0.5 + SUB[k * 2 + 1]!);
      r += out.r;
      g += out.g;
      b += out.b;
    }
    const nx = (x + 0.5) / iw - 0.5;
    const ny = (y + 0.5) / ih - 0.5;
    const k = exposure * (1 - vig * (nx * nx + ny * ny)) * LUT_SCALE * 0.25;
    const i = (y * iw + x) * 3;
    rgb[i] = lut[Math.min(4096, (r * k) | 0)]!;
    rgb[i + 1] = lut[Math.min(4096, (g * k) | 0)]!;
    rgb[i + 2] = lut[Math.min(4096, (b * k) | 0)]!;
  });
  return { rgb, depth };
}

/** the four corner colours agree within a few levels: no texture to lose between them */
function flat(rgb: Uint8Array, a: number, b: number, c: number, d: number): boolean {
  for (let ch = 0; ch < 3; ch++) {
    const va = rgb[a + ch]!;
    const vb = rgb[b + ch]!;
    const vc = rgb[c + ch]!;
    const vd = rgb[d + ch]!;
    const hi = Math.max(va, vb, vc, vd);
    const lo = Math.min(va, vb, vc, vd);
    if (hi - lo > 5) return false;
  }
  return true;
}

const SUB = [-0.125, -0.375, 0.375, -0.125, 0.125, 0.375, -0.375, 0.125];

/** calls `fix` for every pixel whose surface and colour differ from a neighbour's */
function antialias(
  w: number,
  h: number,
  ids: Uint8Array,
  rgb: Uint8Array,
  edge: Uint8Array,
  fix: (x: number, y: number) => void,
): void {
  edge.fill(0);
  const differs = (i: number, j: number) =>
    ids[i] !== ids[j] &&
    Math.abs(rgb[i * 3]! - rgb[j * 3]!) +
      Math.abs(rgb[i * 3 + 1]! - rgb[j * 3 + 1]!) +
      Math.abs(rgb[i * 3 + 2]! - rgb[j * 3 + 2]!) >
      18;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (x + 1 < w && differs(i, i + 1)) edge[i] = edge[i + 1] = 1;
      if (y + 1 < h && differs(i, i + w)) edge[i] = edge[i + w] = 1;
    }
  }
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (edge[y * w + x]) fix(x, y);
}
