// Composition of the videos module: its job handlers (added to the studio's runner, so the API
// process and apps/worker both run them) and its routes.
import type { FastifyInstance } from "fastify";
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
import { videosRoutes } from "./videos.routes.ts";
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

export async function registerVideos(app: FastifyInstance): Promise<void> {
  await app.register(videosRoutes, {
    videos: app.studio.videos.service,
    tokens: app.studio.tokens,
    config: app.services.config.generations,
  });
}
