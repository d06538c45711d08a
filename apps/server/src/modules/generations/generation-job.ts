// Handlers of generation.run and generation.failed. Safe to run twice for the same generation
// (a worker killed mid-job, a job expired while its worker was slow): images have fixed keys
// `gen/<id>/<index>.<ext>` and a (generation, index) primary key, and the final transition
// (status done|failed, imageGenerated, the refund `gen:<id>:refund`) happens once, guarded by
// the status in the same transaction.

import { Constants } from "@studio/contracts";
import { isEngineError } from "@studio/engine";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { SceneRunner } from "../../comfyui/scene-runner.ts";
import type { GenerationsConfig } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { RenderedImage, StudioEngine } from "../../engine/engine-adapter.ts";
import { addImagesGenerated } from "../accounts/accounts.repository.ts";
import { releaseAllowance } from "../billing/plan-allowance.ts";
import { releaseTrialDownloads } from "../clothing/clothing-entitlement.ts";
import type { TryOnRunner } from "../clothing/clothing-tryon.ts";
import type { CoinsService } from "../coins/coins.service.ts";
import type { JobContext } from "../jobs/job-definitions.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { workersStillBeating } from "../jobs/workers.repository.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import type { ReferenceLooks } from "../uploads/reference-looks.ts";
import { CutoutFailedError, type UploadsService } from "../uploads/uploads.service.ts";
import { contentTypes, extensions, productSideFor } from "./generation-output.ts";
import {
  ACTIVE_STATUSES,
  type GenerationRow,
  type GenerationStatus,
  generationImages,
  generations,
} from "./generations.tables.ts";

export const FAILED_REFUNDED = "The generation could not be completed; your coins were refunded.";

export interface GenerationJobs {
  run(data: { generationId: string }, ctx: JobContext): Promise<void>;
  deadLetter(data: { generationId: string }): Promise<void>;
  /**
   * Generations whose worker stopped beating (killed, machine lost) while running one: fail
   * that attempt in the queue so another worker retries it at once (or, attempts spent, the
   * dead letter refunds it) instead of waiting for the job to expire.
   */
  reapOrphans(queue: JobQueue, heartbeatSeconds: number): Promise<number>;
  /** done or failed, once: counts delivered images, refunds the rest */
  finalize(
    id: string,
    status: "done" | "failed",
    error?: string,
    onlyFrom?: readonly GenerationStatus[],
  ): Promise<boolean>;
}

/**
 * Running generations (accepted, processing, generating) whose worker is unknown, no longer
 * listed, or silent for three heartbeats: nobody will finish them.
 */
export async function orphanedGenerationIds(db: Db, heartbeatSeconds: number): Promise<string[]> {
  const running = await db
    .select({ id: generations.id, workerId: generations.workerId })
    .from(generations)
    .where(inArray(generations.status, ["accepted", "processing", "generating"]));
  const workerIds = running.flatMap((g) => (g.workerId === null ? [] : [g.workerId]));
  const beating = await workersStillBeating(db, workerIds, heartbeatSeconds);
  return running.filter((g) => g.workerId === null || !beating.has(g.workerId)).map((g) => g.id);
}

export function createGenerationJobs(deps: {
  db: Db;
  coins: CoinsService;
  uploads: UploadsService;
  storage: ObjectStorage;
  config: GenerationsConfig;
  clock: Clock;
  /** renders in the engine thread by default (docs/decisions/0550) */
  engine: StudioEngine;
  /** the reference images, as the engine reads them */
  referenceLooks: ReferenceLooks;
  /**
   * Called in finalize's transaction once a generation is done or failed (webhooks, batch
   * progress); what it answers runs after the commit.
   */
  onFinished?: (tx: Db, g: GenerationRow) => Promise<(() => Promise<void>) | undefined>;
  /** clothing on human models */
  tryOn?: TryOnRunner;
  /** product scenes on GPU servers; null answers fall back to the CPU engine */
  scenes?: SceneRunner | null;
}): GenerationJobs {
  const { db, coins, uploads, storage, config, engine, referenceLooks } = deps;
  const active = inArray(generations.status, [...ACTIVE_STATUSES]);

  async function setStatus(id: string, status: GenerationStatus) {
    await db
      .update(generations)
      .set({ status })
      .where(and(eq(generations.id, id), active));
  }

  async function finalize(
    id: string,
    status: "done" | "failed",
    error?: string,
    onlyFrom: readonly GenerationStatus[] = ACTIVE_STATUSES,
  ) {
    let after: (() => Promise<void>) | undefined;
    const finished = await db.transaction(async (tx) => {
      const delivered = Number(
        (
          await tx
            .select({ n: count() })
            .from(generationImages)
            .where(eq(generationImages.generationId, id))
        )[0]?.n ?? 0,
      );
      const [g] = await tx
        .update(generations)
        .set({ status, delivered, error: error ?? null, finishedAt: sql`now()` })
        .where(and(eq(generations.id, id), inArray(generations.status, [...onlyFrom])))
        .returning();
      if (!g) return false;
      if (delivered > 0) {
        await addImagesGenerated(tx, g.accountId, delivered);
      }
      await releaseAllowance(tx, `gen:${id}`, g.imageCount - Math.min(delivered, g.imageCount));
      if (g.app === "clothing" && g.clothing?.trialImages) {
        await releaseTrialDownloads(
          tx,
          g.accountId,
          g.clothing.trialImages - Math.min(delivered, g.clothing.trialImages),
        );
      }
      const kept = Math.min(delivered, g.imageCount) * Constants.coinsPerImage;
      const refund = g.reserved - Math.min(kept, g.reserved);
      if (refund > 0) {
        await coins.refund(
          {
            accountId: g.accountId,
            spendKey: `gen:${id}:reserve`,
            key: `gen:${id}:refund`,
            amount: refund,
            reason: `generation ${id}: ${refund} image(s) not delivered`,
          },
          tx,
        );
      }
      after = await deps.onFinished?.(tx, g);
      return true;
    });
    if (finished) await after?.();
    return finished;
  }

  return {
    finalize,
    async reapOrphans(queue, heartbeatSeconds) {
      const ids = await orphanedGenerationIds(db, heartbeatSeconds);
      let reaped = 0;
      for (const id of ids) {
        // a web generation's job, or a batch photo's (same id: batches/batch-creation.ts)
        for (const name of ["generation.run", "batch.item"] as const) {
          if ((await queue.state(name, id)) !== "active") continue;
          await queue.fail(name, id, "worker lost (no heartbeat)");
          reaped++;
        }
      }
      return reaped;
    },
    async run({ generationId: id }, ctx) {
      const [g] = await db
        .update(generations)
        .set({
          status: "accepted",
          startedAt: sql`now()`,
          attempts: sql`${generations.attempts} + 1`,
          workerId: ctx.workerId,
        })
        .where(and(eq(generations.id, id), active))
        .returning();
      if (!g) return; // done, failed or deleted meanwhile
      try {
        await setStatus(id, "processing");
        const references = await referenceLooks.read(g.referenceIds);
        // the cut-out's smaller render copy when it holds the pixels the photos need
        const stored = g.uploadId
          ? await uploads.ensureCutout(g.uploadId, (meta) =>
              productSideFor(g, meta, config.outputMaxSide, references),
            )
          : null;
        // the seller's correction of the recognised kind re-plans the sets (issue 28): the
        // planner takes it as a kind known for sure
        const cut =
          stored && g.productKind
            ? { ...stored, product: { kind: g.productKind, confidence: 1 } }
            : stored;
        await setStatus(id, "generating");
        let images: RenderedImage[];
        if (g.app === "clothing" && g.clothing?.style === "model") {
          if (!cut || !deps.tryOn)
            throw new Error("a try-on generation without garment or backend");
          images = (await deps.tryOn.run(g, cut, config.outputMaxSide)).map((img) => ({
            ...img,
            madeBy: "generated" as const,
          }));
        } else {
          const job = {
            preset: g.preset,
            prompt: g.prompt,
            template: g.template,
            imageCount: g.imageCount,
            seed: g.seed,
            app: g.app,
            clothing: g.clothing,
          };
          images =
            (g.scenePath === "studio"
              ? null
              : await deps.scenes?.run(job, cut, config.outputMaxSide, references, id)) ??
            (await engine.render(job, cut, config.outputMaxSide, references));
        }
        const read = images[0]?.garmentKind;
        if (g.app === "clothing" && g.clothing && !g.clothing.kind && read) {
          // the kind the engine read, for the history and the seller's correction
          await db
            .update(generations)
            .set({ clothing: { ...g.clothing, kind: read } })
            .where(eq(generations.id, id));
        }
        // the files written side by side, then one insert of those written: an image counts as
        // delivered once its file is there, and a failed write still fails the attempt
        const written = await Promise.allSettled(
          images.map(async (image) => {
            const key = `gen/${id}/${image.index}.${extensions[image.format]}`;
            await storage.put(key, image.bytes, contentTypes[image.format]);
            return {
              generationId: id,
              idx: image.index,
              storageKey: key,
              width: image.width,
              height: image.height,
              format: image.format,
              bytes: image.bytes.length,
              madeBy: image.madeBy ?? ("studio" as const),
            };
          }),
        );
        const rows = written.flatMap((w) => (w.status === "fulfilled" ? [w.value] : []));
        if (rows.length) await db.insert(generationImages).values(rows).onConflictDoNothing();
        const failedWrite = written.find((w) => w.status === "rejected");
        if (failedWrite) throw failedWrite.reason;
        await finalize(id, "done");
      } catch (err) {
        const permanent =
          err instanceof CutoutFailedError ||
          (isEngineError(err) && err.code !== "MODEL_UNAVAILABLE" && err.code !== "BACKEND_FAILED");
        if (permanent) {
          await finalize(id, "failed", `${(err as Error).message} Your coins were refunded.`);
          return;
        }
        if (ctx.retryCount >= ctx.retryLimit) {
          await finalize(id, "failed", FAILED_REFUNDED);
          return;
        }
        throw err; // the queue retries it
      }
    },
    async deadLetter({ generationId }) {
      await finalize(generationId, "failed", FAILED_REFUNDED);
    },
  };
}
