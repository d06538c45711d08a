// Reads the pack's glTF and GLB props: geometry with the node transforms applied, compressed
// with EXT_meshopt_compression (meshoptimizer's own decoder) and quantised with
// KHR_mesh_quantization; base colour textures in JPEG, PNG or WebP (EXT_texture_webp), decoded
// by sharp. A part whose colour is only in KTX2 (KHR_texture_basisu) is refused: there is no
// decoder for it here, and a white stand-in would be a drawn prop again.
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { MeshoptDecoder } from "meshoptimizer/decoder";
import sharp from "sharp";
import type { PropMesh, PropPart, PropTexture } from "./prop-mesh.types.ts";

// biome-ignore lint/suspicious/noExplicitAny: glTF JSON is read field by field
type Json = any;

export class UnsupportedProp extends Error {}

export async function readGltf(file: string): Promise<PropMesh> {
  const bytes = new Uint8Array(await readFile(file));
  let json: Json;
  let glbBin: Uint8Array | undefined;
  if (new TextDecoder().decode(bytes.subarray(0, 4)) === "glTF") {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = 12;
    while (at < bytes.length) {
      const len = view.getUint32(at, true);
      const type = view.getUint32(at + 4, true);
      const body = bytes.subarray(at + 8, at + 8 + len);
      if (type === 0x4e4f534a) json = JSON.parse(new TextDecoder().decode(body));
      else if (type === 0x004e4942) glbBin = body;
      at += 8 + len;
    }
  } else json = JSON.parse(new TextDecoder().decode(bytes));
  const buffers: Uint8Array[] = await Promise.all(
    (json.buffers ?? []).map(async (b: Json) =>
      b.uri
        ? new Uint8Array(await readFile(join(dirname(file), decodeURIComponent(b.uri))))
        : (glbBin ?? new Uint8Array(b.byteLength)),
    ),
  );
  await MeshoptDecoder.ready;
  const views: Uint8Array[] = (json.bufferViews ?? []).map((v: Json) => {
    const mo = v.extensions?.EXT_meshopt_compression;
    if (mo) {
      const src = buffers[mo.buffer]!.subarray(
        mo.byteOffset ?? 0,
        (mo.byteOffset ?? 0) + mo.byteLength,
      );
      const out = new Uint8Array(mo.count * mo.byteStride);
      MeshoptDecoder.decodeGltfBuffer(
        out,
        mo.count,
        mo.byteStride,
        src,
        mo.mode,
        mo.filter ?? "NONE",
      );
      return out;
    }
    const buf = buffers[v.buffer]!;
    return buf.subarray(v.byteOffset ?? 0, (v.byteOffset ?? 0) + v.byteLength);
  });
  const strideOf = (i: number) => {
    const v = json.bufferViews[i];
    return v.extensions?.EXT_meshopt_compression?.byteStride ?? v.byteStride;
  };
  const textures = new Map<number, Promise<PropTexture>>();
  const textureOf = (index: number): Promise<PropTexture> => {
    let t = textures.get(index);
    if (!t) {
      const tex = json.textures[index];
      const src = tex.extensions?.EXT_texture_webp?.source ?? tex.source;
      if (src === undefined) throw new UnsupportedProp("base colour only in KTX2");
      const img = json.images[src];
      t = decodeTexture(
        img.uri
          ? join(dirname(file), decodeURIComponent(img.uri))
          : Buffer.from(views[img.bufferView]!),
      );
      textures.set(index, t);
    }
    return t;
  };
  const parts: PropPart[] = [];
  const visit = async (nodeIndex: number, parent: number[]) => {
    const node = json.nodes[nodeIndex];
    const m = multiply(parent, localMatrix(node));
    if (node.mesh !== undefined)
      for (const prim of json.meshes[node.mesh].primitives) {
        if ((prim.mode ?? 4) !== 4) continue;
        const pos = readAccessor(json, views, strideOf, prim.attributes.POSITION);
        const positions = new Float32Array(pos.length);
        for (let i = 0; i < pos.length; i += 3) {
          const [x, y, z] = [pos[i]!, pos[i + 1]!, pos[i + 2]!];
          positions[i] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
          positions[i + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
          positions[i + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
        }
        const uvs =
          prim.attributes.TEXCOORD_0 !== undefined
            ? readAccessor(json, views, strideOf, prim.attributes.TEXCOORD_0)
            : null;
        const indices =
          prim.indices !== undefined
            ? Uint32Array.from(readAccessor(json, views, strideOf, prim.indices))
            : Uint32Array.from({ length: positions.length / 3 }, (_, i) => i);
        const mat = prim.material !== undefined ? json.materials[prim.material] : {};
        const pbr = mat.pbrMetallicRoughness ?? {};
        const f = pbr.baseColorFactor ?? [1, 1, 1, 1];
        const texture =
          pbr.baseColorTexture !== undefined ? await textureOf(pbr.baseColorTexture.index) : null;
        parts.push({ positions, uvs, indices, color: [f[0], f[1], f[2]], texture });
      }
    for (const c of node.children ?? []) await visit(c, m);
  };
  const scene = json.scenes?.[json.scene ?? 0];
  const roots: number[] = scene?.nodes ?? json.nodes.map((_: Json, i: number) => i);
  for (const r of roots) await visit(r, IDENTITY);
  return { parts };
}

/** an accessor's values as floats, dequantised (normalized integers to 0..1 or −1..1) */
function readAccessor(
  json: Json,
  views: Uint8Array[],
  strideOf: (i: number) => number | undefined,
  index: number,
): Float32Array {
  const a = json.accessors[index];
  const comps = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4 }[a.type as string] ?? 1;
  const size = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 }[a.componentType as number]!;
  const view = views[a.bufferView]!;
  const dv = new DataView(view.buffer, view.byteOffset, view.byteLength);
  const stride = strideOf(a.bufferView) ?? comps * size;
  const out = new Float32Array(a.count * comps);
  const norm = a.normalized
    ? ({ 5120: 127, 5121: 255, 5122: 32767, 5123: 65535 }[a.componentType as number] ?? 1)
    : 1;
  for (let i = 0; i < a.count; i++) {
    const base = (a.byteOffset ?? 0) + i * stride;
    for (let c = 0; c < comps; c++) {
      const o = base + c * size;
      let v: number;
      switch (a.componentType) {
        case 5120:
          v = dv.getInt8(o);
          break;
        case 5121:
          v = dv.getUint8(o);
          break;
        case 5122:
          v = dv.getInt16(o, true);
          break;
        case 5123:
          v = dv.getUint16(o, true);
          break;
        case 5125:
          v = dv.getUint32(o, true);
          break;
        default:
          v = dv.getFloat32(o, true);
      }
      out[i * comps + c] = norm === 1 ? v : Math.max(-1, v / norm);
    }
  }
  return out;
}

export async function decodeTexture(input: string | Buffer): Promise<PropTexture> {
  const { data, info } = await sharp(input)
    .resize(512, 512, { fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const lin = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) lin[i] = (data[i]! / 255) ** 2.2;
  return { width: info.width, height: info.height, lin };
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** a node's matrix (column-major), from `matrix` or translation × rotation × scale */
function localMatrix(node: Json): number[] {
  if (node.matrix) return node.matrix;
  const [tx, ty, tz] = node.translation ?? [0, 0, 0];
  const [x, y, z, w] = node.rotation ?? [0, 0, 0, 1];
  const [sx, sy, sz] = node.scale ?? [1, 1, 1];
  return [
    (1 - 2 * (y * y + z * z)) * sx,
    2 * (x * y + z * w) * sx,
    2 * (x * z - y * w) * sx,
    0,
    2 * (x * y - z * w) * sy,
    (1 - 2 * (x * x + z * z)) * sy,
    2 * (y * z + x * w) * sy,
    0,
    2 * (x * z + y * w) * sz,
    2 * (y * z - x * w) * sz,
    (1 - 2 * (x * x + y * y)) * sz,
    0,
    tx,
    ty,
    tz,
    1,
  ];
}

function multiply(a: number[], b: number[]): number[] {
  const out = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++)
    for (let r = 0; r < 4; r++)
      for (let k = 0; k < 4; k++) out[c * 4 + r]! += a[k * 4 + r]! * b[c * 4 + k]!;
  return out;
}
