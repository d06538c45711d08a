// What a generation is asked (GenerateRequest), its limits, their checks, and what the planner
// is told about it: shared by generateFromCutout and productSideNeeded.
import type { GenerativeBackend } from "./backends/backend.types.ts";
import type { OutputFormat } from "./composite/encode.ts";
import { EngineError } from "./input/engine-error.ts";
import type { PresetName } from "./presets/presets.ts";
import type { ReferenceLook } from "./reference/read-reference.ts";
import type { Cutout, PlanRequest } from "./types.ts";

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
  /**
   * render the shots this hands out, one at a time, until it hands out none (undefined, or a
   * number not below `count`): a counter shared with other threads rendering the same request,
   * so a thread that is ahead takes the next shot instead of waiting on a fixed part. Merged with
   * rankImages as `shots`; not with `shots`.
   */
  nextShot?: () => number | undefined;
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

function checkInt(name: string, v: number | undefined, min: number, max: number): void {
  if (v === undefined) return;
  if (!Number.isInteger(v) || v < min || v > max) {
    throw new EngineError("INVALID_ARGUMENT", `${name} must be an integer from ${min} to ${max}.`);
  }
}

export function validate(req: GenerateRequest): void {
  checkInt("count", req.count, 1, MAX_COUNT);
  checkInt("seed", req.seed, 0, 2 ** 31 - 1);
  checkInt("width", req.width, 64, MAX_SIDE);
  checkInt("height", req.height, 64, MAX_SIDE);
  if (req.shots !== undefined && req.nextShot !== undefined) {
    throw new EngineError("INVALID_ARGUMENT", "shots and nextShot cannot be asked together.");
  }
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

/** What the planner is told about a request of generateFromCutout. */
export function planRequestOf(
  cut: Pick<Cutout, "bbox" | "colors" | "product" | "seenFromAbove" | "seenFromSide">,
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
      pixels: { width: cut.bbox.width, height: cut.bbox.height },
      ...(cut.product ? { detected: cut.product } : {}),
      ...(cut.seenFromAbove ? { seenFromAbove: true } : {}),
      ...(cut.seenFromSide ? { seenFromSide: true } : {}),
      ...("rgba" in cut ? { lightSide: lightSideOf(cut as Cutout) } : {}),
      ...("rgba" in cut && cut.seenFromAbove ? { lightFrom: lightFromOf(cut as Cutout) } : {}),
    },
    ...(req.references?.length ? { references: req.references } : {}),
  };
}

/**
 * The side the photo's light came from: the product's left half against its right half,
 * brightness weighted by the matte, on a coarse grid (a few thousand samples). A set behind
 * it is then lit from the same side, so its shadows and the product's own shading agree.
 */
export function lightSideOf(cut: Pick<Cutout, "rgba" | "width" | "bbox">): number {
  const { x, y, width: w, height: h } = cut.bbox;
  const step = Math.max(1, Math.floor(Math.max(w, h) / 64));
  let left = 0;
  let right = 0;
  let nl = 0;
  let nr = 0;
  for (let yy = y; yy < y + h; yy += step)
    for (let xx = x; xx < x + w; xx += step) {
      const i = (yy * cut.width + xx) * 4;
      const a = cut.rgba[i + 3]! / 255;
      if (a < 0.5) continue;
      const l = (0.2126 * cut.rgba[i]! + 0.7152 * cut.rgba[i + 1]! + 0.0722 * cut.rgba[i + 2]!) * a;
      if (xx < x + w / 2) {
        left += l;
        nl += a;
      } else {
        right += l;
        nr += a;
      }
    }
  if (!nl || !nr) return 0;
  const L = left / nl;
  const R = right / nr;
  return (
    Math.round(Math.max(-1, Math.min(1, ((R - L) / Math.max(1, (R + L) / 2)) * 2)) * 100) / 100
  );
}

/**
 * Where a top view's light came from, in the photo's plane: round the outline, the side that
 * faces the light is the bright one. Each pixel of the outer band of the product (a coarse
 * grid) pulls the answer along its direction from the product's centre by how much brighter
 * than the band's mean it is. A flat lay's shadow then falls where the product's own dark side
 * is (a reviewer saw a banana's shadow thrown up while its lower edge was the dark one).
 */
export function lightFromOf(cut: Pick<Cutout, "rgba" | "width" | "bbox">): {
  x: number;
  y: number;
} {
  const { x, y, width: w, height: h } = cut.bbox;
  const step = Math.max(1, Math.floor(Math.max(w, h) / 96));
  const inside = (xx: number, yy: number) =>
    xx >= x &&
    yy >= y &&
    xx < x + w &&
    yy < y + h &&
    cut.rgba[(yy * cut.width + xx) * 4 + 3]! >= 128;
  // the outer band: opaque, with a clear cell within three steps
  const band: { dx: number; dy: number; l: number }[] = [];
  let cx = 0;
  let cy = 0;
  let n = 0;
  for (let yy = y; yy < y + h; yy += step)
    for (let xx = x; xx < x + w; xx += step) {
      if (!inside(xx, yy)) continue;
      cx += xx;
      cy += yy;
      n++;
    }
  if (!n) return { x: 0, y: 0 };
  cx /= n;
  cy /= n;
  const reach = step * 3;
  for (let yy = y; yy < y + h; yy += step)
    for (let xx = x; xx < x + w; xx += step) {
      if (!inside(xx, yy)) continue;
      if (
        inside(xx - reach, yy) &&
        inside(xx + reach, yy) &&
        inside(xx, yy - reach) &&
        inside(xx, yy + reach)
      )
        continue;
      const i = (yy * cut.width + xx) * 4;
      const l = 0.2126 * cut.rgba[i]! + 0.7152 * cut.rgba[i + 1]! + 0.0722 * cut.rgba[i + 2]!;
      const d = Math.hypot(xx - cx, yy - cy) || 1;
      band.push({ dx: (xx - cx) / d, dy: (yy - cy) / d, l });
    }
  if (band.length < 8) return { x: 0, y: 0 };
  const mean = band.reduce((s, b) => s + b.l, 0) / band.length;
  let vx = 0;
  let vy = 0;
  for (const b of band) {
    vx += (b.l - mean) * b.dx;
    vy += (b.l - mean) * b.dy;
  }
  // a relative contrast: the band's brightness swing across the product, −1 … 1
  const k = 4 / (band.length * Math.max(8, mean));
  const clamp1 = (v: number) => Math.round(Math.max(-1, Math.min(1, v * k)) * 100) / 100;
  return { x: clamp1(vx), y: clamp1(vy) };
}
