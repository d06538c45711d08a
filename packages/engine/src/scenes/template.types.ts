import type { BackdropKind, Gobo, MaterialKind, OutdoorPlan } from "../render/set-plan.types.ts";
import type { RGB } from "../types.ts";

export interface TemplateInfo {
  id: string;
  name: { en: string; zh: string };
  tags: string[];
  description?: { en: string; zh: string };
}

/**
 * A colour in a template: a fixed sRGB value, or a role filled from the palette the planner
 * derives from the product's colours (or from colour words in the prompt).
 */
export type ColorRecipe = RGB | "backdrop" | "surface" | "accent" | "deep";

export interface MaterialRecipe {
  kind: MaterialKind;
  color?: ColorRecipe;
  accent?: ColorRecipe;
  scale?: number;
  gloss?: number;
}

export type LayoutKind =
  | "floor"
  | "podium"
  | "tiered"
  | "plinth"
  | "steps"
  | "slab"
  | "arch"
  | "duo";

export interface TemplateDef extends TemplateInfo {
  backdrop: BackdropKind;
  floor: MaterialRecipe;
  wall: MaterialRecipe;
  /** what podiums, plinths and slabs are made of */
  stage: MaterialRecipe;
  /** spheres, blocks and other decoration */
  prop: MaterialRecipe;
  layouts: LayoutKind[];
  /** how many decorative props (min, max) */
  props: [number, number];
  light: {
    azimuth: number;
    elevation: number;
    softness: number;
    kelvin: number;
    intensity: number;
    ambient: number;
    gobo: Gobo;
    glow: number;
    rim?: [RGB, RGB];
  };
  aperture: number;
  /** neon tube colour on the wall (drawn as an emissive arch) */
  neon?: RGB;
  outdoor?: OutdoorPlan;
  exposure?: number;
  vignette?: number;
}
