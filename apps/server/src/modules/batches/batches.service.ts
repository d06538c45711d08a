// Batches: up to BATCH_MAX_ITEMS photos submitted at once. Creating one writes, in ONE
// transaction, the batch, a generation row per photo (waitlisted, so it has a position, status
// and webhooks like any generation), the coin spend for the whole batch and a `batch.item` job
// per photo; the photos themselves are stored first and imported by their item's job. Items
// share the queue with web traffic on fair terms (job-runner.ts, decision 1004).
import type { Batch } from "@studio/contracts";
import type { Db } from "../../db/database.ts";
import type { GenerationJobs } from "../generations/generation-job.ts";
import type { GenerationRow } from "../generations/generations.repository.ts";
import { type BatchCreationDeps, createBatchCreation } from "./batch-creation.ts";
import { onBatchItemFinished } from "./batch-item-finished.ts";
import { ownedBatch, presentBatch } from "./batch-presenter.ts";
import { removeBatch } from "./batch-removal.ts";
import { batchResults } from "./batch-results.ts";

export { itemPriority } from "./batch-creation.ts";

export function createBatchesService(
  deps: BatchCreationDeps & {
    /** late-bound: the generation jobs are built after this service (they call its hook) */
    jobs: () => GenerationJobs;
  },
) {
  const { db } = deps;
  return {
    create: createBatchCreation(deps),

    async get(accountId: string, id: string): Promise<Batch> {
      return presentBatch(db, await ownedBatch(db, accountId, id));
    },

    /**
     * Cancels (and refunds) every photo that has not started; once none is running, deletes
     * the batch with its generations and files. 409 while some still run.
     */
    remove: (accountId: string, id: string) => removeBatch(deps, accountId, id),

    /** every delivered image, as files streamed into one ZIP */
    results: (accountId: string, id: string) => batchResults(deps, accountId, id),

    /**
     * In finalize's transaction, when a generation that belongs to a batch is done or failed:
     * refund what it did not deliver from the batch's spend, count it, and finish the batch
     * with its last item. Answers the batch id (null when not a batch item) and the finished
     * batch, if this was its last item.
     */
    onItemFinished: (tx: Db, g: GenerationRow) => onBatchItemFinished(deps, tx, g),
  };
}

export type BatchesService = ReturnType<typeof createBatchesService>;
