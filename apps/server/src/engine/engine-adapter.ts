// The engine as the server's modules see it: the few CPU-heavy calls the job handlers and the
// thumbnail route make, behind one small interface. Two implementations: in this thread
// (createInProcessEngine, the ops below) and in a worker thread (createThreadEngine in
// engine-thread.ts, the default: keeps the API's event loop free, decision 0550).
import {
  adoptPackImages as adoptEnginePackImages,
  applyMask,
  CUTOUT_MAX_SIDE,
  type Cutout,
  type CutoutMeta,
  cutout,
  type DecodedImage,
  decodeImage,
  deserializeCutout,
  type GeneratedImage,
  loadDetector,
  type Mask,
  metaOf,
  type PreloadedImage,
  preloadPackImages,
  type ReferenceLook,
  readReference,
  renderTemplateThumbnail,
  serializeWithRenderCopy,
  setPhotoPack as setEnginePack,
  warmIsnet,
  withDetectedProduct,
} from "@studio/engine";
import sharp from "sharp";
import { type RenderJob, renderGeneration } from "../modules/generations/generation-output.ts";
import { warmRender } from "./warm-render.ts";

// libvips keeps recent operations and their pixels (up to 50 MB a process) for a repeat of the
// same operation on the same input; the engine never repeats one (an upload, a cut-out and a
// pack image are each decoded once and kept by the engine itself), so the cache only held
// memory in a process that runs for days (issue 29)
sharp.cache(false);

export type CutoutMethod = "auto" | "isnet" | "classical";

/**
 * What a warm-up warms: the models (ISNet's sessions and first runs, the detector), the render
 * (sets, composite, encoders), or both. The models can warm before the photographic pack is
 * known; the render warms the sets a generation will build only once it is (pipeline.ts).
 */
export type WarmPart = "all" | "models" | "render";

/**
 * an output; clothing renders also say the garment kind the engine read; `madeBy` says which
 * path made it (absent: the CPU studio; "generated": a diffusion model on a GPU server)
 */
export type RenderedImage = GeneratedImage & { garmentKind?: string; madeBy?: "generated" };

// a render job is the generations module's (what a render needs from its row)
export type { RenderJob };

export interface CutoutResult {
  cutout: Cutout;
  /** serializeWithRenderCopy's PNG and meta, ready to store */
  png: Buffer;
  meta: CutoutMeta;
  /** the render copy's PNG, stored beside the cut-out, when `meta.renderCopy` says it has one */
  copyPng?: Buffer;
}

export interface StudioEngine {
  /**
   * Decode a stored upload, cut the product out and, with `detect` (default), read its kind
   * from the photo (kept in the meta, so once per upload). Throws EngineError (NO_SUBJECT,
   * UNDECODABLE, …) as the engine does. May take ownership of `photo`'s memory.
   */
  cutoutPhoto(
    photo: Buffer,
    method: CutoutMethod,
    detect?: boolean,
    fast?: boolean,
  ): Promise<CutoutResult>;
  /**
   * Decode a stored upload and put the seller's corrected matte on it (applyMask), reading
   * the product's kind again within the new matte. Throws EngineError INVALID_ARGUMENT (size,
   * aspect) or NO_SUBJECT (an empty mask).
   */
  maskPhoto(photo: Buffer, mask: Mask, detect?: boolean): Promise<CutoutResult>;
  /** deserializeCutout of a stored cut-out */
  loadCutout(png: Buffer, meta: CutoutMeta): Promise<Cutout>;
  /** readReference of a stored reference upload (small and plain: it can be cached) */
  readReference(bytes: Buffer): Promise<ReferenceLook>;
  /**
   * A generation's images, best first; may take ownership of `cut`'s pixels and of the
   * references' plates (pass copies of cached looks). `shots`: only those shots of the plan,
   * or a counter in a SharedArrayBuffer (Int32Array, from 0) that each thread rendering the
   * generation takes its next shot from (Atomics.add), for a caller that spreads one generation
   * over threads and merges with rankImages.
   */
  render(
    job: RenderJob,
    cut: Cutout | null,
    maxSide: number | undefined,
    references: ReferenceLook[],
    shots?: number[] | Int32Array,
  ): Promise<RenderedImage[]>;
  /**
   * Load what the first cut-out and render would otherwise load lazily (the model, its first
   * run, the sets' code paths), so the first generation after a start is as fast as the second.
   * Optional: stand-in engines of tests need not warm.
   */
  warm?(
    method: CutoutMethod,
    detect?: boolean,
    fullRender?: boolean,
    part?: WarmPart,
  ): Promise<void>;
  /** WebP thumbnail of a template's set */
  templateThumbnail(id: string, size: number): Promise<Buffer>;
  /**
   * The photographic pack this engine may build sets from: its folder and the ids of the files
   * verified there (modules/assets says so after its check and when a fetch ends; threads
   * started later get it at their start).
   */
  setPhotoPack?(dir: string, present: string[]): Promise<void>;
  /**
   * Decode the pack's images every photographic set needs (its surfaces and walls) now, not in
   * the first generation that asks (80-155 ms each); once per process, shared by its render
   * threads. Resolves with the bytes they hold (0 while the sets are drawn).
   */
  preloadPack?(): Promise<number>;
  /** stop the engine thread, if any (in-flight calls reject) */
  close(): Promise<void>;
}

/**
 * A new cut-out, ready to store: its PNGs are encoded on sharp's threads while the detector
 * reads the product's kind, which only the meta holds (and, rarely, clears a bystander).
 */
async function stored(image: DecodedImage, made: Cutout, detect: boolean): Promise<CutoutResult> {
  const [cut, first] = await Promise.all([
    detect ? withDetectedProduct(image, made) : made,
    serializeWithRenderCopy(made),
  ]);
  // a person standing apart from the product was cleared from it (detect/drop-bystanders.ts):
  // the files are made again from what is left
  const files = cut.rgba === made.rgba ? first : await serializeWithRenderCopy(cut);
  const { renderCopy } = files.meta;
  return { cutout: cut, ...files, meta: { ...metaOf(cut), ...(renderCopy ? { renderCopy } : {}) } };
}

/**
 * ISNet's intra-op threads in this thread's engine (ENGINE_THREADS): set once, before the first
 * cut-out or warm-up, by the thread's entry (from its workerData) or createInProcessEngine.
 * Undefined: the engine's default (2).
 */
let isnetThreads: number | undefined;
export function setIsnetThreads(threads: number | undefined): void {
  isnetThreads = threads;
}

/** The operations themselves, run wherever the engine lives. */
export const engineOps = {
  /** fast false: the model at 1024² for every photo, as before docs/decisions/0506 */
  async cutoutPhoto(
    photo: Buffer,
    method: CutoutMethod,
    detect = true,
    fast = true,
  ): Promise<CutoutResult> {
    const image = await decodeImage(photo, { maxSide: CUTOUT_MAX_SIDE });
    const isnet = { fitSize: fast, ...(isnetThreads ? { threads: isnetThreads } : {}) };
    return stored(image, await cutout(image, { method, isnet }), detect);
  },
  async maskPhoto(photo: Buffer, mask: Mask, detect = true): Promise<CutoutResult> {
    // at the size the model's cut-out was made at, so the seller's mask lines up with it
    const image = await decodeImage(photo, { maxSide: CUTOUT_MAX_SIDE });
    return stored(image, await applyMask(image, mask), detect);
  },
  loadCutout(png: Buffer, meta: CutoutMeta): Promise<Cutout> {
    return deserializeCutout(png, meta);
  },
  readReference(bytes: Buffer): Promise<ReferenceLook> {
    return readReference(bytes);
  },
  render: renderGeneration,
  templateThumbnail(id: string, size: number): Promise<Buffer> {
    return renderTemplateThumbnail(id, size);
  },
  async setPhotoPack(dir: string, present: string[]): Promise<void> {
    setEnginePack(dir, present);
  },
  /** the pack's images every set needs, decoded into this thread (and handed to the other) */
  preloadPackImages(): Promise<PreloadedImage[]> {
    return preloadPackImages();
  },
  /** images the other render thread decoded, in shared memory: kept without a copy */
  async adoptPackImages(images: PreloadedImage[]): Promise<void> {
    adoptEnginePackImages(images);
  },
  async warm(
    method: CutoutMethod,
    detect = true,
    fullRender = true,
    part: WarmPart = "all",
  ): Promise<void> {
    if (part !== "render") {
      if (method !== "classical") await warmIsnet(isnetThreads ? { threads: isnetThreads } : {});
      if (detect) await loadDetector();
    }
    if (part !== "models") await warmRender({ full: fullRender });
  },
};

export type EngineOp = keyof typeof engineOps;

/** The engine on the calling thread (ENGINE_THREAD=false, comparisons, small tools). */
export function createInProcessEngine(opts: { isnetThreads?: number } = {}): StudioEngine {
  setIsnetThreads(opts.isnetThreads);
  return {
    ...engineOps,
    preloadPack: async () => packBytes(await engineOps.preloadPackImages()),
    async close() {},
  };
}

/** bytes a list of decoded pack images holds */
export function packBytes(images: readonly PreloadedImage[]): number {
  return images.reduce((n, img) => n + img.rgb.byteLength, 0);
}
