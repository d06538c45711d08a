// What the engine is asked for: the preset's frame (scaled down to OUTPUT_MAX_SIDE when set),
// a seed fixed per generation (so a retry renders the very same bytes), and without a product
// photo the scenes alone, planned from the prompt.
import {
  type Cutout,
  type CutoutMeta,
  EngineError,
  encodeImage,
  type GeneratedImage,
  type GenerateRequest,
  generateFromCutout,
  getPreset,
  type PresetName,
  planScenes,
  productSideNeeded,
  type ReferenceLook,
  renderScene,
} from "@studio/engine";
import { renderClothing } from "../clothing/clothing-render.ts";
import type { GenerationRow } from "./generations.tables.ts";

/** What a render needs from a generation row (plain data: it crosses to the engine thread). */
export type RenderJob = Pick<
  GenerationRow,
  "preset" | "prompt" | "template" | "imageCount" | "seed"
> &
  Partial<Pick<GenerationRow, "app" | "clothing">>;

export function frameOf(preset: string, maxSide: number | undefined) {
  const p = getPreset(preset);
  const scale = maxSide ? Math.min(1, maxSide / Math.max(p.width, p.height)) : 1;
  return {
    width: Math.max(64, Math.round(p.width * scale)),
    height: Math.max(64, Math.round(p.height * scale)),
    format: p.format,
    quality: p.quality,
  };
}

export function seedOf(id: string): number {
  return Number.parseInt(id.replace(/-/g, "").slice(0, 8), 16) % 2 ** 31;
}

export const contentTypes = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;
export const extensions = { jpeg: "jpg", png: "png", webp: "webp" } as const;

/** What generateFromCutout is asked for a generation's photos (here and on a GPU server). */
export function generateRequestOf(
  g: RenderJob,
  maxSide: number | undefined,
  references: ReferenceLook[],
): GenerateRequest {
  const frame = frameOf(g.preset, maxSide);
  return {
    prompt: g.prompt || undefined,
    templateId: g.template ?? undefined,
    count: g.imageCount,
    seed: g.seed,
    preset: g.preset as PresetName,
    width: frame.width,
    height: frame.height,
    ...(references.length ? { references } : {}),
  };
}

/**
 * The product's long side, px, in the largest photo renderGeneration makes from a cut-out with
 * this meta: the uploads service renders from the cut-out's smaller copy when its product is
 * that large. Clothing outputs size the garment their own way: they take the full cut-out.
 */
export function productSideFor(
  g: RenderJob,
  meta: CutoutMeta,
  maxSide: number | undefined,
  references: ReferenceLook[] = [],
): number {
  if (g.app === "clothing") return Number.POSITIVE_INFINITY;
  return productSideNeeded(meta, generateRequestOf(g, maxSide, references));
}

export async function renderGeneration(
  g: RenderJob,
  cut: Cutout | null,
  maxSide: number | undefined,
  references: ReferenceLook[] = [],
  /**
   * only these shots of the plan (a part of the generation rendered on another thread), or a
   * counter in shared memory that this thread and another pull the next shot from
   */
  shots?: number[] | Int32Array,
): Promise<GeneratedImage[]> {
  if (g.app === "clothing" && g.clothing) {
    if (!cut) throw new EngineError("INVALID_ARGUMENT", "A clothing generation needs its garment.");
    return renderClothing(g.clothing, g.imageCount, g.seed, cut, maxSide);
  }
  const frame = frameOf(g.preset, maxSide);
  // the seller's reference images (readReference), in the order they were chosen
  const refs = references.length ? { references } : {};
  if (cut) {
    return generateFromCutout(cut, {
      ...generateRequestOf(g, maxSide, references),
      ...(Array.isArray(shots) ? { shots } : {}),
      ...(shots instanceof Int32Array ? { nextShot: () => Atomics.add(shots, 0, 1) } : {}),
    });
  }
  // Text only: the sets the prompt describes, without a product standing in them.
  const plans = planScenes({
    prompt: g.prompt || undefined,
    templateId: g.template ?? undefined,
    seed: g.seed,
    count: g.imageCount,
    width: frame.width,
    height: frame.height,
    product: { colors: [[150, 150, 150]], aspectRatio: 0.7 },
    ...refs,
  });
  const out: GeneratedImage[] = [];
  for (const [index, plan] of plans.slice(0, g.imageCount).entries()) {
    const t0 = performance.now();
    const scene = await renderScene(plan);
    const t1 = performance.now();
    const bytes = await encodeImage(scene.rgb, frame.width, frame.height, {
      format: frame.format,
      quality: frame.quality,
    });
    out.push({
      index,
      width: frame.width,
      height: frame.height,
      format: frame.format,
      bytes,
      templateId: plan.templateId,
      seed: plan.seed,
      timings: { renderMs: t1 - t0, compositeMs: 0, encodeMs: performance.now() - t1 },
    });
  }
  return out;
}
