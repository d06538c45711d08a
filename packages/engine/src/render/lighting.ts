// Light transport approximations that fit a CPU budget: analytic soft shadows from an area
// light (cone-occlusion estimates per analytic occluder), analytic contact AO, projected gobo
// patterns (window frames, blinds, foliage) and coloured rim lights.
import { kelvinToLinear, type Vec3 } from "./color.ts";
import { fbm2, rng } from "./noise.ts";
import type { LightPlan, SetPlan } from "./set-plan.types.ts";
import { archSdf, type Solid } from "./world.ts";

export interface Light {
  lx: number;
  ly: number;
  lz: number;
  /** tangent of the light's angular radius: penumbra width per unit distance */
  tan: number;
  key: Vec3;
  ambient: number;
  gobo: LightPlan["gobo"];
  /** gobo axes (perpendicular to the light) */
  ux: number;
  uz: number;
  vx: number;
  vy: number;
  vz: number;
  shininess: number;
  /** ndh ** shininess at SPEC_STEPS + 1 even steps of ndh over [0, 1] (see `specular`) */
  spec: Float32Array;
  /** the product's footprint stays in full light (the compositor cannot pattern the product) */
  clearR: number;
  clearY: number;
  /** a lying product's window light: the pattern enlarged (world units per pattern unit) and
   * moved so the product lies in one pane of sun, with no pool round it (see sunPatch) */
  patch: { scale: number; a0: number; b0: number } | null;
  /** palm fronds for the foliage gobo: x, y, cos, sin, length per frond (light-plane units) */
  fronds: Float64Array;
}

export function makeLight(plan: SetPlan): Light {
  const l = plan.light;
  const az = (l.azimuthDeg * Math.PI) / 180;
  const el = (l.elevationDeg * Math.PI) / 180;
  const lx = Math.sin(az) * Math.cos(el);
  const ly = Math.sin(el);
  const lz = -Math.cos(az) * Math.cos(el);
  const k = kelvinToLinear(l.temperatureK);
  // U = normalize(L × up), V = U × L
  const ul = Math.sqrt(lz * lz + lx * lx) || 1;
  const ux = -lz / ul;
  const uz = lx / ul;
  const shininess = 8 + (1 - l.softness) * 120;
  const clearR = Math.max(plan.productSize.width, plan.productSize.depth) * 0.55 + 0.05;
  const patch = sunPatch(plan, clearR);
  return {
    lx,
    ly,
    lz,
    tan: 0.03 + 0.5 * l.softness,
    key: [k[0] * l.intensity, k[1] * l.intensity, k[2] * l.intensity],
    ambient: l.ambient,
    gobo: patch ? "window" : l.gobo,
    ux,
    uz,
    vx: -uz * ly,
    vy: uz * lx - ux * lz,
    vz: ux * ly,
    shininess,
    spec: specTable(shininess),
    fronds: makeFronds(plan.seed + plan.variant * 7),
    clearR,
    clearY: plan.stageTop - 0.02,
    patch,
  };
}

/** a window pane's half-width, less its mullion, in pattern units (goboPattern's window) */
const PANE_HALF = 0.3;

/**
 * A window's light or blinds across a flat lay: the product lies in one pane of sun, the
 * mullions' shadows on the table round it. Blinds' stripes are narrower than a book, and a
 * clean pool cut out of them round the product read as staged: "the window-light stripes cross
 * the fabric and never fall on the book" (the compositor cannot stripe the product). A pane
 * wider than the product is what a window does to a small thing on a table.
 */
function sunPatch(plan: SetPlan, clearR: number): Light["patch"] {
  const g = plan.light.gobo;
  if (!plan.lying || (g !== "window" && g !== "blinds")) return null;
  // a pane centre of the pattern (goboPattern: a ≡ 0.225 mod 0.85, b ≡ -0.175 mod 1.05)
  return { scale: (clearR * 1.15) / PANE_HALF, a0: 0.225, b0: -0.175 };
}

const SPEC_STEPS = 4096;

function specTable(shininess: number): Float32Array {
  const t = new Float32Array(SPEC_STEPS + 2);
  for (let i = 0; i <= SPEC_STEPS; i++) t[i] = (i / SPEC_STEPS) ** shininess;
  t[SPEC_STEPS + 1] = 1;
  return t;
}

/**
 * `ndh ** L.shininess` for ndh in [0, 1], interpolated in a table made with the light.
 * exp(shininess × log(ndh)) was a quarter of a flat lay's own shading time and the pool's
 * Math.exp a fifth (a scanned surface's bump tilts every pixel's normal, so the highlight is
 * one a pixel); the two tables took a 666² flat lay's render from ~128 to ~116 ms. The linear
 * interpolation errs by at most step² / 8 × the second derivative: 1.2e-4 of the peak at
 * shininess 128, 4e-7 at 8, far below an output level.
 */
export function specular(L: Light, ndh: number): number {
  const x = Math.min(ndh, 1) * SPEC_STEPS;
  const i = x | 0;
  const t = L.spec;
  const a = t[i]!;
  return a + (t[i + 1]! - a) * (x - i);
}

const EXP_STEPS = 4096;
const EXP_RANGE = 24;
const EXP_TABLE = Float32Array.from({ length: EXP_STEPS + 2 }, (_, i) =>
  Math.exp((-i * EXP_RANGE) / EXP_STEPS),
);

/**
 * `Math.exp(-x)` for x ≥ 0, interpolated in a table: the light pools' falloff, one a pixel.
 * Off by at most 4.3e-6 of the value (a step of 1/171, squared, over 8); 0 past x = 24.
 */
export function expNeg(x: number): number {
  if (!(x < EXP_RANGE)) return 0;
  const f = x * (EXP_STEPS / EXP_RANGE);
  const i = f | 0;
  const a = EXP_TABLE[i]!;
  return a + (EXP_TABLE[i + 1]! - a) * (f - i);
}

function makeFronds(seed: number): Float64Array {
  const r = rng(seed ^ 0x5f3759df);
  const out = new Float64Array(15);
  for (let k = 0; k < 3; k++) {
    // stems enter from the frame's upper corners and reach towards the middle
    const side = k % 2 === 0 ? -1 : 1;
    const ang = (side < 0 ? -0.35 : Math.PI + 0.35) + (r() - 0.5) * 0.9;
    out.set(
      [side * (1.6 + r() * 1.2), 1.4 + r() * 1.6, Math.cos(ang), Math.sin(ang), 1.6 + r() * 1.2],
      k * 5,
    );
  }
  return out;
}

function sdf2(s: Solid, x: number, z: number): number {
  const dx = x - s.x;
  const dz = z - s.z;
  if (s.kind === "cylinder") return Math.sqrt(dx * dx + dz * dz) - s.r;
  const qx = Math.abs(dx) - s.hw;
  const qz = Math.abs(dz) - s.hd;
  const ox = Math.max(qx, 0);
  const oz = Math.max(qz, 0);
  return Math.sqrt(ox * ox + oz * oz) + Math.min(Math.max(qx, qz), 0);
}

/** visibility of the key light from a point, in [0, 1]; `skip` is the receiving prop */
export function shadow(
  L: Light,
  solids: Solid[],
  px: number,
  py: number,
  pz: number,
  skip: number,
): number {
  let vis = 1;
  const tan = L.tan;
  for (let i = 0; i < solids.length; i++) {
    if (i === skip) continue;
    const s = solids[i]!;
    let ratio = 1;
    if (s.plan.glow) continue;
    if (s.kind === "ellipsoid") {
      // the sphere's penumbra test in the ellipsoid's own space, scaled back by its mean radius
      const tx = px - s.x;
      const tz = pz - s.z;
      const qx = (tx * s.cos + tz * s.sin) / s.rx;
      const qy = (py - s.cy) / s.ry;
      const qz = (-tx * s.sin + tz * s.cos) / s.rz;
      let ex = (L.lx * s.cos + L.lz * s.sin) / s.rx;
      let ey = L.ly / s.ry;
      let ez = (-L.lx * s.sin + L.lz * s.cos) / s.rz;
      const el = Math.sqrt(ex * ex + ey * ey + ez * ez);
      ex /= el;
      ey /= el;
      ez /= el;
      const b = qx * ex + qy * ey + qz * ez;
      if (b >= 0) continue;
      const d = Math.sqrt(Math.max(0, qx * qx + qy * qy + qz * qz - b * b)) - 1;
      const mean = (s.rx + s.ry + s.rz) / 3;
      ratio = (d * mean) / ((-b / el) * tan + 1e-3);
    } else if (s.kind === "sphere") {
      const ocx = px - s.x;
      const ocy = py - s.cy;
      const ocz = pz - s.z;
      const b = ocx * L.lx + ocy * L.ly + ocz * L.lz;
      if (b >= 0) continue;
      const d = Math.sqrt(Math.max(0, ocx * ocx + ocy * ocy + ocz * ocz - b * b)) - s.r;
      ratio = d / (-b * tan + 1e-3);
    } else if (s.kind === "arch") {
      if (s.plan.emissive || L.lz >= 0 || pz <= s.z) continue;
      const t = (s.z - pz) / L.lz;
      ratio = archSdf(s, px + t * L.lx, py + t * L.ly) / (t * tan + 1e-3);
    } else {
      if (L.ly <= 0 || py >= s.y1 + 1e-4) continue;
      ratio = extruded(s, L, px, py, pz, tan);
    }
    if (ratio < 1) {
      const x = Math.max(0, 0.5 + 0.5 * ratio);
      vis *= x * x * (3 - 2 * x);
      if (vis < 0.003) return 0;
    }
  }
  return vis;
}

/**
 * Penumbra ratio for a vertical prism (cylinder or box): the smallest signed distance of the
 * ray to the solid over the distance travelled. That function is close to convex along the
 * ray, so a short ternary search finds its minimum without banding.
 */
function extruded(s: Solid, L: Light, px: number, py: number, pz: number, tan: number): number {
  const t0 = Math.max(0, (s.y0 - py) / L.ly);
  const t1 = (s.y1 - py) / L.ly;
  const tEnd = t1 * (1 + tan * 2) + 0.05;
  const h2 = Math.sqrt(L.lx * L.lx + L.lz * L.lz);
  const bound = s.kind === "cylinder" ? s.r : Math.sqrt(s.hw * s.hw + s.hd * s.hd);
  if (h2 > 1e-6) {
    // quick reject: the ray's ground track never passes near the footprint
    const cx = s.x - px;
    const cz = s.z - pz;
    const along = (cx * L.lx + cz * L.lz) / h2;
    const perp = Math.abs(cx * L.lz - cz * L.lx) / h2;
    if (perp - bound > tEnd * tan + 0.05 || along < -bound - tEnd * tan) return 1;
  }
  let a = Math.max(t0, 1e-3);
  let b = tEnd;
  for (let k = 0; k < 7; k++) {
    const m1 = a + (b - a) * 0.382;
    const m2 = a + (b - a) * 0.618;
    if (ratioAt(s, L, px, py, pz, tan, m1) < ratioAt(s, L, px, py, pz, tan, m2)) b = m2;
    else a = m1;
  }
  return ratioAt(s, L, px, py, pz, tan, (a + b) / 2);
}

function ratioAt(
  s: Solid,
  L: Light,
  px: number,
  py: number,
  pz: number,
  tan: number,
  t: number,
): number {
  const y = py + t * L.ly;
  const d = Math.max(sdf2(s, px + t * L.lx, pz + t * L.lz), y - s.y1, s.y0 - y);
  return d / (t * tan + 1e-3);
}

/** contact ambient occlusion from props near a point with normal n */
export function occlusion(
  solids: Solid[],
  px: number,
  py: number,
  pz: number,
  nx: number,
  ny: number,
  nz: number,
  self: number,
): number {
  let ao = 1;
  for (let i = 0; i < solids.length; i++) {
    const s = solids[i]!;
    if (s.plan.glow) continue;
    if (s.kind === "sphere" || s.kind === "ellipsoid") {
      if (i === self) continue;
      const dx = s.x - px;
      const dy = s.cy - py;
      const dz = s.z - pz;
      const d2 = dx * dx + dy * dy + dz * dz;
      const cos = (dx * nx + dy * ny + dz * nz) / Math.sqrt(d2);
      const r2 = s.kind === "sphere" ? s.r * s.r : ((s.rx + s.ry + s.rz) / 3) ** 2;
      if (cos > 0) ao *= 1 - Math.min(0.9, (r2 / d2) * cos);
    } else if (s.kind === "cylinder" || s.kind === "box") {
      if (i === self) {
        // the prop's own sides darken where they meet the surface below
        if (ny < 0.5) ao *= 1 - 0.35 * Math.exp(-(py - s.y0) / 0.05);
        continue;
      }
      const size = s.kind === "cylinder" ? s.r : Math.min(s.hw, s.hd);
      if (ny > 0.5 && Math.abs(py - s.y0) < 0.02) {
        const d = Math.max(0, sdf2(s, px, pz));
        ao *= 1 - 0.55 * Math.exp(-d / (0.12 + 0.25 * size));
      } else if (ny < 0.5 && py < s.y1 && py > s.y0) {
        // a wall or another prop's side close behind this prop
        const d = Math.max(0, sdf2(s, px, pz));
        ao *= 1 - 0.3 * Math.exp(-d / 0.15);
      }
    }
  }
  return ao;
}

/** how much of the key light the gobo lets through at a point */
export function gobo(L: Light, px: number, py: number, pz: number): number {
  if (L.gobo === "none") return 1;
  const g = goboPattern(L, px, py, pz);
  if (py < L.clearY || L.patch) return g;
  // a soft pool of clean light where the product stands
  const d = Math.sqrt(px * px + pz * pz) / L.clearR;
  if (d >= 1.8) return g;
  const t = d <= 1 ? 0 : (d - 1) / 0.8;
  return 1 + (g - 1) * t * t * (3 - 2 * t);
}

function goboPattern(L: Light, px: number, py: number, pz: number): number {
  const s = L.patch?.scale ?? 1;
  const a = (px * L.ux + pz * L.uz) / s + (L.patch?.a0 ?? 0);
  const b = (px * L.vx + py * L.vy + pz * L.vz) / s + (L.patch?.b0 ?? 0);
  if (L.gobo === "leaves") {
    // palm fronds (leaflets in a chevron along a stem) over dappled foliage
    let shade = 0;
    const f = L.fronds;
    for (let k = 0; k < f.length; k += 5) {
      const dx = a - f[k]!;
      const dy = b - f[k + 1]!;
      const len = f[k + 4]!;
      const s = (dx * f[k + 2]! + dy * f[k + 3]!) / len;
      if (s < 0 || s > 1) continue;
      const t = Math.abs(-dx * f[k + 3]! + dy * f[k + 2]!) / len;
      // leaflets: long blades sweeping back from the stem, gaps that widen towards the tips
      const env = 0.34 * Math.sin(Math.PI * Math.sqrt(s)) - t;
      if (env <= 0) continue;
      const wob = fbm2(a * 0.5, b * 0.5) - 0.5;
      const blade = Math.sin((s * 13 - t * 7 + wob * 1.5) * Math.PI);
      const gap = 0.15 + 0.5 * (t / 0.34);
      const leaf =
        Math.min(1, Math.max(0, (blade + 1 - gap * 1.6) / 0.5)) * Math.min(1, env / 0.06);
      if (leaf > shade) shade = leaf;
    }
    const n = fbm2(a * 0.2 + 0.37, b * 0.2 + 0.11);
    const dapple = Math.min(1, Math.max(0, (0.5 - n) / 0.05));
    shade = Math.max(shade * 0.85, dapple * 0.75);
    return 1 - 0.72 * shade;
  }
  if (L.gobo === "blinds") {
    const s = Math.sin(b * 11);
    const x = Math.min(1, Math.max(0, (s + 0.2) / 0.5));
    return 0.3 + 0.7 * x;
  }
  // a window: a lit rectangle split by mullions, soft at every edge
  const wa = Math.abs(a + 0.4) - 1.25;
  const wb = Math.abs(b - 0.9) - 1.6;
  const inside = Math.min(1, Math.max(0, -Math.max(wa, wb) / 0.08));
  const ma = Math.abs(((a + 0.4 + 10) % 0.85) - 0.425);
  const mb = Math.abs(((b - 0.9 + 10) % 1.05) - 0.525);
  const bar = Math.min(1, Math.max(0, (Math.min(0.425 - ma, 0.525 - mb) - 0.025) / 0.03));
  return 0.22 + 0.78 * inside * bar;
}
