// The clothing pipeline's own types. A garment is a Cutout (the photo's pixels with a matte)
// plus what the shape tells about it: its kind and which supports were taken away.
import type { Cutout } from "../types.ts";

export const GARMENT_KINDS = [
  "top",
  "bottom",
  "dress",
  "outerwear",
  "set",
  "shoes",
  "bag",
  "accessory",
] as const;
export type GarmentKind = (typeof GARMENT_KINDS)[number];

export const GARMENT_STYLES = ["flatlay", "hanger", "ghost", "dress-form"] as const;
export type GarmentStyle = (typeof GARMENT_STYLES)[number];

/** A support found in the photo and taken out of the matte. */
export type RemovedSupport = "hook" | "stand" | "mannequin-neck";

export interface GarmentCutout extends Cutout {
  kind: GarmentKind;
  /** how sure the shape reading is, 0..1 (the seller can always correct the kind) */
  kindConfidence: number;
  removed: RemovedSupport[];
}
