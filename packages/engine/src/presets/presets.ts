// Output sizes for the places sellers post. Decisions and sources: docs/decisions/0401.

import type { OutputFormat } from "../composite/encode.ts";
import { computePlacement } from "../composite/place.ts";
import { EngineError } from "../input/engine-error.ts";
import type { Cutout, RenderedScene } from "../types.ts";

export type PresetName = "web" | "amazon" | "shopify" | "instagram" | "story" | "etsy";

export interface Preset {
  name: PresetName;
  label: string;
  width: number;
  height: number;
  /** "white": no scene at all, the product on #FFFFFF (marketplace main images) */
  background: "scene" | "white";
  format: OutputFormat;
  quality: number;
}

export const presets: Readonly<Record<PresetName, Preset>> = {
  web: {
    name: "web",
    label: "Web 1024 square",
    width: 1024,
    height: 1024,
    background: "scene",
    format: "jpeg",
    quality: 90,
  },
  amazon: {
    name: "amazon",
    label: "Amazon main image",
    width: 2000,
    height: 2000,
    background: "white",
    format: "jpeg",
    quality: 92,
  },
  shopify: {
    name: "shopify",
    label: "Shopify square",
    width: 2048,
    height: 2048,
    background: "scene",
    format: "jpeg",
    quality: 90,
  },
  instagram: {
    name: "instagram",
    label: "Instagram 4:5",
    width: 1080,
    height: 1350,
    background: "scene",
    format: "jpeg",
    quality: 90,
  },
  story: {
    name: "story",
    label: "Stories 9:16",
    width: 1080,
    height: 1920,
    background: "scene",
    format: "jpeg",
    quality: 90,
  },
  etsy: {
    name: "etsy",
    label: "Etsy 4:3",
    width: 2667,
    height: 2000,
    background: "scene",
    format: "jpeg",
    quality: 90,
  },
};

export function getPreset(name: string): Preset {
  const p = (presets as Record<string, Preset | undefined>)[name];
  if (!p) {
    throw new EngineError(
      "INVALID_ARGUMENT",
      `Unknown preset "${name}"; use one of ${Object.keys(presets).join(", ")}.`,
    );
  }
  return p;
}

/** Share of the frame the product's longer side takes on a white main image (Amazon: ≥ 85 %). */
export const WHITE_FILL = 0.9;

/** Where the product goes on a white background: centred, at most `fill` of the frame. */
export function whitePlacement(
  cut: Pick<Cutout, "bbox">,
  width: number,
  height: number,
  fill = WHITE_FILL,
): RenderedScene["placement"] {
  const maxWidth = Math.floor(width * fill);
  const maxHeight = Math.floor(height * fill);
  const placed = computePlacement(cut, { centerX: 0, baseY: 0, maxWidth, maxHeight });
  return {
    centerX: width / 2,
    baseY: Math.round((height + placed.height) / 2),
    maxWidth,
    maxHeight,
  };
}

/**
 * A plain #FFFFFF "scene" whose placement makes the product fill `fill` of the frame, centred.
 * Composite it with shadows off: Amazon wants the background pure white up to the product.
 */
export function whiteScene(
  cut: Pick<Cutout, "bbox">,
  width: number,
  height: number,
  fill = WHITE_FILL,
): RenderedScene {
  return {
    width,
    height,
    rgb: Buffer.alloc(width * height * 3, 255),
    placement: whitePlacement(cut, width, height, fill),
    light: { shadowDir: { x: 0, y: 1 }, elevationDeg: 90, softness: 1, color: [255, 255, 255] },
    reflectivity: 0,
    surfaceColor: [255, 255, 255],
    blurAtProduct: 0,
  };
}
