// A batch as the API shows it (GET /v1/batches/:id), read only by its owner.
import type { Batch } from "@studio/contracts";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { notFound } from "../../http/http-error.ts";
import { statusesOf } from "../generations/generations.repository.ts";
import { type BatchRow, batches, batchItems } from "./batches.tables.ts";

/** The account's batch, or 404 (someone else's batch is not found either). */
export async function ownedBatch(db: Db, accountId: string, id: string): Promise<BatchRow> {
  const [b] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.id, id), eq(batches.accountId, accountId)));
  if (!b) throw notFound("Batch not found");
  return b;
}

export async function presentBatch(db: Db, b: BatchRow): Promise<Batch> {
  const rows = await db
    .select({
      idx: batchItems.idx,
      filename: batchItems.filename,
      generationId: batchItems.generationId,
    })
    .from(batchItems)
    .where(eq(batchItems.batchId, b.id))
    .orderBy(asc(batchItems.idx));
  const states = await statusesOf(
    db,
    rows.map((i) => i.generationId),
  );
  // an item whose generation is gone is left out, as the join with generations did
  const items = rows.flatMap((i) => {
    const state = states.get(i.generationId);
    return state ? [{ ...i, ...state }] : [];
  });
  return {
    id: b.id,
    status: b.status,
    total: b.total,
    done: b.done,
    failed: b.failed,
    pending: b.total - b.done - b.failed,
    cost: b.reserved,
    refunded: b.refunded,
    createdAt: b.createdAt.toISOString(),
    finishedAt: b.finishedAt ? b.finishedAt.toISOString() : null,
    resultsUrl: `/v1/batches/${b.id}/results`,
    items: items.map((i) => ({
      index: i.idx,
      filename: i.filename,
      generationId: i.generationId,
      status: i.status,
      ...(i.error ? { error: i.error } : {}),
    })),
  };
}
