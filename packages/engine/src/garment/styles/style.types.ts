import type { GarmentCutout } from "../garment.types.ts";

export interface StyleInput {
  garment: GarmentCutout;
  width: number;
  height: number;
  seed: number;
  /** 0-based output index: each index is a different set (surface, props, light) */
  variant: number;
}

export interface StyleOutput {
  /** sRGB bytes, 3 channels */
  rgb: Buffer;
  /** what this set is, for file names and the history ("flatlay-linen") */
  name: string;
}
