// The generation pipeline: storage, the job queue, the engine, uploads, generations, videos,
// the public API's job side (webhooks, batches), clothing try-on, the GPU pool, and the job
// runner with every handler. Built the same way by the API process (app.ts) and by each worker
// process (worker-process.ts), so both run the very same handlers (docs/decisions/0507).
import { setPhotoPack } from "@studio/engine";
import type { Clock } from "../clock.ts";
import { createGpu, type Gpu } from "../comfyui/gpu.module.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { StudioEngine } from "../engine/engine-adapter.ts";
import { type AssetPack, startAssetPack } from "../modules/assets/asset-pack.service.ts";
import { createTryOnRunner, type TryOnRunner } from "../modules/clothing/clothing-tryon.ts";
import type { CoinsService } from "../modules/coins/coins.service.ts";
import {
  createGenerationJobs,
  type GenerationJobs,
} from "../modules/generations/generation-job.ts";
import {
  createGenerationsService,
  type GenerationsService,
} from "../modules/generations/generations.service.ts";
import type { JobHandlers } from "../modules/jobs/job-definitions.ts";
import { createJobQueue, type JobQueue } from "../modules/jobs/job-queue.ts";
import { createJobRunner, type JobRunner, type RunnerLog } from "../modules/jobs/job-runner.ts";
import { createPublicApiJobs, type PublicApiJobs } from "../modules/public-api/public-api.jobs.ts";
import { createMediaTokens, type MediaTokens } from "../modules/storage/media-token.ts";
import { createStorage } from "../modules/storage/storage.factory.ts";
import type { ObjectStorage } from "../modules/storage/storage.types.ts";
import { createReferenceLooks } from "../modules/uploads/reference-looks.ts";
import { createUploadsService, type UploadsService } from "../modules/uploads/uploads.service.ts";
import { createVideosModule, type VideosModule } from "../modules/videos/videos.module.ts";
import { createEngine, warmsInParts } from "./engine-start.ts";

export interface Pipeline {
  storage: ObjectStorage;
  queue: JobQueue;
  tokens: MediaTokens;
  uploads: UploadsService;
  generations: GenerationsService;
  /** what runs, finishes and reaps one generation (generation-job.ts) */
  generationJobs: GenerationJobs;
  /** every job this process can run, by job name */
  handlers: JobHandlers;
  /** the engine's CPU work: a worker thread unless ENGINE_THREAD=false (decision 0550) */
  engine: StudioEngine;
  /** product videos: their service and job handlers */
  videos: VideosModule;
  /** the public API's job side: webhooks and batches, their services and job handlers. Its
   * HTTP side (API keys, /v1) is registered by api-routes.ts. */
  publicApiJobs: PublicApiJobs;
  /** clothing on human models: unavailable without TRYON_BACKEND or GPU servers */
  tryOn: TryOnRunner;
  /** GPU servers of COMFYUI_URLS: null without any */
  gpu: Gpu | null;
  /** the photographic pack: checked, and fetched into DATA_DIR/assets, in the background */
  assets: AssetPack;
  /** present when this process runs job handlers (RUN_JOBS, default true) */
  runner: JobRunner | null;
  /** false while the engine warms up at start (ENGINE_WARM), then true: GET /api/ready */
  isReady(): boolean;
  /** settles when the warm-up is over (at once when there is none) */
  warming: Promise<void>;
  stop(): Promise<void>;
}

export function createPipeline(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  coins: CoinsService;
  kind: "server" | "worker";
  log: RunnerLog;
  /** default: per ENGINE_THREAD; closed by stop() either way */
  engine?: StudioEngine;
  /** the models' warm-up of `engine`, already started (engine-start.ts): not started again */
  modelsWarming?: Promise<void>;
}): Pipeline {
  const { config, database, clock, coins, log } = deps;
  const g = config.generations;
  const db = database.db;
  const storage = createStorage({ dataDir: config.dataDir, storageUrl: g.storageUrl });
  const queue = createJobQueue(database, g, (err) => log.error({ err }, "job queue error"));
  const engine = deps.engine ?? createEngine(g, log);
  // the process that runs jobs loads the model and warms the engine now, not on the first
  // upload; /api/ready answers 200 once done (docs/decisions/0506)
  let ready = !(g.runJobs && g.engineWarm && g.engineFast && engine.warm);
  // the pack's surfaces and walls, decoded once the engine knows the pack: within the warm-up
  // when the pack is there at start, else when a fetch completes it (preload-pack.ts)
  let preloadLater = false;
  const preloadPack = async () => {
    if (!g.enginePreloadPack || !engine.preloadPack) return;
    const started = performance.now();
    const bytes = await engine.preloadPack();
    const ms = Math.round(performance.now() - started);
    if (bytes)
      log.info(
        { bytes, ms },
        `photographic pack: the sets' surfaces and walls decoded (${Math.round(bytes / 2 ** 20)} MB, ${ms} ms)`,
      );
  };
  // the engine (this thread, its threads, a video's child process) builds photographic sets
  // from the files verified so far, told after the check and again when a fetch ends
  const assets = startAssetPack({
    config: config.assets,
    log,
    onChange: (dir, present) => {
      setPhotoPack(dir, present);
      engine
        .setPhotoPack?.(dir, [...present])
        // at start the warm-up preloads; a pack completed later is preloaded when it is
        .then(() => (preloadLater ? preloadPack() : undefined))
        .catch((err: unknown) => {
          log.error({ err }, "the engine could not take the photographic pack");
        });
    },
  });
  // The models warm while the pack is checked; then the pack's images are decoded, and only
  // then the render warms, on both threads, the photographic sets a generation builds (decision
  // 0555). Before it, the second thread warmed drawn sets (the pack was not known yet) and each
  // thread decoded the images its warm-up used: the first generation still paid for the sets.
  // each part's end, in ms since the process started: what the 15 s start-up budget goes to
  const warmed = (part: string) => () =>
    log.info({ ms: Math.round(performance.now()) }, `start-up: ${part}`);
  const warmUp = (warm: NonNullable<StudioEngine["warm"]>) =>
    warmsInParts(g)
      ? Promise.all([
          (deps.modelsWarming ?? warm(g.cutoutMethod, g.detectProduct, true, "models")).then(
            warmed("the models are loaded and have run"),
          ),
          assets.checked.then(warmed("the photographic pack is checked")),
        ])
          .then(preloadPack)
          .then(warmed("the pack's surfaces are decoded"))
          .then(() => warm(g.cutoutMethod, g.detectProduct, true, "render"))
      : warm(g.cutoutMethod, g.detectProduct, g.engineWarmFull)
          // the pack's first check is a stat of each file (a hash only of files not seen before)
          .then(() => assets.checked)
          .then(preloadPack);
  const warming =
    ready || !engine.warm
      ? Promise.resolve()
      : warmUp(engine.warm.bind(engine)).then(
          () => {
            ready = true;
            preloadLater = true;
          },
          (err: unknown) => {
            // a model that cannot load is the cut-out's fallback to handle, not a dead server
            log.error({ err }, "engine warm-up failed");
            ready = true;
            preloadLater = true;
          },
        );
  const tokens = createMediaTokens(config.jwtSecret, g.mediaTokenTtlSeconds, clock);
  // A cycle, not an ordering problem: the services queue jobs and wake the runner, and the
  // runner is built from their handlers. `wake` reaches the runner once it exists.
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
  // Another cycle: a batch item runs a generation, and a finished generation advances its
  // batch. The public API's jobs read the generation jobs when an item runs.
  const publicApiJobs = createPublicApiJobs({
    db,
    queue,
    clock,
    config,
    coins,
    storage,
    uploads,
    jobs: () => generationJobs,
    wake,
  });
  const generationJobs: GenerationJobs = createGenerationJobs({
    db,
    coins,
    uploads,
    storage,
    config: g,
    clock,
    engine,
    referenceLooks,
    onFinished: (tx, row) => publicApiJobs.onGenerationFinished(tx, row),
    tryOn,
    scenes: gpu?.scenes,
  });
  // what the videos module and the generations service both take
  const shared = { db, config: g, clock, coins, queue, uploads, storage, tokens, wake };
  const videos = createVideosModule({
    ...shared,
    ffmpegPath: config.ffmpegPath,
    onFinished: (tx, video) => publicApiJobs.onVideoFinished(tx, video),
  });
  const handlers: JobHandlers = {
    ...videos.handlers,
    ...publicApiJobs.handlers,
    "upload.cutout": (data) => uploads.runCutoutJob(data),
    "generation.run": (data, ctx) => generationJobs.run(data, ctx),
    "generation.failed": (data) => generationJobs.deadLetter(data),
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
        const n = await generationJobs.reapOrphans(queue, g.heartbeatSeconds);
        if (n) log.info({ reaped: n }, "took back generations of a lost worker");
        await publicApiJobs.onHeartbeat();
      },
    });
  }
  const generations = createGenerationsService({
    ...shared,
    tryOnAvailable: tryOn.available,
    cancelWaitlisted: (id) =>
      generationJobs.finalize(id, "failed", "Deleted before it started.", ["waitlisted"]),
    ...(gpu ? { gpuRunSeconds: gpu.runSeconds, gpuPainted: gpu.paintProgress.read } : {}),
  });
  return {
    storage,
    queue,
    tokens,
    uploads,
    generations,
    generationJobs,
    handlers,
    engine,
    videos,
    publicApiJobs,
    tryOn,
    gpu,
    runner,
    assets,
    isReady: () => ready,
    warming,
    async stop() {
      await assets.stop();
      await runner?.stop();
      gpu?.close();
      await queue.stop();
      await engine.close();
    },
  };
}
