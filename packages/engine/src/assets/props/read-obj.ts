// Reads the pack's OBJ props (the scanned fruit): positions, uvs and triangles, with the one
// base colour image the pack ships beside each.
import { readFile } from "node:fs/promises";
import type { PropMesh } from "./prop-mesh.types.ts";
import { decodeTexture } from "./read-gltf.ts";

export async function readObj(file: string, textureFile: string): Promise<PropMesh> {
  const text = await readFile(file, "utf8");
  const v: number[] = [];
  const vt: number[] = [];
  const positions: number[] = [];
  const uvs: number[] = [];
  for (const line of text.split("\n")) {
    const p = line.trim().split(/\s+/);
    if (p[0] === "v") v.push(+p[1]!, +p[2]!, +p[3]!);
    else if (p[0] === "vt") vt.push(+p[1]!, 1 - +p[2]!);
    else if (p[0] === "f") {
      const corners = p.slice(1).map((c) => c.split("/").map((n) => Number.parseInt(n, 10)));
      // a polygon as a fan of triangles; OBJ indices are 1-based, negative from the end
      for (let k = 1; k + 1 < corners.length; k++)
        for (const c of [corners[0]!, corners[k]!, corners[k + 1]!]) {
          const vi = (c[0]! < 0 ? v.length / 3 + c[0]! : c[0]! - 1) * 3;
          positions.push(v[vi]!, v[vi + 1]!, v[vi + 2]!);
          const ti = c[1] ? (c[1] < 0 ? vt.length / 2 + c[1] : c[1] - 1) * 2 : -1;
          uvs.push(ti >= 0 ? vt[ti]! : 0, ti >= 0 ? vt[ti + 1]! : 0);
        }
    }
  }
  return {
    parts: [
      {
        positions: Float32Array.from(positions),
        uvs: Float32Array.from(uvs),
        indices: Uint32Array.from({ length: positions.length / 3 }, (_, i) => i),
        color: [1, 1, 1],
        texture: await decodeTexture(textureFile),
      },
    ],
  };
}
