// When a batch photo's generation is done or failed (in finalize's transaction): its refund,
// the batch's counts, and the batch's end with its last photo.
import { Constants } from "@studio/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/database.ts";
import type { CoinsService } from "../coins/coins.service.ts";
import type { GenerationRow } from "../generations/generations.repository.ts";
import { batches, batchItems } from "./batches.tables.ts";

/**
 * In finalize's transaction, when a generation that belongs to a batch is done or failed:
 * refund what it did not deliver from the batch's spend, count it, and finish the batch
 * with its last item. Answers the batch id (null when not a batch item) and the finished
 * batch, if this was its last item.
 */
export async function onBatchItemFinished(
  deps: { coins: CoinsService; clock: Clock },
  tx: Db,
  g: GenerationRow,
) {
  const [item] = await tx.select().from(batchItems).where(eq(batchItems.generationId, g.id));
  if (!item) return { batchId: null, finished: null };
  const kept = Math.min(g.delivered, g.imageCount) * Constants.coinsPerImage;
  const refund = item.cost - Math.min(kept, item.cost);
  if (refund > 0) {
    await deps.coins.refund(
      {
        accountId: g.accountId,
        spendKey: `batch:${item.batchId}:reserve`,
        key: `gen:${g.id}:refund`,
        amount: refund,
        reason: `batch ${item.batchId}, photo ${item.idx + 1}: ${refund} image(s) not delivered`,
      },
      tx,
    );
  }
  const ok = g.status === "done" && g.delivered > 0;
  const [b] = await tx
    .update(batches)
    .set({
      done: sql`${batches.done} + ${ok ? 1 : 0}`,
      failed: sql`${batches.failed} + ${ok ? 0 : 1}`,
      refunded: sql`${batches.refunded} + ${refund}`,
    })
    .where(eq(batches.id, item.batchId))
    .returning();
  if (!b || b.done + b.failed < b.total) return { batchId: item.batchId, finished: null };
  const [finished] = await tx
    .update(batches)
    .set({
      status: sql`case when ${batches.status} = 'cancelled' then 'cancelled' else 'done' end`,
      finishedAt: new Date(deps.clock()),
    })
    .where(and(eq(batches.id, b.id), sql`${batches.finishedAt} is null`))
    .returning();
  return { batchId: item.batchId, finished: finished ?? null };
}
