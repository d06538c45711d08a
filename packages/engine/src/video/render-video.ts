// A product video from one or more cut-outs: plan and render the set once (larger than the
// frame), then per frame move/zoom/relight it with raw buffers, paste the product exactly as the
// photo pipeline does, and pipe the frames to ffmpeg. A poster (the first frame) comes back too.
import sharp from "sharp";
import { EngineError } from "../input/engine-error.ts";
import type { Cutout } from "../types.ts";
import { poseAt, VIDEO_MOVES, type VideoMove } from "./camera-moves.ts";
import { ffmpegPath, startEncoder } from "./ffmpeg-encoder.ts";
import { frameRaster } from "./frame-raster.ts";
import { buildPlate } from "./video-plate.ts";

export const VIDEO_ASPECTS = {
  "1:1": { width: 1080, height: 1080 },
  "9:16": { width: 1080, height: 1920 },
  "16:9": { width: 1920, height: 1080 },
} as const;
export type VideoAspect = keyof typeof VIDEO_ASPECTS;
export const VIDEO_SECONDS = [5, 10] as const;
export const VIDEO_FPS = [24, 30] as const;
const MAX_PROMPT = 1000;
const MAX_VIEWS = 8;

export interface VideoRequest {
  prompt?: string;
  templateId?: string;
  /** default "orbit"; "turntable" needs two or more views */
  move?: VideoMove;
  seconds?: 5 | 10;
  fps?: 24 | 30;
  aspect?: VideoAspect;
  seed?: number;
  /** the MP4 file to write */
  out: string;
  /** override the frame size (tests, previews); defaults from the aspect */
  width?: number;
  height?: number;
  ffmpegPath?: string;
  onProgress?: (e: { stage: "plate" | "frames" | "encode"; frame: number; total: number }) => void;
  signal?: AbortSignal;
}

export interface VideoResult {
  width: number;
  height: number;
  fps: number;
  seconds: number;
  frames: number;
  move: VideoMove;
  templateId: string;
  /** JPEG of the first frame */
  poster: Buffer;
  timings: { plateMs: number; framesMs: number; perFrameMs: number; totalMs: number };
}

function invalid(message: string): EngineError {
  return new EngineError("INVALID_ARGUMENT", message);
}

export function validateVideoRequest(views: Cutout[], req: VideoRequest): void {
  if (!Array.isArray(views) || views.length < 1 || views.length > MAX_VIEWS) {
    throw invalid(`A video needs 1 to ${MAX_VIEWS} product views.`);
  }
  const move = req.move ?? "orbit";
  if (!VIDEO_MOVES.includes(move)) throw invalid(`move must be one of ${VIDEO_MOVES.join(", ")}.`);
  if (move === "turntable" && views.length < 2) {
    throw invalid("A turntable needs two or more views of the product.");
  }
  if (req.seconds !== undefined && !VIDEO_SECONDS.includes(req.seconds)) {
    throw invalid("seconds must be 5 or 10.");
  }
  if (req.fps !== undefined && !VIDEO_FPS.includes(req.fps)) throw invalid("fps must be 24 or 30.");
  if (req.aspect !== undefined && !(req.aspect in VIDEO_ASPECTS)) {
    throw invalid(`aspect must be one of ${Object.keys(VIDEO_ASPECTS).join(", ")}.`);
  }
  for (const [name, v] of [
    ["width", req.width],
    ["height", req.height],
  ] as const) {
    // even sizes: yuv420p halves the chroma in both directions
    if (v !== undefined && (!Number.isInteger(v) || v < 64 || v > 1920 || v % 2 !== 0)) {
      throw invalid(`${name} must be an even whole number from 64 to 1920.`);
    }
  }
  if (
    req.prompt !== undefined &&
    (typeof req.prompt !== "string" || req.prompt.length > MAX_PROMPT)
  ) {
    throw invalid(`prompt must be text of at most ${MAX_PROMPT} characters.`);
  }
  if (
    req.seed !== undefined &&
    (!Number.isInteger(req.seed) || req.seed < 0 || req.seed >= 2 ** 31)
  ) {
    throw invalid("seed must be a whole number from 0 to 2^31-1.");
  }
  if (typeof req.out !== "string" || req.out.length === 0)
    throw invalid("out must be a file path.");
}

export async function renderVideo(views: Cutout[], req: VideoRequest): Promise<VideoResult> {
  validateVideoRequest(views, req);
  const bin = ffmpegPath(req.ffmpegPath); // fail before any rendering when ffmpeg is absent
  const t0 = performance.now();
  const move = req.move ?? "orbit";
  const seconds = req.seconds ?? 5;
  const fps = req.fps ?? 30;
  const size = VIDEO_ASPECTS[req.aspect ?? "1:1"];
  const width = req.width ?? size.width;
  const height = req.height ?? size.height;
  const total = seconds * fps;
  const progress = req.onProgress ?? (() => {});
  const cancelled = () => new EngineError("CANCELLED", "Video cancelled.");

  progress({ stage: "plate", frame: 0, total });
  const used = move === "turntable" ? views : views.slice(0, 1);
  const plate = await buildPlate(used, {
    frameWidth: width,
    frameHeight: height,
    prompt: req.prompt,
    templateId: req.templateId,
    seed: req.seed ?? 1,
  });
  const t1 = performance.now();
  if (req.signal?.aborted) throw cancelled();

  const raster = frameRaster(plate, width, height);
  const margin = (plate.width - width) / 2;
  const encoder = startEncoder({ width, height, fps, out: req.out, ffmpegPath: bin });
  // two frame buffers: one being drawn while the other is handed to ffmpeg
  const buffers = [Buffer.alloc(width * height * 3), Buffer.alloc(width * height * 3)];
  const pending: Array<Promise<void> | undefined> = [undefined, undefined];
  let poster: Buffer | undefined;
  let drawMs = 0;
  try {
    for (let n = 0; n < total; n++) {
      if (req.signal?.aborted) throw cancelled();
      const slot = n % 2;
      await pending[slot];
      const buf = buffers[slot]!;
      const d0 = performance.now();
      await raster.draw(poseAt(move, total > 1 ? n / (total - 1) : 0, margin, used.length), buf);
      drawMs += performance.now() - d0;
      if (n === 0) {
        poster = await sharp(buf, { raw: { width, height, channels: 3 } })
          .jpeg({ quality: 86, mozjpeg: true })
          .toBuffer();
      }
      pending[slot] = encoder.write(buf);
      // a rejected write is awaited on the slot's next turn or below; keep it from going unhandled
      pending[slot]!.catch(() => {});
      progress({ stage: "frames", frame: n + 1, total });
    }
    await Promise.all(pending);
    progress({ stage: "encode", frame: total, total });
    await encoder.finish();
  } catch (err) {
    encoder.abort();
    throw err;
  }
  const t2 = performance.now();
  return {
    width,
    height,
    fps,
    seconds,
    frames: total,
    move,
    templateId: plate.templateId,
    poster: poster!,
    timings: {
      plateMs: Math.round(t1 - t0),
      framesMs: Math.round(t2 - t1),
      perFrameMs: Math.round((drawMs / total) * 10) / 10,
      totalMs: Math.round(t2 - t0),
    },
  };
}
