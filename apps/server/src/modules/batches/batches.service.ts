// Batches: up to BATCH_MAX_ITEMS photos submitted at once. Creating one writes, in ONE
// transaction, the batch, a generation row per photo (waitlisted, so it has a position, status
// and webhooks like any generation), the coin spend for the whole batch and a `batch.item` job
// per photo; the photos themselves are stored first and imported by their item's job. Items
// share the queue with web traffic on fair terms (job-runner.ts, decision 1004).
import { randomUUID } from "node:crypto";
import { type Batch, Constants, GenerationMessages, Messages } from "@studio/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { badRequest, conflict, HttpError, notFound } from "../../http/http-error.ts";
import { accounts } from "../accounts/accounts.tables.ts";
import { planAllowanceUses } from "../billing/billing.tables.ts";
import { allowanceUsed, allowanceUsedUp, BASIC_MONTHLY_IMAGES } from "../billing/plan-allowance.ts";
import type { CoinsService } from "../coins/coins.service.ts";
import type { GenerationJobs } from "../generations/generation-job.ts";
import { extensions, seedOf } from "../generations/generation-output.ts";
import { maintenanceState, tierOf } from "../generations/generation-rules.ts";
import { imagesOf } from "../generations/generations.repository.ts";
import {
  ACTIVE_STATUSES,
  type GenerationRow,
  generationImages,
  generations,
} from "../generations/generations.tables.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import { uploads as uploadsTable } from "../uploads/uploads.tables.ts";
import {
  type ItemSettings,
  type PlannedItem,
  planItems,
  type RequestedItem,
  totalCost,
} from "./batch-plan.ts";
import { type BatchRow, batches, batchItems } from "./batches.tables.ts";
import { zipStream } from "./zip-stream.ts";

const CHUNK = 250;
const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);
/** items below every web generation (priority 0 or 10), in order, interleaved across batches */
export const itemPriority = (idx: number) => -1 - idx;

function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export function createBatchesService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  coins: CoinsService;
  queue: JobQueue;
  storage: ObjectStorage;
  /** late-bound: the generation jobs are built after this service (they call its hook) */
  jobs: () => GenerationJobs;
  wake?: () => void;
}) {
  const { db, config, clock, coins, queue, storage } = deps;

  async function owned(accountId: string, id: string): Promise<BatchRow> {
    const [b] = await db
      .select()
      .from(batches)
      .where(and(eq(batches.id, id), eq(batches.accountId, accountId)));
    if (!b) throw notFound("Batch not found");
    return b;
  }

  async function present(b: BatchRow): Promise<Batch> {
    const items = await db
      .select({
        idx: batchItems.idx,
        filename: batchItems.filename,
        generationId: batchItems.generationId,
        status: generations.status,
        error: generations.error,
      })
      .from(batchItems)
      .innerJoin(generations, eq(generations.id, batchItems.generationId))
      .where(eq(batchItems.batchId, b.id))
      .orderBy(asc(batchItems.idx));
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

  /** Basic's pictures for every item, counted under the account's row lock (plan-allowance.ts) */
  async function takeAllowance(tx: Db, accountId: string, items: { id: string; images: number }[]) {
    await tx.execute(sql`select id from accounts where id = ${accountId} for update`);
    const used = await allowanceUsed(tx, accountId, clock());
    const wanted = items.reduce((s, i) => s + i.images, 0);
    if (used + wanted > BASIC_MONTHLY_IMAGES) {
      throw new HttpError(402, allowanceUsedUp(BASIC_MONTHLY_IMAGES));
    }
    for (const part of chunks(items)) {
      await tx.insert(planAllowanceUses).values(
        part.map((i) => ({
          key: `gen:${i.id}`,
          accountId,
          month: monthOf(clock()),
          images: i.images,
        })),
      );
    }
  }

  return {
    async create(
      accountId: string,
      requested: RequestedItem[],
      common: ItemSettings,
    ): Promise<Batch> {
      const maintenance = maintenanceState(config.generations, clock());
      if (maintenance.active) {
        throw new HttpError(
          503,
          GenerationMessages.maintenanceNow,
          maintenance.notice ?? undefined,
        );
      }
      if (requested.length === 0) throw badRequest("The batch has no photos.");
      if (requested.length > config.publicApi.batchMaxItems) {
        throw badRequest(`A batch holds at most ${config.publicApi.batchMaxItems} photos.`);
      }
      const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
      if (!account) throw new HttpError(401, Messages.pleaseLogin);
      const tier = tierOf(account.paymentType, account.expiration, clock());
      const planned: PlannedItem[] = planItems(tier, requested, common);
      const named = [...new Set(planned.flatMap((p) => (p.uploadId ? [p.uploadId] : [])))];
      for (const part of chunks(named)) {
        const found = await db
          .select({
            id: uploadsTable.id,
            accountId: uploadsTable.accountId,
            purpose: uploadsTable.purpose,
          })
          .from(uploadsTable)
          .where(inArray(uploadsTable.id, part));
        const mine = new Map(found.filter((r) => r.accountId === accountId).map((r) => [r.id, r]));
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
            await takeAllowance(
              tx,
              accountId,
              items.map((i) => ({ id: i.generationId, images: i.images })),
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
          for (const part of chunks(items)) {
            await tx.insert(generations).values(
              part.map((i) => ({
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
      return present(await owned(accountId, id));
    },

    async get(accountId: string, id: string): Promise<Batch> {
      return present(await owned(accountId, id));
    },

    /**
     * Cancels (and refunds) every photo that has not started; once none is running, deletes
     * the batch with its generations and files. 409 while some still run.
     */
    async remove(accountId: string, id: string): Promise<{ success: boolean; refunded: number }> {
      const b = await owned(accountId, id);
      await db
        .update(batches)
        .set({ status: "cancelled" })
        .where(and(eq(batches.id, id), eq(batches.status, "processing")));
      const items = await db.select().from(batchItems).where(eq(batchItems.batchId, id));
      const ids = items.map((i) => i.generationId);
      const waiting = ids.length
        ? await db
            .select({ id: generations.id })
            .from(generations)
            .where(and(inArray(generations.id, ids), eq(generations.status, "waitlisted")))
        : [];
      for (const g of waiting) {
        await deps
          .jobs()
          .finalize(g.id, "failed", "Cancelled with its batch. Your coins were refunded.", [
            "waitlisted",
          ]);
      }
      const running = ids.length
        ? await db
            .select({ id: generations.id })
            .from(generations)
            .where(
              and(inArray(generations.id, ids), inArray(generations.status, [...ACTIVE_STATUSES])),
            )
        : [];
      if (running.length)
        throw conflict(GenerationMessages.stillRunning, `${running.length} photo(s) still running`);
      const refunded = (await owned(accountId, id)).refunded;
      const images = await imagesOf(db, ids);
      await db.transaction(async (tx) => {
        for (const part of chunks(ids))
          await tx.delete(generations).where(inArray(generations.id, part));
        await tx.delete(batches).where(eq(batches.id, b.id));
      });
      await Promise.all(images.map((i) => storage.delete(i.storageKey).catch(() => {})));
      await Promise.all(
        items.flatMap((i) => (i.sourceKey ? [storage.delete(i.sourceKey).catch(() => {})] : [])),
      );
      return { success: true, refunded };
    },

    /** every delivered image, as files streamed into one ZIP */
    async results(accountId: string, id: string) {
      const b = await owned(accountId, id);
      const items = await db
        .select()
        .from(batchItems)
        .where(eq(batchItems.batchId, id))
        .orderBy(asc(batchItems.idx));
      async function* files() {
        for (const part of chunks(items, 50)) {
          const byGen = new Map(part.map((i) => [i.generationId, i]));
          const rows = await db
            .select()
            .from(generationImages)
            .where(inArray(generationImages.generationId, [...byGen.keys()]))
            .orderBy(generationImages.generationId, generationImages.idx);
          rows.sort(
            (x, y) =>
              (byGen.get(x.generationId)?.idx ?? 0) - (byGen.get(y.generationId)?.idx ?? 0) ||
              x.idx - y.idx,
          );
          for (const row of rows) {
            const item = byGen.get(row.generationId);
            const bytes = await storage.get(row.storageKey);
            if (!item || !bytes) continue;
            const stem =
              item.filename
                .replace(/^.*\//, "")
                .replace(/\.[^.]+$/, "")
                .replace(/[^\w.-]+/g, "_") || "photo";
            const ext = extensions[row.format as keyof typeof extensions] ?? "bin";
            yield {
              name: `${String(item.idx + 1).padStart(4, "0")}-${stem}-${row.idx + 1}.${ext}`,
              bytes,
            };
          }
        }
      }
      return { batch: b, zip: zipStream(files(), new Date(clock())) };
    },

    /**
     * In finalize's transaction, when a generation that belongs to a batch is done or failed:
     * refund what it did not deliver from the batch's spend, count it, and finish the batch
     * with its last item. Answers the batch id (null when not a batch item) and the finished
     * batch, if this was its last item.
     */
    async onItemFinished(tx: Db, g: GenerationRow) {
      const [item] = await tx.select().from(batchItems).where(eq(batchItems.generationId, g.id));
      if (!item) return { batchId: null, finished: null };
      const kept = Math.min(g.delivered, g.imageCount) * Constants.coinsPerImage;
      const refund = item.cost - Math.min(kept, item.cost);
      if (refund > 0) {
        await coins.refund(
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
          finishedAt: new Date(clock()),
        })
        .where(and(eq(batches.id, b.id), sql`${batches.finishedAt} is null`))
        .returning();
      return { batchId: item.batchId, finished: finished ?? null };
    },
  };
}

export type BatchesService = ReturnType<typeof createBatchesService>;
