// The shape of the brief's vocabulary: what a lexicon entry may ask of the set, and the names
// of the camera views, settings, lights, seasons, holidays and props it can name. The words
// themselves are in brief-words.ts and product-words.ts.
import type { Gobo, MaterialKind } from "../render/set-plan.types.ts";
import type { RGB } from "../types.ts";
import type { LayoutKind } from "./template.types.ts";

/** a word or phrase of the lexicon and what it asks of the set (lexicon.ts, product-words.ts) */
export interface LexEntry {
  en: string[];
  zh: string[];
  tags: string[];
  material?: MaterialKind;
  color?: RGB;
  layout?: LayoutKind;
  gobo?: Gobo;
  time?: "golden" | "morning" | "noon" | "night";
  mood?: "minimal" | "luxury" | "playful" | "dramatic" | "fresh" | "cozy" | "soft";
  /** wants spheres or blocks among the props */
  prop?: "sphere" | "box";
  camera?: CameraView;
  setting?: Setting;
  light?: LightWord;
  season?: Season;
  holiday?: Holiday;
  /** props the seller named, modelled by the renderer */
  things?: PropWord[];
  /** the product itself, named: its size and what it stands on */
  product?: ProductWord;
}

/** table: on a counter, podium or table; floor: on a room's floor; ground: outdoors or a hall */
export type Stands = "table" | "floor" | "ground";

export interface ProductWord {
  /** the product named, in English, for the plan */
  kind: string;
  /** its largest side, metres, typical */
  size: number;
  stands: Stands;
  /** a garment: laid flat and shot from above, as its photo is a flat front view of it */
  lies?: true;
}

export type CameraView = "eye-level" | "three-quarter" | "low" | "high" | "top-down" | "close-up";
export type Setting =
  | "studio"
  | "kitchen"
  | "bathroom"
  | "living-room"
  | "bedroom"
  | "cafe"
  | "office"
  | "garden"
  | "beach"
  | "forest"
  | "snow"
  | "city-street"
  | "desert"
  | "pool"
  | "mountain"
  | "field"
  | "lake";
export type LightWord =
  | "soft"
  | "hard"
  | "golden-hour"
  | "morning"
  | "noon"
  | "night"
  | "neon"
  | "candle"
  | "window"
  | "backlit";
export type Season = "spring" | "summer" | "autumn" | "winter";
export type Holiday =
  | "christmas"
  | "lunar-new-year"
  | "valentine"
  | "halloween"
  | "easter"
  | "mid-autumn"
  | "mothers-day";
export type PropWord =
  | "flowers"
  | "leaves"
  | "branches"
  | "stones"
  | "fruit"
  | "water-drops"
  | "ice"
  | "fabric"
  | "ribbons"
  | "gift-boxes"
  | "books"
  | "candles"
  | "fairy-lights"
  | "shells"
  | "pine-cones"
  | "coffee-beans";
