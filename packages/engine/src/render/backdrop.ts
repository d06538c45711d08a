// The backdrop: floor + cyclorama sweep, floor + wall, or an outdoor floor, sea and sky.

import { FLOOR, type Hit, LAYER0, SEA, WALL } from "./hit.ts";
import { layerHit } from "./scenery.ts";
import type { SetPlan } from "./set-plan.types.ts";

function setPlane(
  h: Hit,
  id: number,
  t: number,
  x: number,
  y: number,
  z: number,
  nx: number,
  ny: number,
  nz: number,
  u: number,
  v: number,
): void {
  h.t = t;
  h.id = id;
  h.x = x;
  h.y = y;
  h.z = z;
  h.nx = nx;
  h.ny = ny;
  h.nz = nz;
  h.u = u;
  h.v = v;
}

export function castBackdrop(
  plan: SetPlan,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  h: Hit,
): void {
  const wz = plan.wallZ;
  if (plan.backdrop === "outdoor") {
    if (dy < -1e-6) {
      const t = -oy / dy;
      const x = ox + t * dx;
      const z = oz + t * dz;
      const shore = plan.outdoor?.shoreZ;
      if (shore !== undefined && z > shore + Math.sin(x * 0.9) * 0.25) {
        setPlane(h, SEA, t, x, 0, z, 0, 1, 0, x, z);
      } else setPlane(h, FLOOR, t, x, 0, z, 0, 1, 0, x, z);
    }
    const layers = plan.outdoor?.layers;
    if (layers && dz > 1e-6) {
      for (let k = 0; k < layers.length; k++) {
        const l = layers[k]!;
        const t = (l.z - oz) / dz;
        if (t <= 0 || t >= h.t) continue;
        const x = ox + t * dx;
        const y = oy + t * dy;
        if (layerHit(l, x, y)) {
          setPlane(h, LAYER0 + k, t, x, y, l.z, 0, 0, -1, x, y);
          return;
        }
      }
    }
    return;
  }
  if (plan.backdrop === "wall") {
    // a table ends at its back edge; a floor runs to the wall
    const floorEnd = plan.backPlate?.tableEdgeZ ?? wz;
    if (dy < 0) {
      const t = -oy / dy;
      const z = oz + t * dz;
      if (z <= floorEnd) {
        setPlane(h, FLOOR, t, ox + t * dx, 0, z, 0, 1, 0, ox + t * dx, z);
        return;
      }
    }
    if (dz > 0) {
      const t = (wz - oz) / dz;
      const x = ox + t * dx;
      const y = oy + t * dy;
      setPlane(h, WALL, t, x, y, wz, 0, 0, -1, x, y);
    }
    return;
  }
  // cyclorama: floor up to zc, quarter pipe of radius R, wall at zc + R
  const R = plan.sweepRadius;
  const zc = wz - R;
  if (dy < 0) {
    const t = -oy / dy;
    const z = oz + t * dz;
    if (z <= zc) {
      const x = ox + t * dx;
      setPlane(h, FLOOR, t, x, 0, z, 0, 1, 0, x, z);
      return;
    }
  }
  if (dz > 0) {
    const t = (wz - oz) / dz;
    const y = oy + t * dy;
    if (y >= R) {
      const x = ox + t * dx;
      setPlane(h, WALL, t, x, y, wz, 0, 0, -1, x, zc + (R * Math.PI) / 2 + (y - R));
      return;
    }
  }
  // inside of the horizontal cylinder (axis along x at y = R, z = zc): the far root
  const py = oy - R;
  const pz = oz - zc;
  const a = dy * dy + dz * dz;
  const b = py * dy + pz * dz;
  const c = py * py + pz * pz - R * R;
  const disc = b * b - a * c;
  if (disc < 0 || a < 1e-9) return;
  const t = (-b + Math.sqrt(disc)) / a;
  if (t <= 0) return;
  const y = oy + t * dy;
  const z = oz + t * dz;
  const x = ox + t * dx;
  const ang = Math.atan2(z - zc, R - y);
  setPlane(h, WALL, t, x, y, z, 0, (R - y) / R, (zc - z) / R, x, zc + R * ang);
}
