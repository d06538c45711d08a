// The light of one variant: the template's light, turned to a side from a table so variants
// differ, then bent by the prompt's time of day and mood.
import type { LightPlan } from "../render/set-plan.types.ts";
import type { Intent } from "./parse-prompt.ts";
import type { TemplateDef } from "./template.types.ts";

const AZIMUTHS = [-58, 62, -72, 48, -45, 70];

export function planLight(
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
      // neon colours the rims; plain night is cool moonlight
      if (intent.lights.includes("neon"))
        light.rim ??= [
          [255, 60, 170],
          [60, 190, 255],
        ];
      else light.temperatureK = 8200;
      break;
  }
  for (const word of intent.lights) {
    if (word === "soft") Object.assign(light, { softness: 0.9, gobo: intent.gobo ?? "none" });
    if (word === "hard")
      Object.assign(light, {
        softness: 0.04,
        intensity: light.intensity * 1.2,
        ambient: light.ambient * 0.7,
      });
    if (word === "backlit")
      Object.assign(light, {
        azimuthDeg: 165 * Math.sign(light.azimuthDeg || 1),
        elevationDeg: 22,
      });
    if (word === "candle")
      Object.assign(light, {
        temperatureK: 2400,
        intensity: Math.min(light.intensity, 0.35),
        ambient: Math.min(light.ambient, 0.12),
      });
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

const between = (r: () => number, a: number, b: number) => a + (b - a) * r();
const clamp = (v: number, a: number, b: number) => Math.min(b, Math.max(a, v));
