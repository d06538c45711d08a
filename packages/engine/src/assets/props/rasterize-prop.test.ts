import { describe, expect, it } from "vitest";
import type { PropMesh } from "./prop-mesh.types.ts";
import { rasterizeProp } from "./rasterize-prop.ts";

/** one untextured grey part */
function greyMesh(positions: number[], indices: number[]): PropMesh {
  return {
    parts: [
      {
        positions: new Float32Array(positions),
        uvs: null,
        indices: new Uint32Array(indices),
        color: [0.6, 0.6, 0.6],
        texture: null,
      },
    ],
  };
}

/**
 * A sphere as a scan stores one: each ring band its own vertices (repeated where the texture is
 * cut), so no two bands share a vertex.
 */
function bandedSphere(rings = 16, segments = 32): PropMesh {
  const positions: number[] = [];
  const indices: number[] = [];
  const at = (i: number, j: number) => {
    const th = (Math.PI * i) / rings;
    const ph = (2 * Math.PI * j) / segments;
    return [Math.sin(th) * Math.cos(ph), 1 + Math.cos(th), Math.sin(th) * Math.sin(ph)];
  };
  for (let i = 0; i < rings; i++) {
    const base = positions.length / 3;
    for (let j = 0; j <= segments; j++) positions.push(...at(i, j)!, ...at(i + 1, j)!);
    for (let j = 0; j < segments; j++) {
      const a = base + j * 2;
      indices.push(a, a + 1, a + 2, a + 2, a + 1, a + 3);
    }
  }
  return greyMesh(positions, indices);
}

/** a unit cube, each face its own four vertices */
function cube(): PropMesh {
  const positions: number[] = [];
  const indices: number[] = [];
  const faces: [number[], number[], number[]][] = [
    [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ],
    [
      [-1, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
    ],
    [
      [0, 1, 0],
      [0, 0, 1],
      [1, 0, 0],
    ],
    [
      [0, -1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [0, 1, 0],
      [1, 0, 0],
    ],
  ];
  for (const [n, u, v] of faces) {
    const base = positions.length / 3;
    for (const [su, sv] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ])
      positions.push(
        ...[0, 1, 2].map((k) => 0.5 * (n[k]! + su! * u[k]! + sv! * v[k]!) + (k === 1 ? 0.5 : 0)),
      );
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return greyMesh(positions, indices);
}

const view = {
  pitchDeg: 10,
  yawDeg: 30,
  lightAzimuthDeg: -50,
  lightElevationDeg: 35,
  key: [1, 1, 1] as [number, number, number],
  height: 200,
};

const green = (s: ReturnType<typeof rasterizeProp>, x: number, y: number) =>
  s.rgba[(y * s.width + x) * 4 + 1]!;

describe("rasterizeProp", () => {
  it("shades a scan whose rings do not share vertices as one smooth surface", () => {
    // (the white vase came out in "stepped horizontal bands", round 31)
    const s = rasterizeProp(bandedSphere(), view);
    const x = Math.round(s.width * 0.35);
    let step = 0;
    for (let y = Math.round(s.height * 0.2); y < s.height * 0.8; y++)
      step = Math.max(step, Math.abs(green(s, x, y + 1) - green(s, x, y)));
    expect(step).toBeLessThan(5);
  });

  it("keeps the edge where two faces meet at a right angle", () => {
    const s = rasterizeProp(cube(), { ...view, pitchDeg: 0 });
    // across a row through the two side faces, one step from one face's shade to the other's
    const y = Math.round(s.height * 0.6);
    let step = 0;
    for (let x = 2; x < s.width - 3; x++)
      if (
        s.rgba[(y * s.width + x) * 4 + 3] === 255 &&
        s.rgba[(y * s.width + x + 1) * 4 + 3] === 255
      )
        step = Math.max(step, Math.abs(green(s, x + 1, y) - green(s, x, y)));
    expect(step).toBeGreaterThan(20);
  });
});
