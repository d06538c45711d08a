// Builds the set's geometry for a layout: what the product stands on and where the
// decorative props go. Rule that keeps the compositor safe: a prop is either behind the
// product (its front beyond the product's back) or clear of the product's width.
import type { MaterialSpec, PropPlan } from "../render/set-plan.types.ts";
import type { LayoutKind } from "./template.types.ts";

export interface LayoutInput {
  layout: LayoutKind;
  product: { width: number; height: number; depth: number };
  stage: MaterialSpec;
  prop: MaterialSpec;
  /** arches are tone-on-tone with the wall they stand against */
  wall: MaterialSpec;
  /** which side the decoration goes to: -1 left, +1 right */
  side: number;
  /** half the visible width of the frame at the product's depth (world units) */
  halfWidth: number;
  /** z where the floor ends (sweep curve or wall) */
  backZ: number;
  propCount: number;
  wantSphere: boolean;
  wantBox: boolean;
  rand: () => number;
}

export interface LayoutResult {
  props: PropPlan[];
  stageTop: number;
}

const between = (r: () => number, a: number, b: number) => a + (b - a) * r();

function cylinder(
  x: number,
  z: number,
  y0: number,
  radius: number,
  height: number,
  material: MaterialSpec,
  stage = false,
): PropPlan {
  return {
    kind: "cylinder",
    x,
    z,
    y0,
    radius,
    width: radius * 2,
    depth: radius * 2,
    height,
    material,
    stage,
  };
}

function box(
  x: number,
  z: number,
  y0: number,
  width: number,
  depth: number,
  height: number,
  material: MaterialSpec,
  stage = false,
): PropPlan {
  return {
    kind: "box",
    x,
    z,
    y0,
    radius: Math.max(width, depth) / 2,
    width,
    depth,
    height,
    material,
    stage,
  };
}

function sphere(
  x: number,
  z: number,
  y0: number,
  radius: number,
  material: MaterialSpec,
): PropPlan {
  return {
    kind: "sphere",
    x,
    z,
    y0,
    radius,
    width: radius * 2,
    depth: radius * 2,
    height: radius * 2,
    material,
  };
}

function toneOnTone(m: MaterialSpec): MaterialSpec {
  const [r, g, b] = m.color;
  const k = (r + g + b) / 3 > 128 ? 0.9 : 1.25;
  const c = (v: number) => Math.min(255, Math.round(v * k));
  return {
    kind: m.kind === "paper" ? "plaster" : m.kind,
    color: [c(r), c(g), c(b)],
    accent: m.accent,
    scale: m.scale,
    gloss: 0,
  };
}

export function buildLayout(inp: LayoutInput): LayoutResult {
  const { product: p, stage, prop, side, rand: r } = inp;
  const props: PropPlan[] = [];
  const base = Math.max(p.width, p.depth);
  const podR = Math.max(0.26, base * 0.62 + 0.06);
  let stageTop = 0;
  // half width of whatever the product stands on, to keep decoration clear of it
  let stageHalf = p.width / 2;
  switch (inp.layout) {
    case "podium": {
      stageTop = between(r, 0.16, 0.34);
      props.push(cylinder(0, 0, 0, podR, stageTop, stage, true));
      stageHalf = podR;
      break;
    }
    case "tiered": {
      const low = between(r, 0.08, 0.12);
      const high = between(r, 0.14, 0.22);
      props.push(cylinder(0, 0.05, 0, podR * 1.45, low, stage));
      props.push(cylinder(0, 0, low, podR, high, stage, true));
      stageTop = low + high;
      stageHalf = podR * 1.45;
      break;
    }
    case "plinth": {
      const w = Math.max(p.width * 1.3, 0.5);
      stageTop = between(r, 0.28, 0.5);
      props.push(box(0, 0.06, 0, w, Math.max(p.depth * 1.6, 0.5), stageTop, stage, true));
      stageHalf = w / 2;
      break;
    }
    case "steps": {
      const w = Math.max(p.width * 1.3, 0.5);
      const d = Math.max(p.depth * 1.5, 0.55);
      stageTop = between(r, 0.26, 0.36);
      props.push(box(0, 0.08, 0, w, d, stageTop, stage, true));
      const w2 = w * 0.75;
      props.push(
        box(
          side * (w / 2 + w2 / 2),
          0.08 + d * 0.25,
          0,
          w2,
          d,
          stageTop + between(r, 0.22, 0.32),
          stage,
        ),
      );
      props.push(box(-side * (w / 2 + w2 / 2), 0.08 - d * 0.15, 0, w2, d, stageTop * 0.45, stage));
      stageHalf = w / 2 + w2;
      break;
    }
    case "slab": {
      const w = Math.max(p.width * 1.7, 0.75);
      stageTop = between(r, 0.035, 0.06);
      props.push(box(0, 0.05, 0, w, Math.max(p.depth * 2, 0.55), stageTop, stage, true));
      stageHalf = w / 2;
      break;
    }
    case "arch": {
      stageTop = between(r, 0.08, 0.14);
      props.push(cylinder(0, 0, 0, podR * 1.1, stageTop, stage, true));
      stageHalf = podR * 1.1;
      const aw = Math.max(p.width * 2.3, 0.95, podR * 2.8);
      const ah = Math.max(p.height * 1.9 + stageTop, aw * 1.35);
      props.push({
        kind: "arch",
        x: side * 0.08,
        z: inp.backZ - 0.03,
        y0: 0,
        radius: aw / 2,
        width: aw,
        depth: 0.06,
        height: ah,
        material: toneOnTone(inp.wall),
      });
      break;
    }
    case "duo": {
      stageTop = between(r, 0.14, 0.28);
      props.push(cylinder(0, 0, 0, podR, stageTop, stage, true));
      const r2 = podR * between(r, 0.7, 0.9);
      props.push(
        cylinder(
          side * (podR * 0.55 + r2),
          podR + r2 * 0.6,
          0,
          r2,
          stageTop + between(r, 0.3, 0.5) * p.height,
          prop,
        ),
      );
      stageHalf = podR;
      break;
    }
    case "floor":
      break;
  }
  decorate(inp, props, stageHalf);
  return { props, stageTop };
}

/** spheres, blocks and a tall cylinder placed beside or behind, never in front of the product */
function decorate(inp: LayoutInput, props: PropPlan[], stageHalf: number): void {
  const { product: p, prop, side, rand: r, halfWidth } = inp;
  const kinds: ("sphere" | "box" | "tower")[] = [];
  if (inp.wantSphere) kinds.push("sphere");
  if (inp.wantBox) kinds.push("box");
  const pool: ("sphere" | "box" | "tower")[] = ["sphere", "tower", "box", "sphere"];
  const start = Math.floor(r() * pool.length);
  for (let i = 0; kinds.length < inp.propCount && i < pool.length; i++)
    kinds.push(pool[(start + i) % pool.length]!);
  let sideNow = side;
  for (const kind of kinds.slice(0, inp.propCount)) {
    const gap = 0.05 + r() * 0.08;
    if (kind === "sphere") {
      const rad = between(r, 0.07, 0.14) * Math.max(0.8, p.height);
      const x = sideNow * (stageHalf + gap + rad);
      if (Math.abs(x) + rad > halfWidth * 0.98) {
        // no room beside: rest it on the floor behind the product instead
        props.push(
          sphere(
            sideNow * between(r, 0.1, 0.35),
            p.depth / 2 + rad + between(r, 0.25, 0.5),
            0,
            rad,
            prop,
          ),
        );
      } else props.push(sphere(x, between(r, -0.15, 0.25), 0, rad, prop));
    } else if (kind === "box") {
      const s = between(r, 0.14, 0.24);
      const x = sideNow * (stageHalf + gap + s / 2);
      if (Math.abs(x) + s / 2 > halfWidth * 0.98) continue;
      props.push(box(x, between(r, 0, 0.3), 0, s, s, s * between(r, 0.8, 1.6), prop));
    } else {
      const rad = between(r, 0.16, 0.28);
      const z = Math.max(p.depth / 2, stageHalf * 0.5) + rad + between(r, 0.3, 0.6);
      if (z + rad > inp.backZ) continue;
      const x =
        sideNow *
        Math.min(
          halfWidth * 0.85 - rad,
          Math.max(stageHalf * 0.8, p.width / 2 + 0.1) + rad + between(r, 0, 0.2),
        );
      props.push(cylinder(x, z, 0, rad, between(r, 0.5, 1.0) * Math.max(0.8, p.height), prop));
    }
    sideNow = r() < 0.6 ? -sideNow : sideNow;
  }
}
