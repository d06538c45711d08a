// The pipeline: decode → cut-out (or a cached one) → plan scenes → render → composite → encode.
// Scenes are rendered and composited one after another (sequential work keeps the output order
// and bytes deterministic); each JPEG is encoded on sharp's threads while the next renders.

import sharp from "sharp";
import type { GenerativeBackend } from "./backends/backend.types.ts";
import { scenePrompts } from "./backends/scene-prompt.ts";
import { compositeProduct } from "./composite/composite.ts";
import { encodeImage, type OutputFormat } from "./composite/encode.ts";
import { scoreOutput } from "./composite/rank-outputs.ts";
import { CUTOUT_MAX_SIDE, type CutoutOptions, cutout as makeCutout } from "./cutout/cutout.ts";
import { withDetectedProduct } from "./detect/detect-product.ts";
import {
  type GenerateRequest,
  type ProgressEvent,
  planRequestOf,
  validate,
} from "./generate-request.ts";
import { type DecodeOptions, decodeImage } from "./input/decode.ts";
import { EngineError } from "./input/engine-error.ts";
import { getPreset, whiteScene } from "./presets/presets.ts";
import { giveFrame } from "./render/frame-pool.ts";
import { renderScene as defaultRender } from "./render/index.ts";
import { planScenes as defaultPlan } from "./scenes/index.ts";
import type { Cutout, DecodedImage, PlanRequest, RenderedScene, ScenePlan } from "./types.ts";

export { MAX_COUNT, MAX_SIDE } from "./generate-request.ts";
export type { GenerateRequest, ProgressEvent };

export interface GeneratedImage {
  index: number;
  width: number;
  height: number;
  format: OutputFormat;
  bytes: Buffer;
  /** "white" for white-background presets */
  templateId: string;
  seed: number;
  /** how well the product stands out in it (composite/rank-outputs.ts); outputs come best first */
  score?: number;
  /** the shot of the plan it renders (before ranking reorders the outputs) */
  shot?: number;
  timings: { renderMs: number; compositeMs: number; encodeMs: number };
}

/** The two stages owned by scenes/ and render/, injectable for tests and alternative sets. */
export interface SceneStages {
  planScenes(req: PlanRequest): ScenePlan[];
  renderScene(plan: ScenePlan): Promise<RenderedScene>;
}

const defaultStages: SceneStages = { planScenes: defaultPlan, renderScene: defaultRender };

const now = () => performance.now();

/** Outputs from a cut-out the caller already has (the server caches it per upload). */
export async function generateFromCutout(
  cut: Cutout,
  req: GenerateRequest = {},
  stages: SceneStages = defaultStages,
): Promise<GeneratedImage[]> {
  validate(req);
  const preset = getPreset(req.preset ?? "web");
  const width = req.width ?? preset.width;
  const height = req.height ?? preset.height;
  const format = req.format ?? preset.format;
  const quality = req.quality ?? preset.quality;
  const seed = req.seed ?? 1;
  const progress = req.onProgress ?? (() => {});

  if (preset.background === "white") {
    const t0 = now();
    const scene = whiteScene(cut, width, height);
    const t1 = now();
    // a marketplace's white is pure white: no shadow, no wrap, no grain
    const c = await compositeProduct(scene, cut, {
      shadows: false,
      lightWrap: false,
      matchGrain: false,
    });
    const t2 = now();
    const bytes = await encodeImage(c.rgb, width, height, { format, quality });
    progress({ stage: "done", done: 1, total: 1 });
    return [
      {
        index: 0,
        width,
        height,
        format,
        bytes,
        templateId: "white",
        seed,
        timings: { renderMs: t1 - t0, compositeMs: t2 - t1, encodeMs: now() - t2 },
      },
    ];
  }

  const count = req.count ?? 4;
  progress({ stage: "plan", done: 0, total: count });
  const planRequest = planRequestOf(cut, req, width, height);
  const plans = stages.planScenes(planRequest);
  // a painter gets the plan in words, shot by shot (backends/scene-prompt.ts)
  const words = req.backend ? scenePrompts(planRequest) : [];
  /** each shot's share painted so far, for the "paint" progress */
  const painted: number[] = Array(count).fill(0);
  const paint = (index: number, scene: RenderedScene, seed: number, signal = req.signal) =>
    paintWithBackend(
      req.backend!,
      scene,
      cut,
      words[index] ?? { prompt: req.prompt ?? "", negativePrompt: "" },
      // shots of one request may share the plan's seed (variants differ instead): the painter
      // needs its own per shot, or four photos would come back as one noise pattern
      (seed + index * 7919) % 2 ** 31,
      signal,
      (fraction) => {
        painted[index] = fraction;
        progress({
          stage: "paint",
          done: index,
          total: count,
          painted: painted.reduce((a, b) => a + b, 0) / count,
        });
      },
    );
  // a painter that works on several shots at once (a pool of GPU servers) gets every shot before
  // the first is awaited; the CPU renders them in order meanwhile, and they are composited in
  // order below, so the outputs are the same as one shot after another
  const early: { scene: Promise<RenderedScene>; renderMs: number }[] = [];
  /** the shots sent to a concurrent painter, in the order they were sent */
  const sentShots: number[] = [];
  const nextShot = shotsOf(req, Math.min(count, plans.length));
  // the first shot that fails stops the others (they would fail alike or be thrown away), and
  // is the error reported, not the others' aborts
  let firstFailure: unknown;
  if (req.backend?.concurrent) {
    const stop = new AbortController();
    const signal = req.signal ? AbortSignal.any([req.signal, stop.signal]) : stop.signal;
    for (let index = nextShot(); index !== undefined; index = nextShot()) {
      const plan = plans[index]!;
      if (req.signal?.aborted) throw new EngineError("CANCELLED", "Generation cancelled.");
      if (firstFailure) throw firstFailure;
      progress({ stage: "render", done: index, total: count });
      const t0 = now();
      const scene = paint(index, await stages.renderScene(plan), plan.seed, signal).catch(
        (err: unknown) => {
          firstFailure ??= err;
          stop.abort();
          throw err;
        },
      );
      // a failure is reported where the shot is awaited, not as an unhandled rejection
      scene.catch(() => {});
      early[index] = { scene, renderMs: now() - t0 };
      sentShots.push(index);
    }
  }
  // each output's JPEG is encoded on libuv's pool while the next scene renders on this thread:
  // both cores busy, the same bytes (docs/decisions/0506)
  const pending: Promise<GeneratedImage>[] = [];
  const painting = req.backend?.concurrent ? sentShots.values() : null;
  const next = () => (painting ? painting.next().value : nextShot());
  for (let index = next(); index !== undefined; index = next()) {
    const plan = plans[index]!;
    if (req.signal?.aborted) throw new EngineError("CANCELLED", "Generation cancelled.");
    let scene: RenderedScene;
    let t0 = now();
    let t1 = t0;
    let shadows = true;
    const sent = early[index];
    if (sent) {
      scene = await sent.scene.catch((err: unknown) => {
        throw firstFailure ?? err;
      });
      t0 = now() - sent.renderMs;
      t1 = now();
      progress({ stage: "composite", done: index, total: count });
      shadows = false; // the painter lit the set; our shadows would double its own
    } else {
      progress({ stage: "render", done: index, total: count });
      scene = await stages.renderScene(plan);
      t1 = now();
      progress({ stage: "composite", done: index, total: count });
      if (req.backend) {
        scene = await paint(index, scene, plan.seed);
        shadows = false; // the painter lit the set; our shadows would double its own
      }
    }
    const c = await compositeProduct(scene, cut, { shadows });
    // the set's frame is read no more: the next shot's set reuses it (render/frame-pool.ts)
    giveFrame(scene.rgb);
    const { score } = scoreOutput(c.rgb, width, height, cut, c.placement);
    const t2 = now();
    progress({ stage: "encode", done: index, total: count });
    const encoded = encodeImage(c.rgb, width, height, { format, quality }).then((bytes) => {
      giveFrame(c.rgb); // encoded: the next shot's composite reuses it
      return {
        index,
        width,
        height,
        format,
        bytes,
        templateId: plan.templateId,
        seed: plan.seed,
        score,
        shot: index,
        timings: { renderMs: t1 - t0, compositeMs: t2 - t1, encodeMs: now() - t2 },
      };
    });
    // a failed encode is reported by the Promise.all below, not as an unhandled rejection
    encoded.catch(() => {});
    pending.push(encoded);
  }
  const images = await Promise.all(pending);
  progress({ stage: "done", done: images.length, total: count });
  return rankImages(images);
}

/**
 * The shots a call renders, in the order it renders them, one at a time: `req.shots` in plan
 * order, or what `req.nextShot` hands out (a counter other threads pull from too), or all.
 */
function shotsOf(req: GenerateRequest, inPlan: number): () => number | undefined {
  const pull = req.nextShot;
  if (pull) {
    let done = false;
    return () => {
      if (done) return undefined;
      const k = pull();
      if (k !== undefined && Number.isInteger(k) && k >= 0 && k < inPlan) return k;
      done = true; // the counter ran out: ask it no more
      return undefined;
    };
  }
  const listed = [...Array(inPlan).keys()].filter((k) => !req.shots || req.shots.includes(k));
  let at = 0;
  return () => listed[at++];
}

/**
 * The best first: where the product stands out most, ties in the planned order; `index` is the
 * rank. Ranking parts rendered apart (`shots`) merged gives what one render of all would.
 */
export function rankImages(images: GeneratedImage[]): GeneratedImage[] {
  return [...images]
    .sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || (a.shot ?? a.index) - (b.shot ?? b.index))
    .map((img, index) => ({ ...img, index }));
}

async function paintWithBackend(
  backend: GenerativeBackend,
  scene: RenderedScene,
  cut: Cutout,
  words: { prompt: string; negativePrompt: string },
  seed: number,
  signal: AbortSignal | undefined,
  onProgress: (fraction: number) => void,
): Promise<RenderedScene> {
  const guide = await compositeProduct(scene, cut);
  const { width, height } = scene;
  const mask = Buffer.alloc(width * height * 4);
  const flat = await compositeProduct(
    { ...scene, rgb: Buffer.alloc(width * height * 3) },
    { ...cut, rgba: whiteOnAlpha(cut.rgba) },
    { shadows: false, lightWrap: false, reflection: false },
  );
  for (let i = 0; i < width * height; i++) mask[i * 4 + 3] = flat.rgb[i * 3]!;
  const [image, maskPng] = await Promise.all([
    sharp(guide.rgb, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
    sharp(mask, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  ]);
  const painted = await backend.paintBackground({
    width,
    height,
    image,
    mask: maskPng,
    prompt: words.prompt,
    negativePrompt: words.negativePrompt,
    seed,
    signal,
    onProgress,
  });
  let rgb: Buffer;
  try {
    rgb = await sharp(painted, { limitInputPixels: 40_000_000 })
      .removeAlpha()
      .toColourspace("srgb")
      .resize(width, height, { fit: "cover" })
      .raw()
      .toBuffer();
  } catch (err) {
    throw new EngineError(
      "BACKEND_FAILED",
      `The ${backend.name} backend returned no readable image.`,
      {
        cause: err,
      },
    );
  }
  return { ...scene, rgb, reflectivity: 0 };
}

/** A copy of the cut-out whose pixels are white, keeping its alpha: renders the product mask. */
function whiteOnAlpha(rgba: Buffer): Buffer {
  const out = Buffer.alloc(rgba.length, 255);
  for (let i = 3; i < rgba.length; i += 4) out[i] = rgba[i]!;
  return out;
}

export interface GenerateResult {
  cutout: Cutout;
  images: GeneratedImage[];
}

/**
 * One upload in, outputs out: decode, cut out once, read the product's kind from the photo
 * (`detect: false` skips it), then generateFromCutout.
 */
export async function generate(
  photo: Uint8Array | DecodedImage,
  req: GenerateRequest = {},
  options: {
    decode?: DecodeOptions;
    cutout?: CutoutOptions;
    stages?: SceneStages;
    detect?: boolean;
  } = {},
): Promise<GenerateResult> {
  validate(req);
  const total = req.preset && getPreset(req.preset).background === "white" ? 1 : (req.count ?? 4);
  req.onProgress?.({ stage: "decode", done: 0, total });
  const image =
    photo instanceof Uint8Array
      ? await decodeImage(photo, { maxSide: CUTOUT_MAX_SIDE, ...options.decode })
      : photo;
  req.onProgress?.({ stage: "cutout", done: 0, total });
  const cutOnly = await makeCutout(image, options.cutout);
  const cut = options.detect === false ? cutOnly : await withDetectedProduct(image, cutOnly);
  const images = await generateFromCutout(cut, req, options.stages);
  return { cutout: cut, images };
}
