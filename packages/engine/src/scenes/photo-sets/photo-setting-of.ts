// Which of the pack's photographed places a brief is set in: the place it names, else the one
// its template implies, when the pack has plates of it.
import type { Setting } from "../brief-words.ts";
import type { Intent } from "../parse-prompt.ts";
import type { ProductScale } from "../product-scale.ts";
import type { TemplateDef } from "../template.types.ts";
import { PHOTO_SETTINGS } from "./photo-set-table.ts";

/**
 * Where a holiday's set is photographed when the brief names no place: the pack has no gifts,
 * lights or trees, and its red wall over blue linen was "a computer image"; a lived-in room is
 * where a seller's own Christmas photo would be taken. All three in the one room gave three
 * identical photos, the sage wall's, on the marketing page: a new year's is a cosy bedroom's
 * (the pack's one evening room among them), an autumn's warmth a forest (its autumn one too).
 */
const HOLIDAY_ROOMS: Partial<Record<string, Setting>> = {
  christmas: "living-room",
  "lunar-new-year": "bedroom",
  "autumn-warmth": "forest",
};

/**
 * The place a photographic set photographs: the brief's, else the template's, read from its
 * tags ("spa" is a bathroom's); none when the pack has no plate of it (a studio, a pool).
 */
export function photoSettingOf(
  intent: Intent,
  tpl: TemplateDef,
  scale?: ProductScale,
): Setting | undefined {
  // snow wins over the place it falls on: "a snowy forest" is photographed in the snow
  const asked = intent.settings.includes("snow") ? "snow" : intent.setting;
  // a vehicle is photographed outside or in a hall, never in a kitchen's plate
  const named =
    scale?.stands === "ground" && asked && PHOTO_SETTINGS[asked]?.indoor ? undefined : asked;
  // a studio look (a sweep: botanical shadows, pastel paper) implies no place by its tags:
  // "silk and roses, close-up" is not a vineyard
  const implied =
    tpl.backdrop === "sweep"
      ? undefined
      : (tpl.tags.find((t) => t === "spa" || t in PHOTO_SETTINGS) ?? HOLIDAY_ROOMS[tpl.id]);
  // an industrial style is a loft's concrete, brick and steel ("lamp on a concrete shelf,
  // industrial style" was a drawn studio's plinth); a vehicle's is the street's template, and
  // a colour named is a studio's paper ("industrial style, on white")
  const styled =
    intent.tags.includes("industrial") && scale?.stands !== "ground" && !intent.colors.length
      ? "living-room"
      : undefined;
  const tag = named ?? implied ?? styled;
  const setting = (tag === "spa" ? "bathroom" : tag) as Setting | undefined;
  return setting && PHOTO_SETTINGS[setting] ? setting : undefined;
}
