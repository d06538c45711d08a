// Draws a photo-scanned prop as a picture with alpha, seen from the set's camera angle and lit
// from the set's key light: the scan's own colours (its texture is a photograph), shaded by
// its smoothed normals, anti-aliased by drawing at twice the size.
import type { PropMesh } from "./prop-mesh.types.ts";

export interface PropView {
  /** camera looking down, degrees */
  pitchDeg: number;
  /** the prop turned about its vertical axis, degrees */
  yawDeg: number;
  /** key light: 0 = from the camera, +90 from the right; elevation above the horizon */
  lightAzimuthDeg: number;
  lightElevationDeg: number;
  /** key light colour, linear, brightest channel 1 */
  key: [number, number, number];
  /** picture height, pixels */
  height: number;
}

export interface PropSprite {
  width: number;
  height: number;
  /** sRGB with straight alpha, 4 bytes a pixel */
  rgba: Uint8Array;
  /** where the prop's base (its lowest point, centred) is in the picture, pixels */
  baseX: number;
  baseY: number;
}

export function rasterizeProp(mesh: PropMesh, view: PropView): PropSprite {
  const p = (view.pitchDeg * Math.PI) / 180;
  const yaw = (view.yawDeg * Math.PI) / 180;
  const [cp, sp, cy, sy] = [Math.cos(p), Math.sin(p), Math.cos(yaw), Math.sin(yaw)];
  // centre on the footprint, base at y = 0
  let [x0, y0, z0, x1, y1, z1] = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (const part of mesh.parts)
    for (let i = 0; i < part.positions.length; i += 3) {
      x0 = Math.min(x0, part.positions[i]!);
      x1 = Math.max(x1, part.positions[i]!);
      y0 = Math.min(y0, part.positions[i + 1]!);
      y1 = Math.max(y1, part.positions[i + 1]!);
      z0 = Math.min(z0, part.positions[i + 2]!);
      z1 = Math.max(z1, part.positions[i + 2]!);
    }
  const [mx, mz] = [(x0 + x1) / 2, (z0 + z1) / 2];
  // to camera space: x right, y up on the picture, d away from the camera
  const toCam = (x: number, y: number, z: number): [number, number, number] => {
    const rx = (x - mx) * cy - (z - mz) * sy;
    const rz = (x - mx) * sy + (z - mz) * cy;
    const ry = y - y0;
    return [rx, ry * cp + rz * sp, rz * cp - ry * sp];
  };
  const parts = mesh.parts.map((part) => {
    const n = part.positions.length / 3;
    const cam = new Float32Array(n * 3);
    for (let i = 0; i < n; i++) {
      const c = toCam(
        part.positions[i * 3]!,
        part.positions[i * 3 + 1]!,
        part.positions[i * 3 + 2]!,
      );
      cam.set(c, i * 3);
    }
    return { part, cam, normals: smoothNormals(cam, part.indices) };
  });
  let [sx0, sy0, sx1, sy1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { cam } of parts)
    for (let i = 0; i < cam.length; i += 3) {
      sx0 = Math.min(sx0, cam[i]!);
      sx1 = Math.max(sx1, cam[i]!);
      sy0 = Math.min(sy0, cam[i + 1]!);
      sy1 = Math.max(sy1, cam[i + 1]!);
    }
  const S = 2; // supersampling
  const H = view.height * S;
  const scale = (H - 2 * S) / Math.max(1e-6, sy1 - sy0);
  const W = Math.max(2 * S, Math.ceil((sx1 - sx0) * scale) + 2 * S);
  const color = new Float32Array(W * H * 3);
  const cover = new Uint8Array(W * H);
  const zbuf = new Float32Array(W * H).fill(Infinity);
  const az = (view.lightAzimuthDeg * Math.PI) / 180;
  const el = (view.lightElevationDeg * Math.PI) / 180;
  const L = [Math.sin(az) * Math.cos(el), Math.sin(el), -Math.cos(az) * Math.cos(el)];
  const px = (x: number) => (x - sx0) * scale + S;
  const py = (y: number) => H - S - (y - sy0) * scale;
  for (const { part, cam, normals } of parts) {
    const tex = part.texture;
    const idx = part.indices;
    for (let t = 0; t + 2 < idx.length; t += 3) {
      const [a, b, c] = [idx[t]!, idx[t + 1]!, idx[t + 2]!];
      const ax = px(cam[a * 3]!);
      const ay = py(cam[a * 3 + 1]!);
      const bx = px(cam[b * 3]!);
      const by = py(cam[b * 3 + 1]!);
      const cx = px(cam[c * 3]!);
      const cyy = py(cam[c * 3 + 1]!);
      const area = (bx - ax) * (cyy - ay) - (by - ay) * (cx - ax);
      if (Math.abs(area) < 1e-9) continue;
      const minX = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
      const maxX = Math.min(W - 1, Math.ceil(Math.max(ax, bx, cx)));
      const minY = Math.max(0, Math.floor(Math.min(ay, by, cyy)));
      const maxY = Math.min(H - 1, Math.ceil(Math.max(ay, by, cyy)));
      for (let y = minY; y <= maxY; y++)
        for (let x = minX; x <= maxX; x++) {
          const qx = x + 0.5;
          const qy = y + 0.5;
          const w0 = ((bx - qx) * (cyy - qy) - (by - qy) * (cx - qx)) / area;
          const w1 = ((cx - qx) * (ay - qy) - (cyy - qy) * (ax - qx)) / area;
          const w2 = 1 - w0 - w1;
          if (w0 < 0 || w1 < 0 || w2 < 0) continue;
          const d = w0 * cam[a * 3 + 2]! + w1 * cam[b * 3 + 2]! + w2 * cam[c * 3 + 2]!;
          const o = y * W + x;
          if (d >= zbuf[o]!) continue;
          zbuf[o] = d;
          cover[o] = 1;
          let r = part.color[0];
          let g = part.color[1];
          let bl = part.color[2];
          if (tex && part.uvs) {
            const u = w0 * part.uvs[a * 2]! + w1 * part.uvs[b * 2]! + w2 * part.uvs[c * 2]!;
            const v =
              w0 * part.uvs[a * 2 + 1]! + w1 * part.uvs[b * 2 + 1]! + w2 * part.uvs[c * 2 + 1]!;
            const tx = Math.min(
              tex.width - 1,
              Math.max(0, Math.floor((u - Math.floor(u)) * tex.width)),
            );
            const ty = Math.min(
              tex.height - 1,
              Math.max(0, Math.floor((v - Math.floor(v)) * tex.height)),
            );
            const ti = (ty * tex.width + tx) * 3;
            r *= tex.lin[ti]!;
            g *= tex.lin[ti + 1]!;
            bl *= tex.lin[ti + 2]!;
          }
          let nx = w0 * normals[a * 3]! + w1 * normals[b * 3]! + w2 * normals[c * 3]!;
          let ny = w0 * normals[a * 3 + 1]! + w1 * normals[b * 3 + 1]! + w2 * normals[c * 3 + 1]!;
          let nz = w0 * normals[a * 3 + 2]! + w1 * normals[b * 3 + 2]! + w2 * normals[c * 3 + 2]!;
          const len = Math.hypot(nx, ny, nz) || 1;
          nx /= len;
          ny /= len;
          nz /= len;
          // a normal facing away from the camera belongs to the other side: flip it
          if (nz > 0) [nx, ny, nz] = [-nx, -ny, -nz];
          const ndl = Math.max(0, nx * L[0]! + ny * L[1]! + nz * L[2]!);
          const amb = 0.42 + 0.18 * ny;
          color[o * 3] = r * (amb + 0.85 * ndl * view.key[0]);
          color[o * 3 + 1] = g * (amb + 0.85 * ndl * view.key[1]);
          color[o * 3 + 2] = bl * (amb + 0.85 * ndl * view.key[2]);
        }
    }
  }
  // down to the picture's size: coverage becomes alpha
  const w = Math.ceil(W / S);
  const h = view.height;
  const rgba = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let [r, g, b, n] = [0, 0, 0, 0];
      for (let j = 0; j < S; j++)
        for (let i = 0; i < S; i++) {
          const X = x * S + i;
          const Y = y * S + j;
          if (X >= W || Y >= H) continue;
          const o = Y * W + X;
          if (!cover[o]) continue;
          r += color[o * 3]!;
          g += color[o * 3 + 1]!;
          b += color[o * 3 + 2]!;
          n++;
        }
      const q = (y * w + x) * 4;
      if (!n) continue;
      rgba[q] = toSrgb(r / n);
      rgba[q + 1] = toSrgb(g / n);
      rgba[q + 2] = toSrgb(b / n);
      rgba[q + 3] = Math.round((255 * n) / (S * S));
    }
  return { width: w, height: h, rgba, baseX: px(0) / S, baseY: py(0) / S };
}

function toSrgb(l: number): number {
  const v = l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, Math.round(v * 255)));
}

/** per-vertex normals: the area-weighted sum of the faces around each vertex */
function smoothNormals(cam: Float32Array, idx: Uint32Array): Float32Array {
  const n = new Float32Array(cam.length);
  for (let t = 0; t + 2 < idx.length; t += 3) {
    const [a, b, c] = [idx[t]! * 3, idx[t + 1]! * 3, idx[t + 2]! * 3];
    const ux = cam[b]! - cam[a]!;
    const uy = cam[b + 1]! - cam[a + 1]!;
    const uz = cam[b + 2]! - cam[a + 2]!;
    const vx = cam[c]! - cam[a]!;
    const vy = cam[c + 1]! - cam[a + 1]!;
    const vz = cam[c + 2]! - cam[a + 2]!;
    const fx = uy * vz - uz * vy;
    const fy = uz * vx - ux * vz;
    const fz = ux * vy - uy * vx;
    for (const k of [a, b, c]) {
      n[k] = n[k]! + fx;
      n[k + 1] = n[k + 1]! + fy;
      n[k + 2] = n[k + 2]! + fz;
    }
  }
  return n;
}
