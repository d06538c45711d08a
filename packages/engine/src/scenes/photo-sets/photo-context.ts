// What a photographic set is dressed by: the brief's words and the product's size and light,
// as plan-scenes.ts read them (dress-photographic.ts and choose-scan.ts take it).
import type { MaterialSpec } from "../../render/set-plan.types.ts";
import type { RGB } from "../../types.ts";
import type { PropWord, Setting } from "../brief-words.ts";

export interface PhotoContext {
  /** the setting the brief asked for, if any */
  setting: Setting | undefined;
  /** metres per world unit: the product's larger side */
  metresPerUnit: number;
  variant: number;
  seed: number;
  /** which side the product's photo is lit from, −1 left … 1 right */
  lightSide: number;
  /** the brief asked for a light (golden hour, neon, candle…): it keeps it */
  lightAsked: boolean;
  /** the brief named what casts shadow patterns (a window, blinds, leaves), and not soft light */
  goboAsked: boolean;
  /** the props the brief named */
  asked: PropWord[];
  /** the brief asked for spheres or blocks */
  shapesAsked: boolean;
  /** the time of day the brief asked for: plates of that hour come first */
  time: "golden" | "morning" | "noon" | "night" | undefined;
  /** the seller picked the template ("Oak table"): a flat lay is laid on its own material, not
   * on any of the place's tabletops (the marketing page showed "Oak table" on black marble) */
  pinned?: boolean;
  /** the surface the brief named (marble, wood…), if any */
  material: MaterialSpec["kind"] | undefined;
  /** the first colour the brief named ("black marble"), if any */
  color: RGB | undefined;
  /** the brief's words about the set (parse-prompt.ts setWords: normalized, without the opening
   * words about the product): a scan it names by its own word ("oak") comes first */
  prompt: string;
}
