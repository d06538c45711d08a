// Creating a batch: in ONE transaction the batch, a generation row per photo (waitlisted, so it
// has a position, status and webhooks like any generation), the coin spend for the whole batch
// (or Basic's allowance) and a `batch.item` job per photo; the photos themselves are stored
// first and removed again when the transaction fails.
import { randomUUID } from "node:crypto";
import { type Batch, GenerationMessages } from "@studio/contracts";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { badRequest, notFound } from "../../http/http-error.ts";
import { reserveAllowances } from "../billing/plan-allowance.ts";
import type { CoinsService } from "../coins/coins.service.ts";
import { refuseDuringMaintenance, submittingAccount } from "../generations/generation-admission.ts";
import { seedOf } from "../generations/generation-output.ts";
import { insertGenerations } from "../generations/generations.repository.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import { ownedUploads } from "../uploads/uploads.repository.ts";
import { chunks } from "./batch-chunks.ts";
import {
  type ItemSettings,
  type PlannedItem,
  planItems,
  type RequestedItem,
  totalCost,
} from "./batch-plan.ts";
import { ownedBatch, presentBatch } from "./batch-presenter.ts";
import { batches, batchItems } from "./batches.tables.ts";

/** items below every web generation (priority 0 or 10), in order, interleaved across batches */
export const itemPriority = (idx: number) => -1 - idx;

/** What creating a batch needs (the batches service needs it too, and more). */
export interface BatchCreationDeps {
  db: Db;
  config: Config;
  clock: Clock;
  coins: CoinsService;
  queue: JobQueue;
  storage: ObjectStorage;
  wake?: () => void;
}

export function createBatchCreation(deps: BatchCreationDeps) {
  const { db, config, clock, coins, queue, storage } = deps;

  return async function create(
    accountId: string,
    requested: RequestedItem[],
    common: ItemSettings,
  ): Promise<Batch> {
    refuseDuringMaintenance(config.generations, clock());
    if (requested.length === 0) throw badRequest("The batch has no photos.");
    if (requested.length > config.publicApi.batchMaxItems) {
      throw badRequest(`A batch holds at most ${config.publicApi.batchMaxItems} photos.`);
    }
    const { tier } = await submittingAccount(db, accountId, clock());
    const planned: PlannedItem[] = planItems(tier, requested, common);
    const named = [...new Set(planned.flatMap((p) => (p.uploadId ? [p.uploadId] : [])))];
    for (const part of chunks(named)) {
      const mine = new Map((await ownedUploads(db, accountId, part)).map((r) => [r.id, r]));
      const missing = part.find((id) => !mine.has(id));
      if (missing) throw notFound(`${GenerationMessages.uploadNotFound}: ${missing}`);
      if ([...mine.values()].some((r) => r.purpose !== "product")) {
        throw badRequest(GenerationMessages.notAProductPhoto);
      }
    }
    const id = randomUUID();
    const items = planned.map((p, idx) => ({ ...p, idx, generationId: randomUUID() }));
    const cost = totalCost(planned);
    // the photos first, outside the transaction; removed again if it fails
    const sourceKey = (idx: number) => `batches/${id}/sources/${idx}`;
    for (const part of chunks(
      items.filter((i) => i.bytes),
      16,
    )) {
      await Promise.all(
        part.map((i) =>
          storage.put(sourceKey(i.idx), i.bytes as Buffer, "application/octet-stream"),
        ),
      );
    }
    await queue.start();
    try {
      await db.transaction(async (tx) => {
        if (tier === "basic") {
          await reserveAllowances(
            tx,
            accountId,
            items.map((i) => ({ key: `gen:${i.generationId}`, images: i.images })),
            clock(),
          );
        }
        await tx.insert(batches).values({
          id,
          accountId,
          status: "processing",
          total: items.length,
          done: 0,
          failed: 0,
          reserved: cost,
          refunded: 0,
          createdAt: new Date(clock()),
        });
        await insertGenerations(
          tx,
          items.map((i) => ({
            id: i.generationId,
            accountId,
            uploadId: i.uploadId ?? null,
            referenceIds: [],
            prompt: i.prompt,
            template: i.template,
            preset: i.preset,
            imageCount: i.images,
            reserved: 0, // the batch holds the coins: refunds per item in onItemFinished
            priority: itemPriority(i.idx),
            seed: seedOf(i.generationId),
            status: "waitlisted" as const,
            delivered: 0,
            attempts: 0,
          })),
        );
        for (const part of chunks(items)) {
          await tx.insert(batchItems).values(
            part.map((i) => ({
              batchId: id,
              idx: i.idx,
              generationId: i.generationId,
              filename: i.filename,
              sourceKey: i.bytes ? sourceKey(i.idx) : null,
              uploadId: i.uploadId ?? null,
              cost: i.cost,
            })),
          );
        }
        if (cost > 0) {
          await coins.spend(
            {
              accountId,
              amount: cost,
              key: `batch:${id}:reserve`,
              reason: `batch ${id}: ${items.length} photos`,
            },
            tx,
          );
        }
        for (const i of items) {
          await queue.send(
            "batch.item",
            { generationId: i.generationId },
            { id: i.generationId, priority: itemPriority(i.idx) },
            tx,
          );
        }
      });
    } catch (err) {
      await Promise.all(
        items.filter((i) => i.bytes).map((i) => storage.delete(sourceKey(i.idx)).catch(() => {})),
      );
      throw err;
    }
    deps.wake?.();
    return presentBatch(db, await ownedBatch(db, accountId, id));
  };
}
