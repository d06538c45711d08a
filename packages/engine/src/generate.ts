// The pipeline: decode → cut-out (or a cached one) → plan scenes → render → composite → encode.
// Scenes are rendered and composited one after another (sequential work keeps the output order
// and bytes deterministic); each JPEG is encoded on sharp's threads while the next renders.

import sharp from "sharp";
import type { GenerativeBackend } from "./backends/backend.types.ts";
import { scenePrompts } from "./backends/scene-prompt.ts";
import { compositeProduct } from "./composite/composite.ts";
import { encodeImage, type OutputFormat } from "./composite/encode.ts";
import { computePlacement } from "./composite/place.ts";
import { scoreOutput } from "./composite/rank-outputs.ts";
import { CUTOUT_MAX_SIDE, type CutoutOptions, cutout as makeCutout } from "./cutout/cutout.ts";
import { withDetectedProduct } from "./detect/detect-product.ts";
import { type DecodeOptions, decodeImage } from "./input/decode.ts";
import { EngineError } from "./input/engine-error.ts";
import { getPreset, type PresetName, whitePlacement, whiteScene } from "./presets/presets.ts";
import type { ReferenceLook } from "./reference/read-reference.ts";
import { renderScene as defaultRender, sceneGeometry } from "./render/index.ts";
import { planScenes as defaultPlan } from "./scenes/index.ts";
import type { Cutout, DecodedImage, PlanRequest, RenderedScene, ScenePlan } from "./types.ts";

export const MAX_COUNT = 8;
export const MAX_SIDE = 4096;
const MAX_PROMPT = 1000;

export interface GenerateRequest {
  prompt?: string;
  templateId?: string;
  /** outputs, 1..8 (default 4); a white-background preset always gives 1 */
  count?: number;
  /** same request + seed = byte-identical outputs (default 1) */
  seed?: number;
  /** default "web" (1024 square) */
  preset?: PresetName;
  /** override the preset's frame */
  width?: number;
  height?: number;
  format?: OutputFormat;
  quality?: number;
  /** when set, the background is painted by this service instead of the procedural renderer */
  backend?: GenerativeBackend;
  /** what the seller showed (readReference): palette, light, and a scene plate; several combine */
  references?: ReferenceLook[];
  /**
   * render only these shots of the plan (0-based, each below `count`); the rest are left to
   * another thread with the same request, and the parts are merged with rankImages. Unset:
   * every shot.
   */
  shots?: number[];
  onProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
}

export interface ProgressEvent {
  stage: "decode" | "cutout" | "plan" | "render" | "paint" | "composite" | "encode" | "done";
  /** outputs finished so far */
  done: number;
  total: number;
  /** with a painter that reports it ("paint"): its share of all shots done, 0..1 */
  painted?: number;
}

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

function checkInt(name: string, v: number | undefined, min: number, max: number): void {
  if (v === undefined) return;
  if (!Number.isInteger(v) || v < min || v > max) {
    throw new EngineError("INVALID_ARGUMENT", `${name} must be an integer from ${min} to ${max}.`);
  }
}

function validate(req: GenerateRequest): void {
  checkInt("count", req.count, 1, MAX_COUNT);
  checkInt("seed", req.seed, 0, 2 ** 31 - 1);
  checkInt("width", req.width, 64, MAX_SIDE);
  checkInt("height", req.height, 64, MAX_SIDE);
  if (req.shots !== undefined) {
    const count = req.count ?? 4;
    const ok =
      Array.isArray(req.shots) &&
      req.shots.length > 0 &&
      new Set(req.shots).size === req.shots.length &&
      req.shots.every((s) => Number.isInteger(s) && s >= 0 && s < count);
    if (!ok) {
      throw new EngineError(
        "INVALID_ARGUMENT",
        `shots must be distinct integers from 0 to ${count - 1}.`,
      );
    }
  }
  if (
    req.prompt !== undefined &&
    (typeof req.prompt !== "string" || req.prompt.length > MAX_PROMPT)
  ) {
    throw new EngineError(
      "INVALID_ARGUMENT",
      `prompt must be text of at most ${MAX_PROMPT} characters.`,
    );
  }
}

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
    const c = await compositeProduct(scene, cut, { shadows: false, lightWrap: false });
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
  const shots = new Set(req.shots ?? plans.keys());
  // the first shot that fails stops the others (they would fail alike or be thrown away), and
  // is the error reported, not the others' aborts
  let firstFailure: unknown;
  if (req.backend?.concurrent) {
    const stop = new AbortController();
    const signal = req.signal ? AbortSignal.any([req.signal, stop.signal]) : stop.signal;
    for (const [index, plan] of plans.slice(0, count).entries()) {
      if (!shots.has(index)) continue;
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
      early.push({ scene, renderMs: now() - t0 });
    }
  }
  // each output's JPEG is encoded on libuv's pool while the next scene renders on this thread:
  // both cores busy, the same bytes (docs/decisions/0506)
  const pending: Promise<GeneratedImage>[] = [];
  for (const [index, plan] of plans.slice(0, count).entries()) {
    if (!shots.has(index)) continue;
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
    const { score } = scoreOutput(c.rgb, width, height, cut, c.placement);
    const t2 = now();
    progress({ stage: "encode", done: index, total: count });
    const encoded = encodeImage(c.rgb, width, height, { format, quality }).then((bytes) => ({
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
    }));
    // a failed encode is reported by the Promise.all below, not as an unhandled rejection
    encoded.catch(() => {});
    pending.push(encoded);
  }
  const images = await Promise.all(pending);
  progress({ stage: "done", done: images.length, total: count });
  return rankImages(images);
}

/** What the planner is told about a request of generateFromCutout. */
function planRequestOf(
  cut: Pick<Cutout, "bbox" | "colors" | "product">,
  req: GenerateRequest,
  width: number,
  height: number,
): PlanRequest {
  return {
    prompt: req.prompt,
    templateId: req.templateId,
    seed: req.seed ?? 1,
    count: req.count ?? 4,
    width,
    height,
    product: {
      colors: cut.colors,
      aspectRatio: cut.bbox.width / cut.bbox.height,
      ...(cut.product ? { detected: cut.product } : {}),
    },
    ...(req.references?.length ? { references: req.references } : {}),
  };
}

/**
 * The product's long side, px, in the largest of the outputs generateFromCutout(cut, req) makes:
 * a cut-out whose product is at least this large gives them without upsampling it (the server
 * picks the render copy or the full cut-out by it, cutout/render-copy.ts). From the plan and the
 * placements alone, no pixels: sizes do not depend on the cut-out's resolution, only its box's
 * aspect and the sides the photo cut.
 */
export function productSideNeeded(
  cut: Pick<Cutout, "bbox" | "colors" | "product" | "croppedSides">,
  req: GenerateRequest = {},
): number {
  validate(req);
  const preset = getPreset(req.preset ?? "web");
  const width = req.width ?? preset.width;
  const height = req.height ?? preset.height;
  const frame = { width, height };
  const targets =
    preset.background === "white"
      ? [whitePlacement(cut, width, height)]
      : defaultPlan(planRequestOf(cut, req, width, height))
          .slice(0, req.count ?? 4)
          .map((plan) => sceneGeometry(plan).placement);
  return Math.max(
    ...targets.map((target) => {
      const p = computePlacement(cut, target, frame);
      return Math.max(p.width, p.height);
    }),
  );
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
