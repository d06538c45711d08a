// Where the named props go: around the product on the surface it stands on (a flat lay's
// ring around the product, or beside and behind a standing product), never over it, inside
// the frame, a few of each. Deterministic: every choice comes from the plan's PRNG.
import type { PropPlan } from "../../render/set-plan.types.ts";
import type { RGB } from "../../types.ts";
import type { PropWord } from "../brief-words.ts";
import { model } from "./models.ts";

export interface ArrangeInput {
  things: PropWord[];
  lying: boolean;
  product: { width: number; height: number; depth: number };
  /** footprints already taken on the floor (stage props), x/z centre and radius */
  taken: { x: number; z: number; r: number }[];
  /** half the visible width and depth of the surface around the product */
  halfWidth: number;
  halfDepth: number;
  /** z of the back of the set (wall, sweep or far scenery) */
  backZ: number;
  /** distance from the camera to the product: the frame widens behind it */
  camDist: number;
  /** the preferred side for larger props: -1 left, +1 right */
  side: number;
  accent: RGB;
  surface: RGB;
  /** real-world size of the props against the product (1: as tuned; 0.1: a car's flowers) */
  scale?: number;
  rand: () => number;
}

/** how many of each (min, max); small scattered things come in numbers */
const COUNT: Record<PropWord, [number, number]> = {
  flowers: [3, 5],
  leaves: [4, 7],
  branches: [1, 2],
  stones: [3, 5],
  fruit: [2, 4],
  "water-drops": [14, 22],
  ice: [3, 5],
  fabric: [1, 1],
  ribbons: [1, 1],
  "gift-boxes": [1, 2],
  books: [1, 1],
  candles: [1, 3],
  "fairy-lights": [0, 0],
  shells: [3, 5],
  "pine-cones": [2, 4],
  "coffee-beans": [12, 18],
};
/** low things may sit in front of a standing product without hiding it */
const LOW = new Set<PropWord>([
  "water-drops",
  "coffee-beans",
  "leaves",
  "flowers",
  "shells",
  "ribbons",
]);
const MAX_PARTS = 110;
const SHRINK = [1, 0.8, 0.62, 0.45];

export function arrangeThings(inp: ArrangeInput): PropPlan[] {
  const { things, lying, product: p, rand: r } = inp;
  const out: PropPlan[] = [];
  const taken = [...inp.taken];
  // props are sized against the product: larger when it stands (the camera sees a deeper set)
  const s = Math.max(p.width, p.height) * (lying ? 1 : 1.5) * (inp.scale ?? 1);
  // the product's own footprint: on the floor when standing, the whole photo when lying
  const pw = p.width / 2 + s * 0.03;
  const pd = lying ? p.height / 2 + s * 0.03 : p.depth / 2 + s * 0.03;
  const inProduct = (x: number, z: number, rad: number) =>
    Math.abs(x) < pw + rad && Math.abs(z) < pd + rad;
  const fabric = things.includes("fabric");
  for (const word of things) {
    if (word === "fairy-lights") {
      out.push(...fairyLights(inp, s).map((part) => ({ ...part, thing: word })));
      continue;
    }
    const [lo, hi] = COUNT[word];
    const n = lo + Math.floor(r() * (hi - lo + 1));
    for (let k = 0; k < n && out.length < MAX_PARTS; k++) {
      // the first of each named thing must find room: every 8 refusals it gets smaller, and
      // at the end it may come to the front (a close crop leaves room nowhere else)
      const tries = k === 0 ? 32 : 16;
      for (let attempt = 0; attempt < tries; attempt++) {
        const sk = s * SHRINK[attempt >> 3]!;
        // the preferred side may be full (a second stage): later tries use both sides
        const flip = attempt >= 12 && attempt % 2 === 1;
        const pos = lying
          ? spotAround(inp, r)
          : spotBeside(inp, word, k, r, sk, flip, attempt >= 20);
        const built = model(word, {
          x: pos.x,
          z: pos.z,
          y:
            word === "fabric" || (fabric && word !== "water-drops")
              ? word === "fabric"
                ? 0
                : 0.01 * sk
              : 0,
          s: sk,
          yaw: r() * Math.PI * 2,
          rand: r,
          accent: inp.accent,
          surface: inp.surface,
          lying,
        });
        if (word === "fabric") {
          out.unshift(...built.parts.map((part) => ({ ...part, thing: word })));
          break;
        }
        const small = word === "water-drops" || word === "coffee-beans";
        if (!small && inProduct(pos.x, pos.z, built.r)) continue;
        if (!lying && !LOW.has(word) && pos.z < -pd && attempt < 24) continue;
        const hw = lying ? inp.halfWidth : inp.halfWidth * (1 + pos.z / inp.camDist);
        if (Math.abs(pos.x) + built.r > hw * 0.98) continue;
        if (lying && Math.abs(pos.z) + built.r > inp.halfDepth * 0.98) continue;
        if (
          !small &&
          taken.some((t) => (t.x - pos.x) ** 2 + (t.z - pos.z) ** 2 < (t.r + built.r) ** 2)
        )
          continue;
        if (!small) taken.push({ x: pos.x, z: pos.z, r: built.r });
        out.push(...built.parts.map((part) => ({ ...part, thing: word })));
        break;
      }
    }
  }
  return out.slice(0, MAX_PARTS);
}

/** anywhere on the visible surface (the product's rectangle is refused by the caller) */
function spotAround(inp: ArrangeInput, r: () => number) {
  return { x: (r() * 2 - 1) * inp.halfWidth * 0.9, z: (r() * 2 - 1) * inp.halfDepth * 0.9 };
}

/**
 * Beside and behind a standing product, where the frame widens with distance: big things
 * behind and to the sides (alternating, more towards `side`), low things also in front.
 */
function spotBeside(
  inp: ArrangeInput,
  word: PropWord,
  k: number,
  r: () => number,
  s: number,
  flip: boolean,
  /** the last tries: deep behind the product, anywhere across, where a crowded set has room */
  deep = false,
) {
  const p = inp.product;
  const side = (k % 3 === 2) !== flip ? -inp.side : inp.side;
  const low = LOW.has(word);
  const back = Math.min(inp.backZ - 0.25, Math.max(1.4 * s, 1.2));
  if (deep) {
    const z = Math.max(p.depth / 2, back * (0.55 + 0.45 * r()));
    const hw = inp.halfWidth * (1 + z / inp.camDist);
    return { x: side * r() * hw * 0.85, z };
  }
  const z =
    low && r() < 0.5
      ? -0.4 * s + r() * (p.depth / 2 + 0.4 * s)
      : p.depth / 2 + r() * Math.max(0.05, back - p.depth / 2);
  const hw = inp.halfWidth * (1 + z / inp.camDist);
  const near = p.width * 0.35;
  const x = side * (near + r() * Math.max(0.05, hw * 0.92 - near));
  return { x, z };
}

/** a string of bulbs: draped behind a standing product (bokeh), or wandering across a flat lay */
function fairyLights(inp: ArrangeInput, s: number): PropPlan[] {
  const { rand: r } = inp;
  const bulbs: PropPlan[] = [];
  const bulb = (x: number, z: number, y: number, rad: number): PropPlan => ({
    kind: "sphere",
    x,
    z,
    y0: y,
    radius: rad,
    width: rad * 2,
    depth: rad * 2,
    height: rad * 2,
    material: {
      kind: "plaster",
      color: [255, 216, 150],
      accent: [255, 216, 150],
      scale: 1,
      gloss: 0,
    },
    glow: [255, 214, 150],
  });
  if (inp.lying) {
    const n = 16;
    const a = r() * Math.PI;
    for (let k = 0; k < n; k++) {
      const t = (k / (n - 1)) * 2 - 1;
      const x = Math.cos(a) * t * inp.halfWidth * 0.95 + Math.sin(t * 5) * s * 0.08;
      const z = Math.sin(a) * t * inp.halfDepth * 0.95 + Math.cos(t * 4) * s * 0.08;
      if (
        Math.abs(x) < inp.product.width / 2 + s * 0.05 &&
        Math.abs(z) < inp.product.height / 2 + s * 0.05
      )
        continue;
      bulbs.push(bulb(x, z, 0, s * 0.022));
    }
    return bulbs;
  }
  // two drooping strings across the back of the set, out of focus
  const z0 = Math.max(0.8, Math.min(inp.backZ - 0.1, 3));
  for (let row = 0; row < 2; row++) {
    const n = 20;
    const top = inp.product.height * (1.25 + row * 0.35) + r() * 0.2;
    const span = inp.halfWidth * (1.6 + z0 * 0.3);
    for (let k = 0; k < n; k++) {
      const t = (k / (n - 1)) * 2 - 1;
      const y = top - 0.25 * (1 - t * t) - row * 0.1;
      bulbs.push(bulb(t * span, z0 + row * 0.3, y, s * 0.02));
    }
  }
  return bulbs;
}
