// What the seller picks from: the contract's values, in the order the pickers show them.
import {
  type ClothingStyle,
  CPU_STYLE_VALUES,
  GARMENT_KIND_VALUES,
  type GarmentKind,
  type ModelChoices,
} from "@studio/contracts";

export const KINDS: GarmentKind[] = [...GARMENT_KIND_VALUES];
export const CPU_STYLES: ClothingStyle[] = [...CPU_STYLE_VALUES];
export const NOT_WORN: GarmentKind[] = ["shoes", "bag", "accessory"];

export const MODEL_OPTIONS: { [K in keyof ModelChoices]: ModelChoices[K][] } = {
  gender: ["woman", "man"],
  age: ["18-25", "26-35", "36-50", "50+"],
  skinTone: ["very-light", "light", "medium", "tan", "brown", "deep"],
  bodyType: ["slim", "athletic", "average", "curvy", "plus"],
  pose: ["front", "three-quarter", "walking", "hands-on-hips", "back"],
};

export const DEFAULT_MODEL: ModelChoices = {
  gender: "woman",
  age: "26-35",
  skinTone: "medium",
  bodyType: "average",
  pose: "front",
};

/** catalogue photos are portrait */
export const CLOTHING_ASPECT: [number, number] = [4, 5];
