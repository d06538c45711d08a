// Shading of one ray hit: material, key light with soft shadow and gobo, hemisphere ambient
// with contact AO, background light pool, rim lights, specular and a traced reflection.
import type { LinearImage } from "../assets/asset-images.ts";
import { linearRgb, type Vec3 } from "./color.ts";
import { expNeg, gobo, type Light, occlusion, shadow, specular } from "./lighting.ts";
import { compileMaterial, type Material, shadeMaterial, surf, surfFoam } from "./materials.ts";
import { type CompiledLayer, compileLayers, outline, shadeLayer } from "./scenery.ts";
import type { SetPlan } from "./set-plan.types.ts";
import { addSheen, type SheenMap } from "./sheen.ts";
import { archSdf, cast, FLOOR, Hit, LAYER0, PROP0, SEA, SKY, type Solid, WALL } from "./world.ts";

/** how much brighter a flat lay's table is a product and a half towards its light */
const FALLOFF = 0.1;

export interface Shader {
  plan: SetPlan;
  solids: Solid[];
  light: Light;
  mats: Material[];
  floor: Material;
  wall: Material;
  sea: Material | undefined;
  skyTop: Vec3;
  skyHorizon: Vec3;
  rim: [Vec3, Vec3] | undefined;
  emissive: { solid: Solid; color: Vec3 }[];
  glowX: number;
  glowY: number;
  glowR: number;
  fog: number;
  rh: Hit;
  /** the plate's rectangle on the wall: x0, y0 and the world size it spans */
  plate:
    | {
        x0: number;
        y0: number;
        w: number;
        h: number;
        pw: number;
        ph: number;
        rgb: Uint8Array;
        toLinear: Float32Array;
      }
    | undefined;
  layers: CompiledLayer[];
  glows: { solid: Solid; color: Vec3; reach: number }[];
  /** the plate as the floor's sheen mirrors it (back-plate.ts), where the floor has a sheen */
  sheen: SheenMap | undefined;
}

export function makeShader(
  plan: SetPlan,
  solids: Solid[],
  light: Light,
  /** the plate on the wall: its rectangle in world units (left, bottom, width, height) and its
   * pixels, linear */
  plate?: { x0: number; y0: number; w: number; h: number; image: LinearImage },
  sheen?: SheenMap,
): Shader {
  const o = plan.outdoor;
  const ph = plan.productSize.height;
  return {
    plan,
    solids,
    light,
    mats: solids.map((s) => compileMaterial(s.plan.material)),
    floor: compileMaterial(plan.floor),
    wall: compileMaterial(plan.wall),
    sea: o?.sea ? compileMaterial(o.sea) : undefined,
    skyTop: linearRgb(o?.skyTop ?? plan.wall.color),
    skyHorizon: linearRgb(o?.skyHorizon ?? plan.wall.color),
    rim: plan.light.rim ? [linearRgb(plan.light.rim[0]), linearRgb(plan.light.rim[1])] : undefined,
    emissive: solids
      .filter((s) => s.plan.emissive)
      .map((s) => ({ solid: s, color: linearRgb(s.plan.emissive!) })),
    glowX: -light.lx * 0.6 * ph,
    glowY: plan.stageTop + ph * 0.7,
    glowR: ph * 1.6 + 0.6,
    fog: plan.backdrop === "outdoor" ? 40 : 0,
    rh: new Hit(),
    layers: compileLayers(o?.layers),
    plate: plate
      ? {
          ...plate,
          pw: plate.image.width,
          ph: plate.image.height,
          rgb: plate.image.rgb,
          toLinear: plate.image.toLinear,
        }
      : undefined,
    glows: solids
      .filter((s) => s.plan.glow && s.plan.glowReach)
      .map((s) => ({ solid: s, color: linearRgb(s.plan.glow!), reach: s.plan.glowReach! })),
    sheen: plate && (plan.floor.sheen ?? 0) > 0 ? sheen : undefined,
  };
}

/** output colour of the last shade call (linear) */
export const out = { r: 0, g: 0, b: 0 };

/**
 * The traced reflection of a camera ray's glossy hit: the radiance it brought back and the
 * distance fade its weight was divided by. `shade` fills it (`on` = 1) where it traces one; with
 * `use` set, it traces none and mixes these values in instead (raster.ts: a flat lay's
 * in-between pixels take their reflection from the grid around them).
 */
export const reflection = { on: 0, use: false, r: 0, g: 0, b: 0, fade: 1 };

function sky(S: Shader, dy: number): void {
  const t = Math.min(1, Math.max(0, dy * 2.2)) ** 0.7;
  out.r = S.skyHorizon[0] + (S.skyTop[0] - S.skyHorizon[0]) * t;
  out.g = S.skyHorizon[1] + (S.skyTop[1] - S.skyHorizon[1]) * t;
  out.b = S.skyHorizon[2] + (S.skyTop[2] - S.skyHorizon[2]) * t;
}

/**
 * Shades hit `h` seen along direction d. `depth` 0 = camera ray (full quality); reflection
 * rays use depth 1 (no further reflection, no shadows).
 */
export function shade(S: Shader, h: Hit, dx: number, dy: number, dz: number, depth: number): void {
  if (h.id === SKY) {
    sky(S, dy);
    return;
  }
  const L = S.light;
  if (h.id >= LAYER0 && h.id < PROP0) {
    const c = S.layers[h.id - LAYER0]!;
    const sun = Math.max(0, -L.lz) * 0.5 + Math.max(0, L.ly) * 0.5;
    shadeLayer(c, h.u, h.v, outline(c.layer, h.u), sun * L.key[1], L.ambient * 0.9, out);
    fogged(S, h.t);
    return;
  }
  if (h.id >= PROP0) {
    const g = S.solids[h.id - PROP0]!.plan.glow;
    if (g) {
      // a bulb or a flame: hot in the middle, so the lens blooms it
      const k = 2.6;
      out.r = (g[0] / 255) ** 2.2 * k;
      out.g = (g[1] / 255) ** 2.2 * k;
      out.b = (g[2] / 255) ** 2.2 * k;
      return;
    }
  }
  if (h.id === WALL && S.plate) {
    // the seller's scene, lit by itself: a photo behind the set, blurred by the lens
    const P = S.plate;
    const u = Math.min(P.pw - 1, Math.max(0, Math.floor(((h.x - P.x0) / P.w) * P.pw)));
    const v = Math.min(P.ph - 1, Math.max(0, Math.floor((1 - (h.y - P.y0) / P.h) * P.ph)));
    const i = (v * P.pw + u) * 3;
    out.r = P.toLinear[P.rgb[i]!]!;
    out.g = P.toLinear[P.rgb[i + 1]!]!;
    out.b = P.toLinear[P.rgb[i + 2]!]!;
    return;
  }
  const m =
    h.id === FLOOR
      ? S.floor
      : h.id === WALL
        ? S.wall
        : h.id === SEA
          ? S.sea!
          : S.mats[h.id - PROP0]!;
  shadeMaterial(m, h.u, h.v);
  if (h.id === SEA) surfFoam(S.plan.outdoor!.shoreZ!, h.x, h.z);
  // metals have almost no diffuse light: their look is reflection and highlight
  const kd = m.metallic ? 0.5 : 1;
  let ar = surf.r * kd;
  let ag = surf.g * kd;
  let ab = surf.b * kd;
  // bump: tilt the normal a little along the surface's u/v directions
  let nx = h.nx;
  let ny = h.ny;
  let nz = h.nz;
  if (surf.bu !== 0 || surf.bv !== 0) {
    if (ny > 0.5) {
      nx += surf.bu;
      nz += surf.bv;
    } else {
      nx += surf.bu;
      ny += surf.bv;
    }
    const inv = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz);
    nx *= inv;
    ny *= inv;
    nz *= inv;
  }
  const self = h.id >= PROP0 ? h.id - PROP0 : -1;
  const ndl = nx * L.lx + ny * L.ly + nz * L.lz;
  let direct = 0;
  if (ndl > 0) {
    direct = ndl;
    if (depth === 0) direct *= shadow(L, S.solids, h.x, h.y, h.z, self) * gobo(L, h.x, h.y, h.z);
  }
  const ao = depth === 0 ? occlusion(S.solids, h.x, h.y, h.z, nx, ny, nz, self) : 1;
  const amb = L.ambient * (0.75 + 0.25 * ny) * ao;
  let pool = 1;
  if (h.id === WALL || (h.id === FLOOR && S.plan.backdrop !== "outdoor")) {
    // the background light: brightest behind the product, falling off to the edges
    const gx = h.x - S.glowX;
    const gy = h.y - S.glowY;
    const gz = h.id === FLOOR ? (h.z - S.plan.wallZ) * 0.5 : 0;
    pool =
      1 + S.plan.light.glow * (expNeg((gx * gx + gy * gy + gz * gz) / (S.glowR * S.glowR)) - 0.45);
  }
  if (h.id === FLOOR && S.plan.lying) {
    // a window's light falls off across a table: brighter towards it, dimmer away, over the
    // frame (with no falloff and no vignette a flat lay's surface was "a flat stock texture,
    // evenly lit")
    const along = (h.x * L.lx + h.z * L.lz) / (S.plan.productSize.width * 1.5);
    pool *= 1 + FALLOFF * Math.max(-1.5, Math.min(1.5, along));
  }
  const night = S.plan.light.pool ?? 0;
  if (night > 0 && h.id === FLOOR) {
    // after dark: the product's own light on the ground round its foot, the rest dim (a
    // product lit as by day on ground lit as by day, before a city at dusk, read as
    // "lighting that ignores the night city"). The pool is about the product's base wide: at
    // one and a half times its height it covered all the ground in the frame, and a night
    // street's cobbles were lit evenly grey, as by day
    const { width, height } = S.plan.productSize;
    const r = Math.max(width, height) * 0.45 + 0.2;
    const d2 = (h.x * h.x + h.z * h.z) / (r * r);
    pool *= 1 - night + 1.35 * night * expNeg(d2);
  }
  let lr = (L.key[0] * direct + amb) * pool;
  let lg = (L.key[1] * direct + amb) * pool;
  let lb = (L.key[2] * direct + amb) * pool;
  if (S.rim) {
    // two coloured lights left and right of the set
    for (let k = 0; k < 2; k++) {
      const sx = k === 0 ? -2.2 : 2.2;
      const vx = sx - h.x;
      const vy = 1.6 - h.y;
      const vz = -0.2 - h.z;
      const d2 = vx * vx + vy * vy + vz * vz;
      const c = Math.max(0, (vx * nx + vy * ny + vz * nz) / Math.sqrt(d2)) * (2.5 / (1 + d2));
      const col = S.rim[k]!;
      lr += col[0] * c;
      lg += col[1] * c;
      lb += col[2] * c;
    }
  }
  ar *= lr;
  ag *= lg;
  ab *= lb;
  for (let q = 0; q < S.glows.length; q++) {
    // candle light: a warm pool on the surfaces around the flame
    const gl = S.glows[q]!;
    const vx = gl.solid.x - h.x;
    const vy = gl.solid.cy - h.y;
    const vz = gl.solid.z - h.z;
    const d2 = vx * vx + vy * vy + vz * vz;
    const k = Math.exp(-d2 / (gl.reach * gl.reach)) * 0.9;
    if (k > 0.002) {
      const f = Math.max(0.2, (vx * nx + vy * ny + vz * nz) / Math.sqrt(d2 + 1e-6));
      ar += surf.r * gl.color[0] * k * f;
      ag += surf.g * gl.color[1] * k * f;
      ab += surf.b * gl.color[2] * k * f;
    }
  }
  for (let q = 0; q < S.emissive.length; q++) {
    const e = S.emissive[q]!;
    // a neon tube on the wall: a hot core and a wide glow, also spilling onto the floor
    const d =
      h.id === WALL
        ? Math.abs(archSdf(e.solid, h.x, h.y))
        : Math.abs(archSdf(e.solid, h.x, 0.02)) + Math.abs(h.z - e.solid.z) * 0.8 + 0.1;
    const k =
      h.id === WALL
        ? 3 * Math.exp(-d / 0.012) + 0.5 * Math.exp(-d / 0.22)
        : 0.35 * Math.exp(-d / 0.5);
    ar += e.color[0] * k;
    ag += e.color[1] * k;
    ab += e.color[2] * k;
  }
  // view vector and specular
  // highlights are seen from the camera only: in a reflection they would double the metal
  if (m.spec > 0 && ndl > 0 && depth === 0) {
    const hx = L.lx - dx;
    const hy = L.ly - dy;
    const hz = L.lz - dz;
    const hn = Math.sqrt(hx * hx + hy * hy + hz * hz);
    const ndh = Math.max(0, (nx * hx + ny * hy + nz * hz) / hn);
    // ndh ** shininess from the light's table (lighting.ts `specular`): Math.pow, and then
    // exp(log) at half its cost, were the costliest line of a flat lay's shade
    let sp = (m.spec * specular(L, ndh) * direct) / ndl;
    // metals mirror the softbox itself: a broad bright band, not just a hot spot
    if (m.metallic) sp += 0.9 * ndh ** 10;
    ar += L.key[0] * sp;
    ag += L.key[1] * sp;
    ab += L.key[2] * sp;
  }
  if (depth === 0 && h.id === FLOOR && S.sheen) {
    out.r = ar;
    out.g = ag;
    out.b = ab;
    addSheen(out, S.floor.sheen, S.sheen, S.plate!, S.plan.wallZ, h.x, h.z, dx, dy, dz);
    ar = out.r;
    ag = out.g;
    ab = out.b;
  }
  if (depth === 0 && m.gloss > 0) {
    const dn = dx * nx + dy * ny + dz * nz;
    const rx = dx - 2 * dn * nx;
    // the sea's swells tilt its normals, but what it mirrors is the sky, never the sand
    const ry = h.id === SEA ? Math.max(0.02, dy - 2 * dn * ny) : dy - 2 * dn * ny;
    const rz = dz - 2 * dn * nz;
    const f = 1 - Math.abs(dn);
    // dielectrics follow Fresnel (strong at grazing angles); metals reflect at every angle
    let w = m.metallic ? 0.55 + 0.4 * m.gloss : m.gloss * (0.3 + 0.7 * f * f * f);
    const sr = ar;
    const sg = ag;
    const sb = ab;
    // metals: reflection tinted by the metal's colour (albedo of this hit, read before recursion)
    const tr = m.metallic ? m.base[0] * 1.6 : 1;
    const tg = m.metallic ? m.base[1] * 1.6 : 1;
    const tb = m.metallic ? m.base[2] * 1.6 : 1;
    const R = reflection;
    if (R.use) {
      // given (interpolated between traced ones): no ray
      w /= R.fade;
    } else {
      const rh = S.rh;
      cast(S.plan, S.solids, h.x, h.y + 1e-4, h.z, rx, ry, rz, rh, self);
      // real glossy surfaces are not perfect mirrors: the reflection blurs and fades with the
      // distance to what it shows, strongest at the contact line
      let fade = 1;
      if (!m.metallic && rh.id !== SKY) fade = 1 + 1.8 * rh.t;
      // seen from above, a flat lay's surface mirrors the room's ceiling, not a sky: the rays
      // that climb past the far wall fade as that wall's do (half the frame went grey, in a
      // seam that followed the marble's polished veins)
      else if (!m.metallic && S.plan.lying) fade = 1 + 1.8 * S.plan.wallZ;
      if (fade !== 1) w /= fade;
      shade(S, rh, rx, ry, rz, 1);
      R.on = 1;
      R.r = out.r;
      R.g = out.g;
      R.b = out.b;
      R.fade = fade;
    }
    ar = sr * (1 - w) + R.r * w * tr;
    ag = sg * (1 - w) + R.g * w * tg;
    ab = sb * (1 - w) + R.b * w * tb;
  }
  out.r = ar;
  out.g = ag;
  out.b = ab;
  // (a table's top ends at an edge instead: see backdrop.ts)
  if (h.id === FLOOR && S.plate && S.plan.backPlate && S.plan.backPlate.tableEdgeZ === undefined)
    groundIntoPlate(S, h, dx, dy, dz);
  fogged(S, h.t);
}

/**
 * Where the scanned ground nears the plate, it gives way to the plate's own ground: the ray
 * is followed on to the plate's plane and the two are mixed, so the surface the product stands
 * on runs into the photo with no seam.
 */
function groundIntoPlate(S: Shader, h: Hit, dx: number, dy: number, dz: number): void {
  const P = S.plate!;
  const wallZ = S.plan.wallZ;
  const f = Math.min(1, Math.max(0, (h.z / wallZ - 0.45) / 0.5));
  if (f <= 0 || dz <= 0) return;
  const t = (wallZ - h.z) / dz;
  const x = h.x + dx * t;
  const y = h.y + dy * t;
  const u = Math.min(P.pw - 1, Math.max(0, Math.floor(((x - P.x0) / P.w) * P.pw)));
  const v = Math.min(P.ph - 1, Math.max(0, Math.floor((1 - (y - P.y0) / P.h) * P.ph)));
  const i = (v * P.pw + u) * 3;
  const k = f * f * (3 - 2 * f);
  out.r += (P.toLinear[P.rgb[i]!]! - out.r) * k;
  out.g += (P.toLinear[P.rgb[i + 1]!]! - out.g) * k;
  out.b += (P.toLinear[P.rgb[i + 2]!]! - out.b) * k;
}

/** outdoors, the air between: distant things fade towards the horizon's colour */
function fogged(S: Shader, t: number): void {
  if (S.fog <= 0) return;
  const f = 1 - Math.exp(-t / S.fog);
  const r = out.r;
  const g = out.g;
  const b = out.b;
  sky(S, 0.02);
  out.r = r + (out.r - r) * f;
  out.g = g + (out.g - g) * f;
  out.b = b + (out.b - b) * f;
}
