// The job side of the public API, built with the studio (in the API process and in every
// worker): the webhooks service and its delivery handler, and what happens when a generation
// reaches its final state (its webhook event; batch progress, decision 1004).
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { GenerationRow } from "../generations/generations.tables.ts";
import type { JobHandlers } from "../jobs/job-definitions.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { createWebhooksService, type WebhooksService } from "../webhooks/webhooks.service.ts";

export interface PublicApiJobs {
  webhooks: WebhooksService;
  handlers: Pick<JobHandlers, "webhook.deliver">;
  /** in finalize's transaction; the answer runs after the commit */
  onGenerationFinished(tx: Db, g: GenerationRow): Promise<() => Promise<void>>;
  /** on every runner heartbeat: re-queue deliveries whose job was lost */
  onHeartbeat(): Promise<void>;
}

export function createPublicApiJobs(deps: {
  db: Db;
  queue: JobQueue;
  clock: Clock;
  config: Config;
}): PublicApiJobs {
  const webhooks = createWebhooksService({
    db: deps.db,
    queue: deps.queue,
    clock: deps.clock,
    config: deps.config.publicApi,
  });
  return {
    webhooks,
    handlers: { "webhook.deliver": (data) => webhooks.deliver(data) },
    async onGenerationFinished(tx, g) {
      const status = g.status === "done" ? "done" : "failed";
      return webhooks.record(tx, g.accountId, `generation.${status}`, g.id, {
        generation: {
          id: g.id,
          status,
          imageCount: g.imageCount,
          delivered: g.delivered,
          error: g.error,
          batchId: null,
        },
      });
    },
    async onHeartbeat() {
      await webhooks.sweep();
    },
  };
}
