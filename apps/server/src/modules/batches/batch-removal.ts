// Deleting a batch: what has not started is cancelled and refunded; once nothing runs, the
// batch goes with its generations and files.
import { GenerationMessages } from "@studio/contracts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { conflict } from "../../http/http-error.ts";
import type { GenerationJobs } from "../generations/generation-job.ts";
import {
  deleteGenerations,
  idsWithStatus,
  imagesOf,
} from "../generations/generations.repository.ts";
import { ACTIVE_STATUSES } from "../generations/generations.types.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import { ownedBatch } from "./batch-presenter.ts";
import { batches, batchItems } from "./batches.tables.ts";

/**
 * Cancels (and refunds) every photo that has not started; once none is running, deletes
 * the batch with its generations and files. 409 while some still run.
 */
export async function removeBatch(
  deps: { db: Db; storage: ObjectStorage; jobs: () => GenerationJobs },
  accountId: string,
  id: string,
): Promise<{ success: boolean; refunded: number }> {
  const { db, storage } = deps;
  const b = await ownedBatch(db, accountId, id);
  await db
    .update(batches)
    .set({ status: "cancelled" })
    .where(and(eq(batches.id, id), eq(batches.status, "processing")));
  const items = await db.select().from(batchItems).where(eq(batchItems.batchId, id));
  const ids = items.map((i) => i.generationId);
  const waiting = await idsWithStatus(db, ids, ["waitlisted"]);
  for (const generationId of waiting) {
    await deps
      .jobs()
      .finalize(generationId, "failed", "Cancelled with its batch. Your coins were refunded.", [
        "waitlisted",
      ]);
  }
  const running = await idsWithStatus(db, ids, ACTIVE_STATUSES);
  if (running.length)
    throw conflict(GenerationMessages.stillRunning, `${running.length} photo(s) still running`);
  const refunded = (await ownedBatch(db, accountId, id)).refunded;
  const images = await imagesOf(db, ids);
  await db.transaction(async (tx) => {
    await deleteGenerations(tx, ids);
    await tx.delete(batches).where(eq(batches.id, b.id));
  });
  await Promise.all(images.map((i) => storage.delete(i.storageKey).catch(() => {})));
  await Promise.all(
    items.flatMap((i) => (i.sourceKey ? [storage.delete(i.sourceKey).catch(() => {})] : [])),
  );
  return { success: true, refunded };
}
