// The videos module's service and job handlers, built by src/composition/pipeline.ts (so the
// API process and apps/worker both run them). Its routes are registered by api-routes.ts.
import type { Clock } from "../../clock.ts";
import type { GenerationsConfig } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { CoinsService } from "../coins/coins.service.ts";
import type { JobHandlers } from "../jobs/job-definitions.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { MediaTokens } from "../storage/media-token.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import { createVideoJobs } from "./video-job.ts";
import { childProcessRenderer, type VideoRenderer } from "./video-renderer.ts";
import { createVideosService, type VideosService } from "./videos.service.ts";
import type { VideoRow } from "./videos.tables.ts";

export interface VideosModule {
  service: VideosService;
  handlers: Pick<JobHandlers, "video.run" | "video.failed">;
}

export function createVideosModule(deps: {
  db: Db;
  config: GenerationsConfig;
  clock: Clock;
  coins: CoinsService;
  queue: JobQueue;
  uploads: UploadsService;
  storage: ObjectStorage;
  tokens: MediaTokens;
  wake?: () => void;
  /** FFMPEG_PATH (config) */
  ffmpegPath: string;
  renderer?: VideoRenderer;
  /** in the final transition's transaction: the public API's webhook events */
  onFinished?: (tx: Db, video: VideoRow) => Promise<() => Promise<void>>;
}): VideosModule {
  const jobs = createVideoJobs({ ...deps, renderer: deps.renderer ?? childProcessRenderer });
  return {
    service: createVideosService({ ...deps, jobs }),
    handlers: {
      "video.run": (data, ctx) => jobs.run(data, ctx),
      "video.failed": (data) => jobs.deadLetter(data),
    },
  };
}
