// Template material recipes → concrete materials: palette roles filled, materials named in the
// prompt swapped in, named colours tinting the backdrop, the sky following the time of day.
import type { MaterialSpec, OutdoorPlan } from "../render/set-plan.types.ts";
import type { RGB } from "../types.ts";
import { hslToRgb, type Palette, rgbToHsl } from "./palette.ts";
import type { Intent } from "./parse-prompt.ts";
import type { ColorRecipe, MaterialRecipe, TemplateDef } from "./template.types.ts";

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
  asphalt: { color: [74, 74, 76], accent: [52, 52, 56], scale: 0.5, gloss: 0.04 },
  metal: { color: [160, 162, 166], accent: [120, 122, 126], scale: 0.3, gloss: 0.25 },
  acrylic: { color: [240, 240, 242], accent: [200, 200, 205], scale: 1, gloss: 0.4 },
  water: { color: [120, 190, 206], accent: [220, 246, 250], scale: 0.9, gloss: 0.45 },
  scan: { color: [255, 255, 255], accent: [255, 255, 255], scale: 1, gloss: 0 },
};

export function resolveMaterials(tpl: TemplateDef, intent: Intent, pal: Palette) {
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
    if (tpl.backdrop === "sweep" && m0 !== "water" && m0 !== "sand" && m0 !== "asphalt")
      out.stage = named(m0);
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
export function skyFor(o: OutdoorPlan, time: Intent["time"]): OutdoorPlan {
  // the sea mirrors the sky: warm and bright at sunset, ink blue at night
  if (time === "golden")
    return {
      ...o,
      // dusk overhead, fire at the horizon: the sea mirrors the darker sky above and shines
      // only near the horizon, so it reads as water, not as more sand
      skyTop: [118, 96, 142],
      skyHorizon: [252, 196, 140],
      ...(o.sea
        ? { sea: { ...o.sea, color: [30, 40, 72], accent: [70, 80, 120], gloss: 0.9 } }
        : {}),
    };
  if (time === "night")
    return {
      ...o,
      skyTop: [14, 18, 40],
      skyHorizon: [52, 46, 86],
      ...(o.sea ? { sea: { ...o.sea, color: [18, 28, 56], accent: [60, 70, 110] } } : {}),
    };
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
