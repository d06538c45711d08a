// The scene planner: prompt + product + template + seed → N scene plans. Deterministic:
// every choice comes from a PRNG seeded by (seed, variant). Variants change layout, props,
// light side and camera, not only colour.
import { rng } from "../render/noise.ts";
import type { LightPlan, MaterialSpec, OutdoorPlan, SetPlan } from "../render/set-plan.types.ts";
import type { PlanRequest, RGB } from "../types.ts";
import { buildLayout } from "./layouts.ts";
import { type Harmony, hslToRgb, makePalette, type Palette, rgbToHsl } from "./palette.ts";
import { type Intent, parsePrompt } from "./parse-prompt.ts";
import { rankTemplates } from "./rank-templates.ts";
import type { ColorRecipe, LayoutKind, MaterialRecipe, TemplateDef } from "./template.types.ts";
import { findTemplate } from "./templates.ts";
import { validateRequest } from "./validate-request.ts";

/** default look of each material when the prompt names it over a template's own surface */
const MATERIAL_DEFAULTS: Record<MaterialSpec["kind"], Omit<MaterialSpec, "kind">> = {
  paper: { color: [240, 238, 235], accent: [220, 218, 215], scale: 1, gloss: 0 },
  plaster: { color: [228, 220, 208], accent: [200, 190, 178], scale: 2, gloss: 0 },
  marble: { color: [238, 236, 232], accent: [128, 126, 124], scale: 0.8, gloss: 0.22 },
  wood: { color: [196, 156, 112], accent: [138, 98, 62], scale: 0.5, gloss: 0.06 },
  concrete: { color: [176, 174, 170], accent: [146, 144, 140], scale: 1.2, gloss: 0 },
  terrazzo: { color: [236, 230, 222], accent: [214, 120, 96], scale: 0.22, gloss: 0.12 },
  linen: { color: [222, 210, 190], accent: [196, 182, 160], scale: 1, gloss: 0 },
  sand: { color: [222, 198, 160], accent: [200, 172, 130], scale: 0.4, gloss: 0 },
  metal: { color: [160, 162, 166], accent: [120, 122, 126], scale: 0.3, gloss: 0.25 },
  acrylic: { color: [240, 240, 242], accent: [200, 200, 205], scale: 1, gloss: 0.4 },
  water: { color: [120, 190, 206], accent: [220, 246, 250], scale: 0.9, gloss: 0.45 },
};

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
const AZIMUTHS = [-58, 62, -72, 48, -45, 70];

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

function planLight(
  tpl: TemplateDef,
  intent: Intent,
  variant: number,
  nth: number,
  seed: number,
  r: () => number,
): LightPlan {
  const t = tpl.light;
  const az = AZIMUTHS[(nth + seed) % AZIMUTHS.length]!;
  const light: LightPlan = {
    azimuthDeg:
      Math.sign(t.azimuth || 1) * Math.sign(az) * Math.abs(t.azimuth * 0.5 + az * 0.5) +
      between(r, -6, 6),
    elevationDeg: clamp(t.elevation + between(r, -8, 8) + (variant % 2 ? 6 : 0), 12, 75),
    softness: clamp(t.softness + between(r, -0.1, 0.1), 0.05, 0.95),
    temperatureK: t.kelvin,
    intensity: t.intensity,
    ambient: t.ambient,
    gobo: intent.gobo ?? t.gobo,
    glow: t.glow,
    ...(t.rim ? { rim: t.rim } : {}),
  };
  switch (intent.time) {
    case "golden":
      Object.assign(light, {
        temperatureK: 3000,
        elevationDeg: between(r, 14, 22),
        softness: 0.12,
        intensity: 1.55,
        ambient: Math.min(light.ambient, 0.32),
      });
      if (light.gobo === "none") light.gobo = variant % 2 ? "leaves" : "window";
      break;
    case "morning":
      Object.assign(light, { temperatureK: 5400, elevationDeg: between(r, 25, 35), softness: 0.2 });
      if (light.gobo === "none") light.gobo = "blinds";
      break;
    case "noon":
      Object.assign(light, {
        temperatureK: 5800,
        elevationDeg: between(r, 60, 72),
        softness: 0.08,
        intensity: 1.35,
      });
      break;
    case "night":
      Object.assign(light, {
        temperatureK: 6800,
        intensity: Math.min(light.intensity, 0.5),
        ambient: Math.min(light.ambient, 0.14),
      });
      light.rim ??= [
        [255, 60, 170],
        [60, 190, 255],
      ];
      break;
  }
  if (intent.mood === "dramatic")
    Object.assign(light, {
      softness: 0.15,
      ambient: light.ambient * 0.55,
      intensity: light.intensity * 1.15,
    });
  if (intent.mood === "soft" || intent.mood === "minimal")
    light.softness = clamp(light.softness + 0.2, 0, 0.9);
  if (intent.mood === "cozy") light.temperatureK = Math.min(light.temperatureK, 3800);
  if (intent.mood === "fresh") light.temperatureK = Math.max(light.temperatureK, 5800);
  return light;
}

function resolveMaterials(tpl: TemplateDef, intent: Intent, pal: Palette) {
  const floor = resolve(tpl.floor, pal);
  const wall = resolve(tpl.wall, pal);
  const stage = resolve(tpl.stage, pal);
  const prop = resolve(tpl.prop, pal);
  // materials named in the prompt replace the template's: first the floor, then the stage
  const [m0, m1] = intent.materials;
  const named = (kind: MaterialSpec["kind"]): MaterialSpec => ({
    kind,
    ...MATERIAL_DEFAULTS[kind],
  });
  const out = { floor, wall, stage, prop };
  if (m0 && floor.kind !== m0 && stage.kind !== m0) {
    if (tpl.backdrop === "sweep" && m0 !== "water" && m0 !== "sand") out.stage = named(m0);
    else out.floor = named(m0);
  }
  if (m1 && out.stage.kind !== m1 && out.floor.kind !== m1) out.stage = named(m1);
  // a sweep is one sheet: the floor follows the wall when the template says so
  if (tpl.backdrop === "sweep" && tpl.floor.kind === tpl.wall.kind && out.floor === floor)
    out.floor = { ...out.wall };
  // a named colour tints the backdrop of fixed-colour templates too
  const c = intent.colors[0];
  if (c && typeof tpl.wall.color !== "string")
    out.wall = { ...out.wall, color: tint(out.wall.color, c) };
  if (
    c &&
    tpl.backdrop === "sweep" &&
    typeof tpl.floor.color !== "string" &&
    out.floor.kind === out.wall.kind
  )
    out.floor = { ...out.wall };
  return out;
}

/** the sky follows the time of day the prompt asks for */
function skyFor(o: OutdoorPlan, time: Intent["time"]): OutdoorPlan {
  if (time === "golden") return { ...o, skyTop: [214, 150, 128], skyHorizon: [252, 204, 150] };
  if (time === "night") return { ...o, skyTop: [14, 18, 40], skyHorizon: [52, 46, 86] };
  return o;
}

function tint(base: RGB, named: RGB): RGB {
  // the named colour's hue on the template's own lightness (pulled into a range where a
  // colour can show), so a dark template stays dark and a red wall stays red
  const [, sb, lb] = rgbToHsl(base);
  const [hn, sn] = rgbToHsl(named);
  if (sn < 0.12) return base;
  return hslToRgb(hn, Math.max(sb, Math.min(0.55, sn)), Math.min(0.84, Math.max(0.2, lb)));
}

function resolve(m: MaterialRecipe, pal: Palette): MaterialSpec {
  const color = pick(m.color ?? [200, 200, 200], pal);
  const accent = pick(m.accent ?? shade(color), pal);
  return { kind: m.kind, color, accent, scale: m.scale ?? 1, gloss: m.gloss ?? 0 };
}

function pick(c: ColorRecipe, pal: Palette): RGB {
  return typeof c === "string" ? pal[c] : c;
}

function shade(c: ColorRecipe): ColorRecipe {
  return typeof c === "string"
    ? c
    : [Math.round(c[0] * 0.8), Math.round(c[1] * 0.8), Math.round(c[2] * 0.8)];
}

const between = (r: () => number, a: number, b: number) => a + (b - a) * r();
const clamp = (v: number, a: number, b: number) => Math.min(b, Math.max(a, v));
const clampInt = (v: number, a: number, b: number) => Math.min(b, Math.max(a, Math.floor(v)));
