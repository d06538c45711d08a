// Garments on human models: a generative try-on service does what the CPU cannot. The engine
// defines what a seller chooses and what a backend receives; the server decides whether one is
// configured. Nothing here runs without a backend.
import type { GarmentKind } from "../garment/garment.types.ts";

export const MODEL_GENDERS = ["woman", "man"] as const;
export const MODEL_AGES = ["18-25", "26-35", "36-50", "50+"] as const;
export const MODEL_SKIN_TONES = ["very-light", "light", "medium", "tan", "brown", "deep"] as const;
export const MODEL_BODY_TYPES = ["slim", "athletic", "average", "curvy", "plus"] as const;
export const MODEL_POSES = ["front", "three-quarter", "walking", "hands-on-hips", "back"] as const;

export interface ModelChoices {
  gender: (typeof MODEL_GENDERS)[number];
  age: (typeof MODEL_AGES)[number];
  skinTone: (typeof MODEL_SKIN_TONES)[number];
  bodyType: (typeof MODEL_BODY_TYPES)[number];
  pose: (typeof MODEL_POSES)[number];
}

/**
 * A model kept across a catalogue: the same choices, the same seed and, once the first
 * try-on came back, that photo as the reference every later garment is tried on.
 */
export interface ModelIdentity {
  id: string;
  choices: ModelChoices;
  seed: number;
  /** PNG/JPEG of the model from an earlier try-on */
  reference?: Buffer;
}

/** What try-on services call the garment's category. */
export type TryOnCategory = "tops" | "bottoms" | "one-pieces";

export function tryOnCategory(kind: GarmentKind): TryOnCategory | null {
  if (kind === "top" || kind === "outerwear") return "tops";
  if (kind === "bottom") return "bottoms";
  if (kind === "dress" || kind === "set") return "one-pieces";
  return null; // shoes, bags and accessories are not worn by these models
}

export interface TryOnRequest {
  /** the garment cut out: PNG with alpha */
  garment: Buffer;
  category: TryOnCategory;
  model: ModelIdentity;
  /** the seller's extra words (setting, mood) */
  prompt: string;
  /** per output: variations of the same model */
  seed: number;
  width: number;
  height: number;
  signal?: AbortSignal;
}

export interface TryOnBackend {
  readonly name: string;
  /** resolves to an encoded image of the model wearing the garment */
  tryOn(req: TryOnRequest): Promise<Buffer>;
}

/** The model in words, for services and workflows that take a text description. */
export function describeModel(c: ModelChoices): string {
  const age = c.age === "50+" ? "over 50" : `aged ${c.age}`;
  const pose = {
    front: "standing facing the camera",
    "three-quarter": "standing in a three-quarter view",
    walking: "walking toward the camera",
    "hands-on-hips": "standing with hands on hips",
    back: "seen from the back",
  }[c.pose];
  return `a ${c.bodyType} ${c.gender} ${age} with ${c.skinTone.replace("-", " ")} skin, ${pose}, full-body catalogue photo, plain studio background`;
}
