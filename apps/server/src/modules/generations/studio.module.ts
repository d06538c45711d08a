// Composition of issue 5's pieces (storage, queue, uploads, generations, job handlers, the
// runner), shared by the API process (registerStudio, one line in app.ts) and the worker
// process (apps/worker → worker-process.ts): both run the very same handlers.
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import { createGpu, type Gpu } from "../../comfyui/gpu.module.ts";
import { gpuRoutes } from "../../comfyui/gpu.routes.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { createInProcessEngine, type StudioEngine } from "../../engine/engine-adapter.ts";
import { createThreadEngine } from "../../engine/engine-thread.ts";
import { clothingRoutes } from "../clothing/clothing.routes.ts";
import { createTryOnRunner, type TryOnRunner } from "../clothing/clothing-tryon.ts";
import type { CoinsService } from "../coins/coins.service.ts";
import type { JobHandlers } from "../jobs/job-definitions.ts";
import { createJobQueue, type JobQueue } from "../jobs/job-queue.ts";
import { createJobRunner, type JobRunner, type RunnerLog } from "../jobs/job-runner.ts";
import { createPublicApiJobs, type PublicApiJobs } from "../public-api/public-api.jobs.ts";
import { createMediaTokens, type MediaTokens } from "../storage/media-token.ts";
import { createStorage } from "../storage/storage.factory.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import { createReferenceLooks } from "../uploads/reference-looks.ts";
import { uploadsRoutes } from "../uploads/uploads.routes.ts";
import { createUploadsService, type UploadsService } from "../uploads/uploads.service.ts";
import { createVideosModule, type VideosModule } from "../videos/videos.module.ts";
import { generationEventsRoutes } from "./generation-events.routes.ts";
import { createGenerationJobs, type GenerationJobs } from "./generation-job.ts";
import { generationsRoutes } from "./generations.routes.ts";
import { createGenerationsService, type GenerationsService } from "./generations.service.ts";
import { templatesRoutes } from "./templates.routes.ts";

export interface Studio {
  storage: ObjectStorage;
  queue: JobQueue;
  tokens: MediaTokens;
  uploads: UploadsService;
  generations: GenerationsService;
  jobs: GenerationJobs;
  handlers: JobHandlers;
  /** the engine's CPU work: a worker thread unless ENGINE_THREAD=false (decision 0550) */
  engine: StudioEngine;
  /** product videos (issue 11): their service and job handlers */
  videos: VideosModule;
  /** webhooks and batches of the public API (issue 14): their services and job handlers */
  publicApi: PublicApiJobs;
  /** clothing on human models (issue 10): unavailable without TRYON_BACKEND */
  tryOn: TryOnRunner;
  /** GPU servers of COMFYUI_URLS (issue 22): null without any */
  gpu: Gpu | null;
  /** present when this process runs job handlers (RUN_JOBS, default true) */
  runner: JobRunner | null;
  /** false while the engine warms up at start (ENGINE_WARM), then true: GET /api/ready */
  isReady(): boolean;
  /** settles when the warm-up is over (at once when there is none) */
  warming: Promise<void>;
  stop(): Promise<void>;
}

export function createStudio(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  coins: CoinsService;
  kind: "server" | "worker";
  log: RunnerLog;
  /** default: per ENGINE_THREAD; closed by stop() either way */
  engine?: StudioEngine;
}): Studio {
  const { config, database, clock, coins, log } = deps;
  const g = config.generations;
  const db = database.db;
  const storage = createStorage({ dataDir: config.dataDir, storageUrl: g.storageUrl });
  const queue = createJobQueue(database, g, (err) => log.error({ err }, "job queue error"));
  const engine =
    deps.engine ??
    (g.engineThread
      ? createThreadEngine({
          onError: (err) => log.error({ err }, "engine thread crashed"),
          log,
        })
      : createInProcessEngine());
  // the process that runs jobs loads the model and warms the engine now, not on the first
  // upload; /api/ready answers 200 once done (docs/decisions/0506)
  let ready = !(g.runJobs && g.engineWarm && g.engineFast && engine.warm);
  const warming =
    ready || !engine.warm
      ? Promise.resolve()
      : engine.warm(g.cutoutMethod, g.detectProduct).then(
          () => {
            ready = true;
          },
          (err: unknown) => {
            // a model that cannot load is the cut-out's fallback to handle, not a dead server
            log.error({ err }, "engine warm-up failed");
            ready = true;
          },
        );
  let runner: JobRunner | null = null;
  const wake = () => runner?.wake();
  const uploads = createUploadsService({ db, storage, queue, config: g, engine, wake });
  const gpu = createGpu(config.gpu, log, db);
  // TRYON_BACKEND, when set, keeps the operator's own backend; else the GPU pool's workflows
  const tryOn = createTryOnRunner(config.tryOn, {
    db,
    storage,
    ...(!config.tryOn && gpu ? { backend: gpu.tryOn } : {}),
  });
  const referenceLooks = createReferenceLooks({ db, storage, engine });
  const publicApi = createPublicApiJobs({
    db,
    queue,
    clock,
    config,
    coins,
    storage,
    uploads,
    jobs: () => jobs,
    wake,
  });
  const jobs: GenerationJobs = createGenerationJobs({
    db,
    coins,
    uploads,
    storage,
    config: g,
    clock,
    engine,
    referenceLooks,
    onFinished: (tx, row) => publicApi.onGenerationFinished(tx, row),
    tryOn,
    scenes: gpu?.scenes,
  });
  const tokens = createMediaTokens(config.jwtSecret, g.mediaTokenTtlSeconds, clock);
  const videos = createVideosModule({
    db,
    config: g,
    clock,
    coins,
    queue,
    uploads,
    storage,
    tokens,
    wake,
    ffmpegPath: config.ffmpegPath,
    onFinished: (tx, video) => publicApi.onVideoFinished(tx, video),
  });
  const handlers: JobHandlers = {
    ...videos.handlers,
    ...publicApi.handlers,
    "upload.cutout": (data) => uploads.runCutoutJob(data),
    "generation.run": (data, ctx) => jobs.run(data, ctx),
    "generation.failed": (data) => jobs.deadLetter(data),
  };
  if (g.runJobs) {
    runner = createJobRunner({
      db,
      queue,
      handlers,
      config: g,
      kind: deps.kind,
      log,
      fairShare: config.publicApi.batchFairShare,
      onHeartbeat: async () => {
        const n = await jobs.reapOrphans(queue, g.heartbeatSeconds);
        if (n) log.info({ reaped: n }, "took back generations of a lost worker");
        await publicApi.onHeartbeat();
      },
    });
  }
  const generations = createGenerationsService({
    db,
    config: g,
    clock,
    coins,
    queue,
    uploads,
    storage,
    tokens,
    wake,
    tryOnAvailable: tryOn.available,
    cancelWaitlisted: (id) =>
      jobs.finalize(id, "failed", "Deleted before it started.", ["waitlisted"]),
    ...(gpu ? { gpuRunSeconds: gpu.runSeconds, gpuPainted: gpu.paintProgress.read } : {}),
  });
  return {
    storage,
    queue,
    tokens,
    uploads,
    generations,
    jobs,
    handlers,
    engine,
    videos,
    publicApi,
    tryOn,
    gpu,
    runner,
    isReady: () => ready,
    warming,
    async stop() {
      await runner?.stop();
      gpu?.close();
      await queue.stop();
      await engine.close();
    },
  };
}

/** Routes of uploads, generations and templates; the in-process runner starts on listen. */
export async function registerStudio(app: FastifyInstance, engine?: StudioEngine): Promise<void> {
  const { config, database, clock, coins } = app.services;
  const studio = createStudio({
    config,
    database,
    clock,
    coins,
    kind: "server",
    log: app.log,
    ...(engine ? { engine } : {}),
  });
  app.decorate("studio", studio);
  const g = config.generations;
  await app.register(uploadsRoutes, { uploads: studio.uploads, tokens: studio.tokens, config: g });
  await app.register(generationsRoutes, {
    generations: studio.generations,
    jobs: studio.jobs,
    tokens: studio.tokens,
    config: g,
    clock,
  });
  await app.register(generationEventsRoutes, {
    generations: studio.generations,
    tokens: studio.tokens,
    config: g,
  });
  await app.register(clothingRoutes, {
    db: database.db,
    clock,
    tryOnAvailable: studio.tryOn.available,
    rateLimit: g.generationRateLimit,
  });
  await app.register(gpuRoutes, { gpu: studio.gpu });
  await app.register(templatesRoutes, {
    cacheDir: path.join(config.dataDir, "cache", "thumbnails"),
    engine: studio.engine,
  });
  // Tests drive jobs with runner.runUntilIdle(); a listening server runs them continuously.
  app.addHook("onListen", async () => {
    await studio.runner?.start();
  });
  app.addHook("onClose", async () => {
    await studio.stop();
  });
}

declare module "fastify" {
  interface FastifyInstance {
    studio: Studio;
  }
}
