// Picks the templates that fit a prompt, or product-aware defaults when the prompt is empty.
import { hash2 } from "../render/noise.ts";
import type { ProductInfo } from "../types.ts";
import { rgbToHsl } from "./palette.ts";
import type { Intent } from "./parse-prompt.ts";
import { DEFAULTS_BY_STANDS, templateSuits } from "./product-scale.ts";
import type { Stands } from "./product-words.ts";
import type { TemplateDef } from "./template.types.ts";
import { templateDefs } from "./templates.ts";

const WINTRY = new Set(["snow", "winter", "christmas", "frost", "ice", "cold", "festive"]);

export function scoreTemplate(t: TemplateDef, intent: Intent): number {
  let score = 0;
  // the place the seller named outweighs everything else they said
  if (intent.setting && t.tags.includes(intent.setting)) score += 8;
  // outdoors only when the seller names a place outside (or a word only outdoors has)
  else if (t.backdrop === "outdoor") score -= 3;
  for (const tag of intent.tags) if (t.tags.includes(tag)) score += 2;
  // snow only when the brief has winter in it: an autumn forest is not a snowy one
  const wintry =
    intent.snow ||
    ((intent.season ?? "winter") === "winter" && intent.tags.some((x) => WINTRY.has(x)));
  if (t.tags.includes("snow") && !wintry) score -= 6;
  const kinds = [t.floor.kind, t.stage.kind, t.wall.kind];
  for (const m of intent.materials) {
    if (t.floor.kind === m) score += 3;
    else if (kinds.includes(m)) score += 2;
  }
  for (const l of intent.layouts) if (t.layouts.includes(l)) score += 1;
  if (intent.gobo && t.light.gobo === intent.gobo) score += 1;
  if (intent.time === "night" && t.light.ambient < 0.25) score += 1;
  if (intent.time === "golden" && t.light.kelvin < 3600) score += 1;
  return score;
}

/**
 * Templates for `count` variants, best first, among those that can hold the product (a car
 * gets streets and halls, not counters). With a prompt: those scoring at least 3/4 of the
 * best. Without one (or when nothing in it matched): a set of tasteful defaults that suit the
 * product's colours, or its size, rotated by the seed.
 */
export function rankTemplates(
  intent: Intent,
  product: ProductInfo,
  seed: number,
  count: number,
  stands: Stands = "table",
): TemplateDef[] {
  if (intent.tags.length) {
    const lost = lostInTheDark(product, intent);
    const scored = templateDefs
      .map((t, i) => ({ t, s: scoreTemplate(t, intent) - lost(t), j: hash2(seed, i) }))
      .filter((x) => templateSuits(x.t, stands))
      .sort((a, b) => b.s - a.s || a.j - b.j);
    const top = scored[0]!.s;
    if (top > 0) {
      return scored
        .filter((x) => x.s >= top * 0.75)
        .slice(0, Math.max(1, count))
        .map((x) => x.t);
    }
  }
  const ids = stands === "table" ? defaultsFor(product) : DEFAULTS_BY_STANDS[stands];
  const start = seed % ids.length;
  const out: TemplateDef[] = [];
  for (let i = 0; i < ids.length; i++)
    out.push(templateDefs.find((t) => t.id === ids[(start + i) % ids.length])!);
  return out;
}

const DARK_WORDS = new Set(["dark", "black", "moody", "night", "noir"]);

/**
 * A black product on a black set is a silhouette (a black lamp on black marble was a black
 * picture): dark sets lose to light ones of the same words, unless the brief asked for dark.
 */
function lostInTheDark(product: ProductInfo, intent: Intent): (t: TemplateDef) => number {
  const [, , l] = rgbToHsl(product.colors[0] ?? [128, 128, 128]);
  if (l >= 0.2 || intent.tags.some((x) => DARK_WORDS.has(x))) return () => 0;
  return (t) => (t.tags.includes("dark") ? 3 : 0);
}

function defaultsFor(product: ProductInfo): string[] {
  const [, s, l] = rgbToHsl(product.colors[0] ?? [128, 128, 128]);
  // a white product disappears on white: start from tinted or warm surfaces
  if (l > 0.8)
    return [
      "pastel-podium",
      "oak-table",
      "soft-grey",
      "terrazzo",
      "minimal-beige",
      "botanical-shadow",
    ];
  if (l < 0.2)
    return [
      "studio-white",
      "marble-counter",
      "minimal-beige",
      "pastel-podium",
      "concrete-plinth",
      "morning-window",
    ];
  if (s > 0.35)
    return [
      "pastel-podium",
      "minimal-beige",
      "marble-counter",
      "botanical-shadow",
      "studio-white",
      "oak-table",
    ];
  return [
    "minimal-beige",
    "marble-counter",
    "pastel-podium",
    "oak-table",
    "studio-white",
    "concrete-plinth",
  ];
}
