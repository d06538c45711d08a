// The scene planner: prompt + product + template + seed → N scene plans. Deterministic:
// every choice comes from a PRNG seeded by (seed, variant). Variants change layout, props,
// light side and camera, not only colour.
import { rng } from "../render/noise.ts";
import type { SetPlan } from "../render/set-plan.types.ts";
import type { PlanRequest } from "../types.ts";
import { buildLayout } from "./layouts.ts";
import { type Harmony, makePalette } from "./palette.ts";
import { type Intent, parsePrompt } from "./parse-prompt.ts";
import { planLight } from "./plan-light.ts";
import { rankTemplates } from "./rank-templates.ts";
import { resolveMaterials, skyFor } from "./resolve-materials.ts";
import type { LayoutKind, TemplateDef } from "./template.types.ts";
import { findTemplate } from "./templates.ts";
import { validateRequest } from "./validate-request.ts";

const FAMILY: Record<LayoutKind, LayoutKind[]> = {
  podium: ["podium", "tiered", "duo"],
  tiered: ["tiered", "podium"],
  duo: ["duo", "podium"],
  plinth: ["plinth", "steps"],
  steps: ["steps", "plinth"],
  slab: ["slab"],
  arch: ["arch"],
  floor: ["floor"],
};

const HARMONIES: Harmony[] = ["complement", "analogous", "split"];

export function planScenes(req: PlanRequest): SetPlan[] {
  validateRequest(req);
  const intent = parsePrompt(req.prompt);
  const fixed = req.templateId ? findTemplate(req.templateId) : undefined;
  if (req.templateId && !fixed) throw new RangeError(`unknown template "${req.templateId}"`);
  const candidates = fixed ? [fixed] : rankTemplates(intent, req.product, req.seed, req.count);
  const plans: SetPlan[] = [];
  const seen = new Map<string, number>();
  for (let v = 0; v < req.count; v++) {
    const tpl = candidates[v % candidates.length]!;
    const nth = seen.get(tpl.id) ?? 0;
    seen.set(tpl.id, nth + 1);
    plans.push(planOne(req, intent, tpl, v, nth));
  }
  return plans;
}

function planOne(
  req: PlanRequest,
  intent: Intent,
  tpl: TemplateDef,
  variant: number,
  nth: number,
): SetPlan {
  const seed = (Math.imul(req.seed >>> 0, 2654435761) + variant * 40503) >>> 0;
  const r = rng(seed);
  const ar = req.product.aspectRatio;
  // the product's box in world units: its larger side is 1
  const height = ar <= 1 ? 1 : 1 / ar;
  const width = ar * height;
  const depth = Math.min(width, 0.7) * 0.75;
  const frameAspect = req.width / req.height;
  const palette = makePalette(
    req.product.colors,
    intent.colors,
    HARMONIES[(variant + req.seed) % 3]!,
    r(),
  );
  const layout = chooseLayout(tpl, intent, ar, req.seed, nth);
  const fill = clamp(
    (frameAspect < 0.7 ? 0.46 : frameAspect > 1.2 ? 0.52 : 0.5) -
      (layout === "floor" ? 0 : 0.03) +
      (r() - 0.5) * 0.06,
    0.36,
    0.62,
  );
  // beside-the-product props go on the side with more room
  const offset = frameAspect > 1.2 ? (nth % 2 === 0 ? -0.1 : 0.1) : 0;
  const side = offset !== 0 ? -Math.sign(offset) : nth % 2 === 0 ? 1 : -1;
  const halfWidth = ((frameAspect * height) / (2 * fill)) * (1 - Math.abs(offset));
  const backdrop = tpl.backdrop;
  const wallZ =
    backdrop === "wall" ? between(r, 1.1, 1.6) * Math.max(1, height) : between(r, 2.4, 3.0);
  const sweepRadius = 1.1;
  const backZ = backdrop === "sweep" ? wallZ - sweepRadius : backdrop === "wall" ? wallZ : 6;
  const mats = resolveMaterials(tpl, intent, palette);
  const propCount = clampInt(
    between(r, tpl.props[0], tpl.props[1] + 0.999) +
      (intent.mood === "playful" ? 1 : 0) -
      (intent.mood === "minimal" ? 1 : 0),
    intent.props.length,
    3,
  );
  const built = buildLayout({
    layout,
    product: { width, height, depth },
    stage: mats.stage,
    prop: mats.prop,
    wall: mats.wall,
    side,
    halfWidth,
    backZ,
    propCount,
    wantSphere: intent.props.includes("sphere"),
    wantBox: intent.props.includes("box"),
    rand: r,
  });
  if (tpl.neon) {
    const aw = Math.max(0.8, width * 2);
    const ah = Math.max(aw * 0.75, height * 1.1 + built.stageTop);
    built.props.push({
      kind: "arch",
      x: side * 0.12,
      z: wallZ - 0.01,
      y0: 0.08,
      radius: aw / 2,
      width: aw,
      depth: 0,
      height: ah,
      material: mats.prop,
      emissive: intent.colors[0] ?? tpl.neon,
    });
  }
  const light = planLight(tpl, intent, variant, nth, req.seed, r);
  const pitchBase = ar < 0.6 ? 7 : ar > 1.4 ? 22 : 13;
  return {
    templateId: tpl.id,
    variant,
    seed: req.seed,
    width: req.width,
    height: req.height,
    layout,
    mood: intent.mood ?? tpl.tags[0] ?? "studio",
    backdrop,
    wallZ,
    sweepRadius,
    floor: mats.floor,
    wall: mats.wall,
    ...(tpl.outdoor ? { outdoor: skyFor(tpl.outdoor, intent.time) } : {}),
    props: built.props,
    stageTop: built.stageTop,
    productSize: { width, height, depth },
    light,
    camera: {
      pitchDeg: clamp(
        pitchBase +
          (layout === "floor" || layout === "slab" ? 6 : 0) +
          (backdrop === "wall" ? 4 : 0) +
          between(r, -3, 5),
        3,
        34,
      ),
      fovDeg: between(r, 26, 34),
      baseX: 0.5 + offset,
      // leave room under the base for the stage's front face, and headroom above the product
      baseY: clamp(
        0.9 - (built.stageTop / height) * fill * 1.15 - 0.04 + (r() - 0.5) * 0.04,
        fill + 0.08,
        0.86,
      ),
      fill,
      aperture: clamp(
        tpl.aperture + (intent.mood === "minimal" ? -0.1 : 0) + (r() - 0.5) * 0.1,
        0,
        1,
      ),
    },
    exposure: (tpl.exposure ?? 1) * (intent.mood === "fresh" ? 1.06 : 1),
    vignette: clamp((tpl.vignette ?? 0.2) + (intent.mood === "dramatic" ? 0.2 : 0), 0, 0.6),
  };
}

function chooseLayout(
  tpl: TemplateDef,
  intent: Intent,
  ar: number,
  seed: number,
  nth: number,
): LayoutKind {
  // a staging word asks for a family of layouts, so variants still differ
  const asked = intent.layouts
    .flatMap((l) => FAMILY[l])
    .filter((l, i, all) => all.indexOf(l) === i && (l !== "arch" || tpl.backdrop !== "outdoor"));
  if (asked.length) return asked[nth % asked.length]!;
  // tall products look best raised; wide and flat ones on a surface or a slab
  const prefer = (l: LayoutKind) =>
    ar < 0.75
      ? l === "floor" || l === "slab"
        ? 1
        : 0
      : ar > 1.4
        ? l === "podium" || l === "tiered" || l === "steps"
          ? 1
          : 0
        : 0;
  const ordered = [...tpl.layouts].sort((a, b) => prefer(a) - prefer(b));
  return ordered[(nth + (seed % ordered.length)) % ordered.length]!;
}

const between = (r: () => number, a: number, b: number) => a + (b - a) * r();
const clamp = (v: number, a: number, b: number) => Math.min(b, Math.max(a, v));
const clampInt = (v: number, a: number, b: number) => Math.min(b, Math.max(a, Math.floor(v)));
