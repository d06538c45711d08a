// Runs video-render.child.ts in a child process (node + tsx, as the server itself runs) and
// turns its stdout lines into progress callbacks and a result. Killed on abort.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type CutoutMeta, photoPack, type VideoRequest, type VideoResult } from "@studio/engine";

export interface VideoRenderJob {
  views: { png: string; meta: CutoutMeta }[];
  request: Omit<VideoRequest, "onProgress" | "signal">;
  poster: string;
}

/** A failure the engine reported with a code (bad input, ffmpeg missing…): retrying won't help. */
export class VideoRenderError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

export type VideoRenderer = (
  job: VideoRenderJob,
  onFrame: (done: number, total: number) => void,
) => Promise<Omit<VideoResult, "poster">>;

const tsxCli = () =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve("tsx/package.json")),
    "dist/cli.mjs",
  );

export const childProcessRenderer: VideoRenderer = (job, onFrame) =>
  new Promise((resolve, reject) => {
    const entry = fileURLToPath(new URL("./video-render.child.ts", import.meta.url));
    const child = spawn(process.execPath, [tsxCli(), entry], {
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, UV_THREADPOOL_SIZE: "2" },
    });
    let stderr = "";
    let buffered = "";
    let result: Omit<VideoResult, "poster"> | undefined;
    let failure: VideoRenderError | undefined;
    child.stderr.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    child.stdout.on("data", (d: Buffer) => {
      buffered += d.toString();
      let nl = buffered.indexOf("\n");
      while (nl >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        nl = buffered.indexOf("\n");
        let msg: {
          progress?: { frame: number; total: number };
          done?: Omit<VideoResult, "poster">;
          error?: string;
          code?: string;
        };
        try {
          msg = JSON.parse(line);
        } catch {
          continue;
        }
        if (msg.progress) onFrame(msg.progress.frame, msg.progress.total);
        if (msg.done) result = msg.done;
        if (msg.error) failure = new VideoRenderError(msg.error, msg.code);
      }
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0 && result) resolve(result);
      else reject(failure ?? new Error(`video renderer exited with ${code}: ${stderr.trim()}`));
    });
    const pack = photoPack();
    child.stdin.end(
      JSON.stringify(pack ? { ...job, pack: { dir: pack.dir, present: [...pack.present] } } : job),
    );
  });
