import type { Db } from "../../db/database.ts";
import type { JobResourceDeps } from "../generations/job-resource.types.ts";
import type { JobHandlers } from "../jobs/job-definitions.ts";
import { createVideoJobs } from "./video-job.ts";
import { childProcessRenderer, type VideoRenderer } from "./video-renderer.ts";
import { createVideosService, type VideosService } from "./videos.service.ts";
import type { VideoRow } from "./videos.tables.ts";

export interface VideosModule {
  service: VideosService;
  handlers: Pick<JobHandlers, "video.run" | "video.failed">;
}

export function createVideosModule(
  deps: JobResourceDeps & {
    /** FFMPEG_PATH (config) */
    ffmpegPath: string;
    renderer?: VideoRenderer;
    /** in the final transition's transaction: the public API's webhook events */
    onFinished?: (tx: Db, video: VideoRow) => Promise<() => Promise<void>>;
  },
): VideosModule {
  const jobs = createVideoJobs({ ...deps, renderer: deps.renderer ?? childProcessRenderer });
  return {
    service: createVideosService({ ...deps, jobs }),
    handlers: {
      "video.run": (data, ctx) => jobs.run(data, ctx),
      "video.failed": (data) => jobs.deadLetter(data),
    },
  };
}
