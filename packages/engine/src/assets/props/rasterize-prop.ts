// Draws a photo-scanned prop as a picture with alpha, seen from the set's camera angle and lit
// from the set's key light: the scan's own colours (its texture is a photograph), shaded by
// its smoothed normals, anti-aliased by drawing at twice the size.
import type { PropMesh, PropPart } from "./prop-mesh.types.ts";

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
  // to camera space: x right, y up on the picture, d away from the camera; a direction (a
  // normal) is turned the same way, without the move to the footprint's centre
  const turn = (x: number, y: number, z: number, out: Float32Array, at: number): void => {
    const rx = x * cy - z * sy;
    const rz = x * sy + z * cy;
    out[at] = rx;
    out[at + 1] = y * cp + rz * sp;
    out[at + 2] = rz * cp - y * sp;
  };
  const parts = mesh.parts.map((part) => {
    const pos = part.positions;
    const cam = new Float32Array(pos.length);
    for (let i = 0; i < pos.length; i += 3)
      turn(pos[i]! - mx, pos[i + 1]! - y0, pos[i + 2]! - mz, cam, i);
    // the model's corner normals (once a part), turned as its positions are
    const model = modelNormalsOf(part);
    const normals = new Float32Array(model.length);
    for (let i = 0; i < model.length; i += 3)
      turn(model[i]!, model[i + 1]!, model[i + 2]!, normals, i);
    return { part, cam, normals };
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
          // (the normals are the triangle's corners', t·3 onwards)
          const k = t * 3;
          let nx = w0 * normals[k]! + w1 * normals[k + 3]! + w2 * normals[k + 6]!;
          let ny = w0 * normals[k + 1]! + w1 * normals[k + 4]! + w2 * normals[k + 7]!;
          let nz = w0 * normals[k + 2]! + w1 * normals[k + 5]! + w2 * normals[k + 8]!;
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

/** faces meeting at a sharper angle than this keep an edge between them (a book's corner) */
const CREASE_COS = Math.cos((60 * Math.PI) / 180);

const modelNormals = new WeakMap<PropPart, Float32Array>();

function modelNormalsOf(part: PropPart): Float32Array {
  let n = modelNormals.get(part);
  if (!n) {
    n = cornerNormals(part.positions, part.indices);
    modelNormals.set(part, n);
  }
  return n;
}

/**
 * A normal for each triangle's corner: the area-weighted sum of the faces round the corner's
 * position that meet its own face at less than the crease angle. Scans repeat a vertex
 * wherever their texture is cut (down a seam, round each ring of a vase): summed per vertex,
 * each band between two cuts was shaded on its own, and a reviewer saw "stepped horizontal
 * bands from the flat faces of a low-detail model" on the white vase (round 31).
 */
function cornerNormals(pos: Float32Array, idx: Uint32Array): Float32Array {
  const faces = Math.floor(idx.length / 3);
  const fn = new Float32Array(faces * 3);
  for (let f = 0; f < faces; f++) {
    const [a, b, c] = [idx[f * 3]! * 3, idx[f * 3 + 1]! * 3, idx[f * 3 + 2]! * 3];
    const ux = pos[b]! - pos[a]!;
    const uy = pos[b + 1]! - pos[a + 1]!;
    const uz = pos[b + 2]! - pos[a + 2]!;
    const vx = pos[c]! - pos[a]!;
    const vy = pos[c + 1]! - pos[a + 1]!;
    const vz = pos[c + 2]! - pos[a + 2]!;
    fn[f * 3] = uy * vz - uz * vy;
    fn[f * 3 + 1] = uz * vx - ux * vz;
    fn[f * 3 + 2] = ux * vy - uy * vx;
  }
  // the faces round each position, as lists in one array (vertices repeated at a cut share it)
  const at = weldedVertices(pos);
  const start = new Uint32Array(pos.length / 3 + 1);
  for (let k = 0; k < faces * 3; k++) start[at[idx[k]!]! + 1]!++;
  for (let v = 1; v < start.length; v++) start[v]! += start[v - 1]!;
  const fill = start.slice(0, -1);
  const round = new Uint32Array(faces * 3);
  for (let k = 0; k < faces * 3; k++) round[fill[at[idx[k]!]!]!++] = Math.floor(k / 3);
  const len = new Float32Array(faces);
  for (let f = 0; f < faces; f++)
    len[f] = Math.hypot(fn[f * 3]!, fn[f * 3 + 1]!, fn[f * 3 + 2]!) || 1;
  const out = new Float32Array(faces * 9);
  for (let k = 0; k < faces * 3; k++) {
    const own = Math.floor(k / 3);
    const v = at[idx[k]!]!;
    for (let q = start[v]!; q < start[v + 1]!; q++) {
      const f = round[q]!;
      const dot =
        fn[f * 3]! * fn[own * 3]! +
        fn[f * 3 + 1]! * fn[own * 3 + 1]! +
        fn[f * 3 + 2]! * fn[own * 3 + 2]!;
      if (f !== own && dot < CREASE_COS * len[f]! * len[own]!) continue;
      out[k * 3] = out[k * 3]! + fn[f * 3]!;
      out[k * 3 + 1] = out[k * 3 + 1]! + fn[f * 3 + 1]!;
      out[k * 3 + 2] = out[k * 3 + 2]! + fn[f * 3 + 2]!;
    }
  }
  return out;
}

/** each vertex's first vertex at the same position (to 1/10 000 of a model unit) */
function weldedVertices(pos: Float32Array): Uint32Array {
  const n = pos.length / 3;
  const q = new Int32Array(pos.length);
  for (let i = 0; i < pos.length; i++) q[i] = Math.round(pos[i]! * 1e4);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort(
    (a, b) =>
      q[a * 3]! - q[b * 3]! || q[a * 3 + 1]! - q[b * 3 + 1]! || q[a * 3 + 2]! - q[b * 3 + 2]!,
  );
  const at = new Uint32Array(n);
  let lead = order[0] ?? 0;
  for (let i = 0; i < n; i++) {
    const v = order[i]!;
    if (
      i > 0 &&
      (q[v * 3] !== q[lead * 3] ||
        q[v * 3 + 1] !== q[lead * 3 + 1] ||
        q[v * 3 + 2] !== q[lead * 3 + 2])
    )
      lead = v;
    at[v] = lead;
  }
  return at;
}
