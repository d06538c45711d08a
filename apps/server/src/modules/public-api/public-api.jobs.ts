// The job side of the public API, built with the pipeline (src/composition/pipeline.ts, in the
// API process and in every worker): webhooks and their delivery handler, batches and their item handler, and what
// happens when a generation reaches its final state — batch progress and refund (decision
// 1004), then its webhook events (decision 1003), all in finalize's transaction.
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { createBatchItemJob } from "../batches/batch-item.job.ts";
import { type BatchesService, createBatchesService } from "../batches/batches.service.ts";
import type { CoinsService } from "../coins/coins.service.ts";
import type { GenerationJobs } from "../generations/generation-job.ts";
import type { GenerationRow } from "../generations/generations.repository.ts";
import type { JobHandlers } from "../jobs/job-definitions.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import type { VideoRow } from "../videos/videos.types.ts";
import { createWebhooksService, type WebhooksService } from "../webhooks/webhooks.service.ts";

export interface PublicApiJobs {
  webhooks: WebhooksService;
  batches: BatchesService;
  handlers: Pick<JobHandlers, "webhook.deliver" | "batch.item" | "batch.failed">;
  /** in finalize's transaction; the answer runs after the commit */
  onGenerationFinished(tx: Db, g: GenerationRow): Promise<() => Promise<void>>;
  /** the same for a video: its video.done or video.failed event */
  onVideoFinished(tx: Db, v: VideoRow): Promise<() => Promise<void>>;
  /** on every runner heartbeat: re-queue deliveries whose job was lost */
  onHeartbeat(): Promise<void>;
}

export function createPublicApiJobs(deps: {
  db: Db;
  queue: JobQueue;
  clock: Clock;
  config: Config;
  coins: CoinsService;
  storage: ObjectStorage;
  uploads: UploadsService;
  /** late-bound: the generation jobs are built with onGenerationFinished below */
  jobs: () => GenerationJobs;
  wake?: () => void;
}): PublicApiJobs {
  const { db, queue, clock, config } = deps;
  const webhooks = createWebhooksService({ db, queue, clock, config: config.publicApi });
  const batches = createBatchesService({ ...deps });
  const item = createBatchItemJob({
    db,
    storage: deps.storage,
    uploads: deps.uploads,
    jobs: deps.jobs,
  });
  return {
    webhooks,
    batches,
    handlers: {
      "webhook.deliver": (data) => webhooks.deliver(data),
      "batch.item": (data, ctx) => item.run(data, ctx),
      "batch.failed": (data) => item.deadLetter(data),
    },
    async onGenerationFinished(tx, g) {
      const { batchId, finished } = await batches.onItemFinished(tx, g);
      const status = g.status === "done" ? "done" : "failed";
      const sendGeneration = await webhooks.record(tx, g.accountId, `generation.${status}`, g.id, {
        generation: {
          id: g.id,
          status,
          imageCount: g.imageCount,
          delivered: g.delivered,
          error: g.error,
          batchId,
        },
      });
      const sendBatch = finished
        ? await webhooks.record(tx, g.accountId, "batch.done", finished.id, {
            batch: {
              id: finished.id,
              status: finished.status,
              total: finished.total,
              done: finished.done,
              failed: finished.failed,
            },
          })
        : async () => {};
      return async () => {
        await sendGeneration();
        await sendBatch();
      };
    },
    async onVideoFinished(tx, v) {
      const status = v.status === "done" ? "done" : "failed";
      return webhooks.record(tx, v.accountId, `video.${status}`, v.id, {
        video: { id: v.id, status, seconds: v.seconds, aspect: v.aspect, error: v.error },
      });
    },
    async onHeartbeat() {
      await webhooks.sweep();
    },
  };
}
