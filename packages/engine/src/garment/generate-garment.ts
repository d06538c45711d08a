// The clothing pipeline: decode → cut-out → supports removed → kind read → one of four sets
// rendered per output → garment placed, fitted and lit → encoded. Same request and seed give
// the same bytes.
import { type EncodeOptions, encodeImage, type OutputFormat } from "../composite/encode.ts";
import { dominantColors } from "../cutout/colors.ts";
import { type CutoutOptions, cutout } from "../cutout/cutout.ts";
import { EngineError } from "../input/engine-error.ts";
import type { Cutout, DecodedImage } from "../types.ts";
import { detectKind } from "./detect-kind.ts";
import {
  GARMENT_KINDS,
  GARMENT_STYLES,
  type GarmentCutout,
  type GarmentKind,
  type GarmentStyle,
} from "./garment.types.ts";
import { maskShape } from "./mask-shape.ts";
import { removeSupports } from "./remove-supports.ts";
import { renderDressForm } from "./styles/dress-form.ts";
import { renderFlatlay } from "./styles/flatlay.ts";
import { renderGhost } from "./styles/ghost.ts";
import { renderHanger } from "./styles/hanger.ts";
import type { StyleInput, StyleOutput } from "./styles/style.types.ts";

export const GARMENT_MAX_COUNT = 8;
/** catalogue photos are portrait: 4:5 */
export const GARMENT_DEFAULT_SIZE = { width: 1024, height: 1280 } as const;

const RENDERERS: Record<GarmentStyle, (input: StyleInput) => Promise<StyleOutput>> = {
  flatlay: renderFlatlay,
  hanger: renderHanger,
  ghost: renderGhost,
  "dress-form": renderDressForm,
};

/** A cut-out read as a garment: supports taken out, kind read from the silhouette. */
export function asGarment(cut: Cutout): GarmentCutout {
  const { cut: clean, removed } = removeSupports(cut);
  const reading = detectKind(maskShape(clean.rgba, clean.width, clean.height));
  return { ...clean, kind: reading.kind, kindConfidence: reading.confidence, removed };
}

/** Decode-free entry: a decoded photo in, a garment cut-out out. */
export async function garmentCutout(
  image: DecodedImage,
  options: CutoutOptions = {},
): Promise<GarmentCutout> {
  return asGarment(await cutout(image, options));
}

export interface GarmentRequest {
  style: GarmentStyle;
  /** the seller's correction of the detected kind */
  kind?: GarmentKind;
  count?: number;
  seed?: number;
  width?: number;
  height?: number;
  format?: OutputFormat;
  quality?: EncodeOptions["quality"];
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface GarmentImage {
  index: number;
  width: number;
  height: number;
  format: OutputFormat;
  bytes: Buffer;
  style: GarmentStyle;
  /** the set used, e.g. "flatlay-linen", "dress-form-top-cream" */
  setName: string;
  kind: GarmentKind;
  seed: number;
  timings: { renderMs: number; encodeMs: number };
}

function check(req: GarmentRequest): void {
  if (!GARMENT_STYLES.includes(req.style)) {
    throw new EngineError("INVALID_ARGUMENT", `style must be one of ${GARMENT_STYLES.join(", ")}.`);
  }
  if (req.kind !== undefined && !GARMENT_KINDS.includes(req.kind)) {
    throw new EngineError("INVALID_ARGUMENT", `kind must be one of ${GARMENT_KINDS.join(", ")}.`);
  }
  const int = (name: string, v: number | undefined, lo: number, hi: number) => {
    if (v !== undefined && (!Number.isInteger(v) || v < lo || v > hi)) {
      throw new EngineError("INVALID_ARGUMENT", `${name} must be an integer from ${lo} to ${hi}.`);
    }
  };
  int("count", req.count, 1, GARMENT_MAX_COUNT);
  int("seed", req.seed, 0, 2 ** 31 - 1);
  int("width", req.width, 256, 4096);
  int("height", req.height, 256, 4096);
}

export async function renderGarment(
  garment: GarmentCutout,
  req: GarmentRequest,
): Promise<GarmentImage[]> {
  check(req);
  const g: GarmentCutout = req.kind ? { ...garment, kind: req.kind } : garment;
  if (!g.colors.length) g.colors = dominantColors(g.rgba);
  const count = req.count ?? 4;
  const seed = req.seed ?? 1;
  const width = req.width ?? GARMENT_DEFAULT_SIZE.width;
  const height = req.height ?? GARMENT_DEFAULT_SIZE.height;
  const format = req.format ?? "jpeg";
  const images: GarmentImage[] = [];
  for (let index = 0; index < count; index++) {
    if (req.signal?.aborted) throw new EngineError("CANCELLED", "Generation cancelled.");
    req.onProgress?.(index, count);
    const t0 = performance.now();
    const out = await RENDERERS[req.style]({ garment: g, width, height, seed, variant: index });
    const t1 = performance.now();
    const bytes = await encodeImage(out.rgb, width, height, { format, quality: req.quality });
    images.push({
      index,
      width,
      height,
      format,
      bytes,
      style: req.style,
      setName: out.name,
      kind: g.kind,
      seed,
      timings: { renderMs: t1 - t0, encodeMs: performance.now() - t1 },
    });
  }
  req.onProgress?.(count, count);
  return images;
}
