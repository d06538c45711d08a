// H.264 MP4 through Debian's ffmpeg: raw RGB frames piped to its stdin, yuv420p (plays
// everywhere), +faststart (the index first, so a browser starts playing before the end has
// arrived). Written to a file because faststart rewrites the file after encoding.
import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { EngineError } from "../input/engine-error.ts";

export const DEFAULT_FFMPEG = "/usr/bin/ffmpeg";

export interface EncoderOptions {
  width: number;
  height: number;
  fps: number;
  out: string;
  ffmpegPath?: string;
  /** x264 constant rate factor (default 20: visually clean at a few MB for 10 s) */
  crf?: number;
}

export interface VideoEncoder {
  /** resolves when the frame's bytes were handed to ffmpeg (the buffer may be reused) */
  write(frame: Buffer): Promise<void>;
  /** closes stdin, waits for ffmpeg to finish the file */
  finish(): Promise<void>;
  abort(): void;
}

export function ffmpegPath(path?: string): string {
  const bin = path ?? DEFAULT_FFMPEG;
  try {
    accessSync(bin, constants.X_OK);
  } catch {
    throw new EngineError(
      "FFMPEG_MISSING",
      `ffmpeg was not found at ${bin}; install it (Debian: apt-get install ffmpeg) or give its path (FFMPEG_PATH).`,
    );
  }
  return bin;
}

export function startEncoder(opts: EncoderOptions): VideoEncoder {
  const bin = ffmpegPath(opts.ffmpegPath);
  const child = spawn(
    bin,
    [
      ...["-hide_banner", "-loglevel", "error", "-y"],
      ...["-f", "rawvideo", "-pix_fmt", "rgb24", "-s", `${opts.width}x${opts.height}`],
      ...["-framerate", String(opts.fps), "-i", "pipe:0"],
      ...["-c:v", "libx264", "-preset", "veryfast", "-crf", String(opts.crf ?? 20)],
      ...["-pix_fmt", "yuv420p", "-movflags", "+faststart", "-threads", "2"],
      opts.out,
    ],
    { stdio: ["pipe", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve(code));
  });
  let failed: Error | undefined;
  child.stdin.on("error", (err) => {
    failed = err;
  });
  const fail = (why: string) =>
    new EngineError("ENCODE_FAILED", `ffmpeg could not encode the video: ${why}`);
  return {
    write(frame) {
      if (failed || child.exitCode !== null) {
        return Promise.reject(fail(stderr.trim() || String(failed ?? "ffmpeg exited")));
      }
      // resolves once the frame has left our hands, so its buffer can be drawn into again
      return new Promise((resolve, reject) => {
        child.stdin.write(frame, (err) =>
          err ? reject(fail(stderr.trim() || String(err))) : resolve(),
        );
      });
    },
    async finish() {
      child.stdin.end();
      const code = await exited;
      if (code !== 0) throw fail(stderr.trim() || `exit code ${code}`);
    },
    abort() {
      child.stdin.destroy();
      child.kill("SIGKILL");
    },
  };
}
