// The CPU styles of a clothing generation, run where the engine runs (the engine thread by
// default): the stored cut-out read as a garment, then four sets of the chosen style in the
// catalogue's portrait frame (scaled down to OUTPUT_MAX_SIDE when set).
import {
  asGarment,
  type Cutout,
  GARMENT_DEFAULT_SIZE,
  type GarmentKind,
  type GarmentStyle,
  type GeneratedImage,
  renderGarment,
} from "@studio/engine";
import type { ClothingJob } from "../generations/generations.types.ts";

export async function renderClothing(
  job: ClothingJob,
  count: number,
  seed: number,
  cut: Cutout,
  maxSide: number | undefined,
): Promise<(GeneratedImage & { garmentKind: string })[]> {
  if (job.style === "model") throw new Error("style model runs through the try-on backend");
  const { width: W, height: H } = GARMENT_DEFAULT_SIZE;
  // scaled down to OUTPUT_MAX_SIDE, but never under the engine's 256 px (keeping the 4:5)
  const k = maxSide ? Math.max(256 / Math.min(W, H), Math.min(1, maxSide / Math.max(W, H))) : 1;
  const garment = asGarment(cut);
  const images = await renderGarment(garment, {
    style: job.style as GarmentStyle,
    kind: (job.kind as GarmentKind | null) ?? undefined,
    count,
    seed,
    width: Math.round(W * k),
    height: Math.round(H * k),
    format: "jpeg",
    quality: 90,
  });
  return images.map((img) => ({
    index: img.index,
    width: img.width,
    height: img.height,
    format: img.format,
    bytes: img.bytes,
    templateId: img.setName,
    seed: img.seed,
    timings: { renderMs: img.timings.renderMs, compositeMs: 0, encodeMs: img.timings.encodeMs },
    garmentKind: img.kind,
  }));
}
