// Scene geometry: analytic props (podiums, plinths, spheres, arches) and the ray cast that
// finds the nearest surface. Casts write into a caller-owned Hit so the per-pixel loop
// allocates nothing. The camera is in camera.ts, the backdrop in backdrop.ts.
import { castBackdrop } from "./backdrop.ts";
import { FAR, type Hit, PROP0, SKY } from "./hit.ts";
import type { PropPlan, SetPlan } from "./set-plan.types.ts";

/** A prop compiled for ray casting. */
export interface Solid {
  plan: PropPlan;
  kind: PropPlan["kind"];
  x: number;
  z: number;
  y0: number;
  y1: number;
  r: number;
  hw: number;
  hd: number;
  /** sphere centre height */
  cy: number;
  /** bounding sphere (centre y and squared radius) for a cheap miss test */
  by: number;
  br2: number;
  /** ellipsoid: radii and the yaw's cosine and sine */
  rx: number;
  ry: number;
  rz: number;
  cos: number;
  sin: number;
}

export function compileProps(props: PropPlan[]): Solid[] {
  return props.map((p) => ({
    rx: p.width / 2,
    ry: p.height / 2,
    rz: p.depth / 2,
    cos: Math.cos(p.yaw ?? 0),
    sin: Math.sin(p.yaw ?? 0),
    plan: p,
    kind: p.kind,
    x: p.x,
    z: p.z,
    y0: p.y0,
    y1: p.y0 + p.height,
    r: p.radius,
    hw: p.width / 2,
    hd: p.depth / 2,
    cy: p.kind === "ellipsoid" ? p.y0 + p.height / 2 : p.y0 + p.radius,
    by: p.kind === "arch" ? p.y0 + p.height / 2 : p.y0 + p.height / 2,
    br2:
      p.kind === "ellipsoid"
        ? Math.max(p.width, p.height, p.depth) ** 2 / 4
        : p.kind === "arch"
          ? (p.width / 2) ** 2 + (p.height / 2) ** 2
          : p.kind === "cylinder"
            ? p.radius ** 2 + (p.height / 2) ** 2
            : p.kind === "sphere"
              ? p.radius ** 2
              : (p.width / 2) ** 2 + (p.depth / 2) ** 2 + (p.height / 2) ** 2,
  }));
}

/** signed distance from (x, y) to the arch outline: a rectangle under a half disc */
export function archSdf(s: Solid, x: number, y: number): number {
  const dx = Math.abs(x - s.x);
  const springY = s.y1 - s.r;
  if (y > springY) return Math.sqrt(dx * dx + (y - springY) * (y - springY)) - s.r;
  const ex = dx - s.r;
  const ey = s.y0 - y;
  if (ey > 0) return ex > 0 ? Math.sqrt(ex * ex + ey * ey) : ey;
  return ex;
}

function castProp(
  s: Solid,
  i: number,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  h: Hit,
): void {
  // bounding sphere miss: most rays pass most props
  {
    const ocx = ox - s.x;
    const ocy = oy - s.by;
    const ocz = oz - s.z;
    const b = ocx * dx + ocy * dy + ocz * dz;
    const c = ocx * ocx + ocy * ocy + ocz * ocz - s.br2;
    if (c > 0 && (b > 0 || b * b < c)) return;
  }
  if (s.kind === "sphere") {
    const ocx = ox - s.x;
    const ocy = oy - s.cy;
    const ocz = oz - s.z;
    const b = ocx * dx + ocy * dy + ocz * dz;
    const c = ocx * ocx + ocy * ocy + ocz * ocz - s.r * s.r;
    const disc = b * b - c;
    if (disc < 0) return;
    const t = -b - Math.sqrt(disc);
    if (t <= 1e-4 || t >= h.t) return;
    h.t = t;
    h.id = PROP0 + i;
    h.x = ox + t * dx;
    h.y = oy + t * dy;
    h.z = oz + t * dz;
    h.nx = (h.x - s.x) / s.r;
    h.ny = (h.y - s.cy) / s.r;
    h.nz = (h.z - s.z) / s.r;
    h.u = h.x + h.z;
    h.v = h.y;
    return;
  }
  if (s.kind === "ellipsoid") {
    // into the unit sphere's space: translate, turn by -yaw, scale by 1/radius
    const tx = ox - s.x;
    const tz = oz - s.z;
    const lx = (tx * s.cos + tz * s.sin) / s.rx;
    const ly = (oy - s.cy) / s.ry;
    const lz = (-tx * s.sin + tz * s.cos) / s.rz;
    const ex = (dx * s.cos + dz * s.sin) / s.rx;
    const ey = dy / s.ry;
    const ez = (-dx * s.sin + dz * s.cos) / s.rz;
    const a = ex * ex + ey * ey + ez * ez;
    const b = lx * ex + ly * ey + lz * ez;
    const c = lx * lx + ly * ly + lz * lz - 1;
    const disc = b * b - a * c;
    if (disc < 0) return;
    const t = (-b - Math.sqrt(disc)) / a;
    if (t <= 1e-4 || t >= h.t) return;
    h.t = t;
    h.id = PROP0 + i;
    h.x = ox + t * dx;
    h.y = oy + t * dy;
    h.z = oz + t * dz;
    // normal: gradient of the implicit surface, turned back
    const px = (lx + t * ex) / s.rx;
    const py = (ly + t * ey) / s.ry;
    const pz = (lz + t * ez) / s.rz;
    const nx = px * s.cos - pz * s.sin;
    const nz = px * s.sin + pz * s.cos;
    const inv = 1 / Math.sqrt(nx * nx + py * py + nz * nz);
    h.nx = nx * inv;
    h.ny = py * inv;
    h.nz = nz * inv;
    h.u = (lx + t * ex) * s.rx * 4;
    h.v = (lz + t * ez) * s.rz * 4 + py;
    return;
  }
  if (s.kind === "cylinder") {
    // top cap
    if (dy < 0 && oy > s.y1) {
      const t = (s.y1 - oy) / dy;
      const x = ox + t * dx - s.x;
      const z = oz + t * dz - s.z;
      if (t < h.t && x * x + z * z <= s.r * s.r) {
        h.t = t;
        h.id = PROP0 + i;
        h.x = x + s.x;
        h.y = s.y1;
        h.z = z + s.z;
        h.nx = 0;
        h.ny = 1;
        h.nz = 0;
        h.u = h.x;
        h.v = h.z;
        return;
      }
    }
    const ocx = ox - s.x;
    const ocz = oz - s.z;
    const a = dx * dx + dz * dz;
    const b = ocx * dx + ocz * dz;
    const c = ocx * ocx + ocz * ocz - s.r * s.r;
    const disc = b * b - a * c;
    if (disc < 0 || a < 1e-9) return;
    const t = (-b - Math.sqrt(disc)) / a;
    if (t <= 1e-4 || t >= h.t) return;
    const y = oy + t * dy;
    if (y < s.y0 || y > s.y1) return;
    h.t = t;
    h.id = PROP0 + i;
    h.x = ox + t * dx;
    h.y = y;
    h.z = oz + t * dz;
    h.nx = (h.x - s.x) / s.r;
    h.ny = 0;
    h.nz = (h.z - s.z) / s.r;
    h.u = Math.atan2(h.nx, -h.nz) * s.r;
    h.v = y;
    return;
  }
  if (s.kind === "box") {
    let tmin = -FAR;
    let tmax = FAR;
    let axis = 0;
    // slabs x, y, z
    for (let k = 0; k < 3; k++) {
      const o = k === 0 ? ox - s.x : k === 1 ? oy - (s.y0 + s.y1) / 2 : oz - s.z;
      const d = k === 0 ? dx : k === 1 ? dy : dz;
      const half = k === 0 ? s.hw : k === 1 ? (s.y1 - s.y0) / 2 : s.hd;
      if (Math.abs(d) < 1e-9) {
        if (Math.abs(o) > half) return;
        continue;
      }
      let t0 = (-half - o) / d;
      let t1 = (half - o) / d;
      if (t0 > t1) {
        const tmp = t0;
        t0 = t1;
        t1 = tmp;
      }
      if (t0 > tmin) {
        tmin = t0;
        axis = k;
      }
      if (t1 < tmax) tmax = t1;
      if (tmin > tmax) return;
    }
    if (tmin <= 1e-4 || tmin >= h.t) return;
    h.t = tmin;
    h.id = PROP0 + i;
    h.x = ox + tmin * dx;
    h.y = oy + tmin * dy;
    h.z = oz + tmin * dz;
    h.nx = axis === 0 ? -Math.sign(dx) : 0;
    h.ny = axis === 1 ? -Math.sign(dy) : 0;
    h.nz = axis === 2 ? -Math.sign(dz) : 0;
    h.u = axis === 0 ? h.z : h.x;
    h.v = axis === 1 ? h.z : h.y;
    return;
  }
  // arch: a flat panel facing the camera at z = s.z
  if (s.plan.emissive || dz <= 0) return;
  const t = (s.z - oz) / dz;
  if (t <= 1e-4 || t >= h.t) return;
  const x = ox + t * dx;
  const y = oy + t * dy;
  if (archSdf(s, x, y) > 0) return;
  h.t = t;
  h.id = PROP0 + i;
  h.x = x;
  h.y = y;
  h.z = s.z;
  h.nx = 0;
  h.ny = 0;
  h.nz = -1;
  h.u = x;
  h.v = y;
}

/** nearest hit of a ray (unit direction) against backdrop and props; skips prop `skip` */
export function cast(
  plan: SetPlan,
  solids: Solid[],
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  h: Hit,
  skip = -1,
): void {
  h.t = FAR;
  h.id = SKY;
  castBackdrop(plan, ox, oy, oz, dx, dy, dz, h);
  for (let i = 0; i < solids.length; i++) {
    if (i !== skip) castProp(solids[i]!, i, ox, oy, oz, dx, dy, dz, h);
  }
}

export { FAR, FLOOR, Hit, LAYER0, PROP0, SEA, SKY, WALL } from "./hit.ts";
