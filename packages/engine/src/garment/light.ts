// The set's light, shared by everything the renderer models (props, hangers, the dress form)
// and by the gentle light it lays on the garment. Image space: x right, y down, z toward the
// camera; `dir` points from a surface toward the light.
import { kelvinToLinear, type Vec3 } from "../render/color.ts";

export interface SetLight {
  dir: Vec3;
  color: Vec3;
  /** fill from everywhere, as a fraction of the key */
  ambient: number;
  key: number;
}

export function setLight(
  azimuthDeg: number,
  elevationDeg: number,
  kelvin: number,
  ambient = 0.35,
): SetLight {
  // azimuth 0 = from the top of the frame, -90 = from the left, 90 = from the right
  const a = (azimuthDeg * Math.PI) / 180;
  const e = (elevationDeg * Math.PI) / 180;
  const c = Math.cos(e);
  return {
    dir: [Math.sin(a) * c, -Math.cos(a) * c, Math.sin(e)],
    color: kelvinToLinear(kelvin),
    ambient,
    key: 1,
  };
}

/** Diffuse with a little wrap (soft light reaches slightly past the terminator). */
export function diffuse(L: SetLight, nx: number, ny: number, nz: number): number {
  const d = nx * L.dir[0] + ny * L.dir[1] + nz * L.dir[2];
  return Math.max(0, (d + 0.25) / 1.25) * L.key;
}

/** Blinn–Phong highlight toward a camera on +z. */
export function specular(L: SetLight, nx: number, ny: number, nz: number, power: number): number {
  let hx = L.dir[0];
  let hy = L.dir[1];
  let hz = L.dir[2] + 1;
  const hl = Math.hypot(hx, hy, hz);
  hx /= hl;
  hy /= hl;
  hz /= hl;
  return Math.max(0, nx * hx + ny * hy + nz * hz) ** power;
}

/** Where a shadow of something `height` pixels above a surface falls, in pixels. */
export function shadowOffset(L: SetLight, height: number): { dx: number; dy: number } {
  const z = Math.max(0.2, L.dir[2]);
  return { dx: (-L.dir[0] / z) * height, dy: (-L.dir[1] / z) * height };
}

export function shadeColor(
  L: SetLight,
  albedo: Vec3,
  nx: number,
  ny: number,
  nz: number,
  spec = 0,
  power = 40,
): Vec3 {
  const d = diffuse(L, nx, ny, nz);
  // hemisphere fill: surfaces facing up and toward the camera see more of the room
  const amb = L.ambient * (0.75 + 0.25 * Math.max(0, nz - ny * 0.3));
  const s = spec > 0 ? spec * specular(L, nx, ny, nz, power) : 0;
  return [
    albedo[0] * (amb + d * L.color[0]) + s * L.color[0],
    albedo[1] * (amb + d * L.color[1]) + s * L.color[1],
    albedo[2] * (amb + d * L.color[2]) + s * L.color[2],
  ];
}
