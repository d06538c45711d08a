// The props a seller names, modelled from the renderer's primitives (ellipsoids, spheres,
// boxes, cylinders, glowing bulbs) so they are lit and shadowed like the rest of the set. Each
// model is built at (x, z) on a surface at height y, at scale s (about the product's size).
import type { MaterialSpec, PropPlan } from "../../render/set-plan.types.ts";
import type { RGB } from "../../types.ts";
import type { PropWord } from "../brief-words.ts";

type Rand = () => number;

export interface ModelInput {
  x: number;
  z: number;
  y: number;
  s: number;
  yaw: number;
  rand: Rand;
  /** the set's accent colour, for ribbons, gift wrap, petals */
  accent: RGB;
  /** colour of the surface, for water drops that take it on */
  surface: RGB;
  /** flat lay: seen from above, so tall things lie down */
  lying: boolean;
}

const mat = (kind: MaterialSpec["kind"], color: RGB, gloss = 0, accent?: RGB): MaterialSpec => ({
  kind,
  color,
  accent:
    accent ?? ([color[0] * 0.8, color[1] * 0.8, color[2] * 0.8].map(Math.round) as unknown as RGB),
  scale: 0.3,
  gloss,
});

function ellipsoid(
  x: number,
  z: number,
  y0: number,
  w: number,
  h: number,
  d: number,
  yaw: number,
  material: MaterialSpec,
): PropPlan {
  return {
    kind: "ellipsoid",
    x,
    z,
    y0,
    radius: Math.max(w, d) / 2,
    width: w,
    height: h,
    depth: d,
    yaw,
    material,
  };
}

function box(
  x: number,
  z: number,
  y0: number,
  w: number,
  h: number,
  d: number,
  material: MaterialSpec,
): PropPlan {
  return { kind: "box", x, z, y0, radius: 0, width: w, height: h, depth: d, material };
}

function bulb(x: number, z: number, y0: number, r: number, glow: RGB, reach?: number): PropPlan {
  return {
    kind: "sphere",
    x,
    z,
    y0,
    radius: r,
    width: 2 * r,
    depth: 2 * r,
    height: 2 * r,
    material: mat("plaster", glow),
    glow,
    ...(reach ? { glowReach: reach } : {}),
  };
}

const PETALS: RGB[] = [
  [240, 168, 184],
  [250, 236, 236],
  [236, 120, 140],
  [246, 214, 140],
  [206, 176, 230],
];
const FRUIT: { color: RGB; stretch: number; r: number }[] = [
  { color: [238, 140, 36], stretch: 1, r: 0.075 },
  { color: [246, 214, 64], stretch: 1.35, r: 0.06 },
  { color: [196, 36, 44], stretch: 1, r: 0.07 },
  { color: [120, 170, 60], stretch: 1.2, r: 0.055 },
];

/** one model of `word`: its primitives and the footprint radius it takes on the surface */
export function model(word: PropWord, m: ModelInput): { parts: PropPlan[]; r: number } {
  const { x, z, y, s, yaw, rand: r } = m;
  const parts: PropPlan[] = [];
  switch (word) {
    case "flowers": {
      const petal = PETALS[Math.floor(r() * PETALS.length)]!;
      const R = s * (0.07 + 0.04 * r());
      const n = 6 + Math.floor(r() * 4);
      for (let k = 0; k < n; k++) {
        const a = yaw + (k * Math.PI * 2) / n;
        parts.push(
          ellipsoid(
            x + Math.cos(a) * R * 0.9,
            z + Math.sin(a) * R * 0.9,
            y,
            R * 1.9,
            R * 0.35,
            R * 1.1,
            -a,
            mat("plaster", petal),
          ),
        );
      }
      parts.push(
        ellipsoid(x, z, y + R * 0.1, R * 0.8, R * 0.45, R * 0.8, 0, mat("plaster", [236, 190, 70])),
      );
      return { parts, r: R * 2 };
    }
    case "leaves": {
      const L = s * (0.16 + 0.1 * r());
      const green: RGB = r() < 0.5 ? [82, 128, 76] : [64, 108, 72];
      parts.push(
        ellipsoid(x, z, y, L, L * 0.08, L * 0.38, yaw, mat("plaster", green, 0.1, [110, 150, 96])),
      );
      return { parts, r: L * 0.5 };
    }
    case "branches": {
      const len = s * (0.45 + 0.2 * r());
      const c = Math.cos(yaw);
      const sn = Math.sin(yaw);
      parts.push(ellipsoid(x, z, y, len, s * 0.018, s * 0.018, yaw, mat("wood", [112, 82, 56])));
      for (let k = -2; k <= 2; k++) {
        const t = (k / 2.5) * len * 0.45;
        const side = k % 2 === 0 ? 1 : -1;
        const lx = x + c * t - sn * side * s * 0.04;
        const lz = z - sn * t - c * side * s * 0.04;
        parts.push(
          ellipsoid(
            lx,
            lz,
            y,
            s * 0.1,
            s * 0.012,
            s * 0.04,
            yaw + side * 0.7,
            mat("plaster", [92, 132, 84]),
          ),
        );
      }
      return { parts, r: len * 0.5 };
    }
    case "stones": {
      const w = s * (0.1 + 0.08 * r());
      const tone = 150 + Math.floor(r() * 70);
      parts.push(
        ellipsoid(
          x,
          z,
          y,
          w,
          w * (0.4 + 0.2 * r()),
          w * (0.7 + 0.2 * r()),
          yaw,
          mat("concrete", [tone, tone - 4, tone - 10], 0.05),
        ),
      );
      return { parts, r: w * 0.5 };
    }
    case "fruit": {
      const f = FRUIT[Math.floor(r() * FRUIT.length)]!;
      const R = s * f.r;
      parts.push(
        ellipsoid(x, z, y, R * 2 * f.stretch, R * 2, R * 2, yaw, mat("plaster", f.color, 0.18)),
      );
      return { parts, r: R * f.stretch };
    }
    case "water-drops": {
      const R = s * (0.008 + 0.012 * r());
      const c = m.surface;
      parts.push(
        ellipsoid(
          x,
          z,
          y,
          R * 2,
          R * 1.1,
          R * 2,
          0,
          mat(
            "acrylic",
            [Math.min(255, c[0] + 20), Math.min(255, c[1] + 20), Math.min(255, c[2] + 24)],
            0.7,
          ),
        ),
      );
      return { parts, r: R };
    }
    case "ice": {
      const e = s * (0.08 + 0.04 * r());
      parts.push(
        box(x, z, y, e, e * 0.9, e, mat("acrylic", [214, 234, 244], 0.6, [240, 250, 255])),
      );
      return { parts, r: e * 0.75 };
    }
    case "fabric": {
      const w = s * 1.3;
      parts.push(
        ellipsoid(x, z, y - s * 0.02, w, s * 0.06, w * 0.45, yaw, mat("linen", m.accent, 0.12)),
      );
      return { parts, r: w * 0.3 };
    }
    case "ribbons": {
      const seg = s * 0.12;
      let a = yaw;
      let px = x;
      let pz = z;
      for (let k = 0; k < 6; k++) {
        parts.push(
          ellipsoid(px, pz, y, seg * 1.3, s * 0.008, s * 0.035, a, mat("acrylic", m.accent, 0.25)),
        );
        px += Math.cos(a) * seg;
        pz -= Math.sin(a) * seg;
        a += (r() - 0.5) * 1.2;
      }
      return { parts, r: seg * 2 };
    }
    case "gift-boxes": {
      const e = s * (0.22 + 0.1 * r());
      const h = m.lying ? e * 0.5 : e * (0.75 + 0.3 * r());
      const wrap = mat("paper", m.accent, 0.05);
      const band: RGB = [246, 232, 200];
      parts.push(box(x, z, y, e, h, e, wrap));
      parts.push(box(x, z, y, e * 1.02, h * 1.01, e * 0.14, mat("acrylic", band, 0.2)));
      parts.push(box(x, z, y, e * 0.14, h * 1.01, e * 1.02, mat("acrylic", band, 0.2)));
      parts.push(
        ellipsoid(
          x - e * 0.12,
          z,
          y + h,
          e * 0.28,
          e * 0.12,
          e * 0.12,
          0.4,
          mat("acrylic", band, 0.2),
        ),
      );
      parts.push(
        ellipsoid(
          x + e * 0.12,
          z,
          y + h,
          e * 0.28,
          e * 0.12,
          e * 0.12,
          -0.4,
          mat("acrylic", band, 0.2),
        ),
      );
      return { parts, r: e * 0.72 };
    }
    case "books": {
      const w = s * 0.5;
      const d = s * 0.36;
      const covers: RGB[] = [
        [60, 80, 110],
        [196, 178, 150],
        [140, 60, 52],
        [232, 226, 214],
      ];
      let top = y;
      const n = 2 + Math.floor(r() * 2);
      for (let k = 0; k < n; k++) {
        const h = s * (0.045 + 0.025 * r());
        parts.push(
          box(
            x + (r() - 0.5) * s * 0.05,
            z + (r() - 0.5) * s * 0.04,
            top,
            w * (1 - k * 0.06),
            h,
            d * (1 - k * 0.05),
            mat("paper", covers[(k + Math.floor(r() * 4)) % 4]!),
          ),
        );
        top += h;
      }
      return { parts, r: w * 0.6 };
    }
    case "candles": {
      const R = s * (0.045 + 0.02 * r());
      const h = m.lying ? s * 0.03 : s * (0.12 + 0.12 * r());
      parts.push({
        kind: "cylinder",
        x,
        z,
        y0: y,
        radius: R,
        width: R * 2,
        depth: R * 2,
        height: h,
        material: mat("plaster", [242, 234, 218]),
      });
      parts.push({
        ...ellipsoid(
          x,
          z,
          y + h + s * 0.01,
          s * 0.018,
          s * 0.05,
          s * 0.018,
          0,
          mat("plaster", [255, 200, 120]),
        ),
        glow: [255, 196, 120],
        glowReach: s * 0.6,
      });
      return { parts, r: R * 1.3 };
    }
    case "fairy-lights":
      // placed by the arranger as a string (see arrange.ts); one bulb here
      parts.push(bulb(x, z, y, s * 0.012, [255, 216, 150]));
      return { parts, r: s * 0.015 };
    case "shells": {
      const w = s * (0.07 + 0.05 * r());
      const tone: RGB = r() < 0.5 ? [244, 226, 210] : [238, 200, 190];
      parts.push(ellipsoid(x, z, y, w, w * 0.4, w * 0.8, yaw, mat("plaster", tone, 0.2)));
      return { parts, r: w * 0.5 };
    }
    case "pine-cones": {
      const w = s * (0.1 + 0.05 * r());
      parts.push(
        ellipsoid(x, z, y, w * 1.5, w, w, yaw, mat("wood", [118, 80, 50], 0, [84, 56, 36])),
      );
      return { parts, r: w * 0.75 };
    }
    case "coffee-beans": {
      const w = s * 0.028;
      parts.push(ellipsoid(x, z, y, w * 1.3, w * 0.6, w, yaw, mat("plaster", [78, 48, 32], 0.25)));
      return { parts, r: w * 0.7 };
    }
  }
}
