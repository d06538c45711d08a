// An outdoor template's scenery made to fit the brief and the variant: its bands move (so the
// four shots do not share one tree line), snow settles on them when asked, and at night the
// windows and the lights come on.
import type { OutdoorPlan, SceneryLayer } from "../render/set-plan.types.ts";
import type { Intent } from "./parse-prompt.ts";

export function dressOutdoor(o: OutdoorPlan, intent: Intent, variant: number): OutdoorPlan {
  const night = intent.time === "night";
  const lights = intent.things.includes("fairy-lights") || intent.holiday === "christmas";
  const layers: SceneryLayer[] = (o.layers ?? []).map((l) => ({
    ...l,
    seed: l.seed * 31 + variant * 7,
    ...(intent.snow ? { snow: true } : {}),
    ...(night
      ? {
          color: dim(l.color, 0.35),
          accent: dim(l.accent, 0.4),
          ...(l.kind === "buildings" ? { lights: [255, 206, 140] as const } : {}),
        }
      : {}),
  }));
  // festive or city nights: a plane of far lights the lens turns into bokeh
  if (night && (lights || layers.some((l) => l.kind === "buildings")))
    layers.push({
      kind: "bokeh",
      z: 5,
      height: 2.4,
      color: [255, 210, 150],
      accent: [255, 210, 150],
      lights: lights ? [255, 214, 150] : [255, 190, 120],
      seed: 17 + variant,
    });
  // the renderer takes the first band a ray meets: nearest first
  layers.sort((a, b) => a.z - b.z);
  return { ...o, layers };
}

const dim = (c: readonly [number, number, number], k: number) =>
  [Math.round(c[0] * k), Math.round(c[1] * k), Math.round(c[2] * k)] as const;
