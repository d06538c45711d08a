// The two things an admin does to one generation (docs/decisions/0905):
// - Retry a failed one: it goes back to the queue under its own job id (the earlier pg-boss job
//   row is replaced), with the position and estimate every waitlisted generation has. It is on
//   the house: its coins were refunded when it failed, so `reserved` becomes 0 and the final
//   transition refunds nothing more.
// - Refund a finished one: one ledger entry `gen:<id>:admin-refund` giving back what is left of
//   its spend, with the admin's reason. The key makes a second click, or two admins at once,
//   a replay rather than a second refund; the ledger checks the amount against the spend under
//   the account's row lock (no read-modify-write of a balance anywhere).
// Each writes its admin_actions row in the same transaction as the change.
import { sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/database.ts";
import { conflict, notFound } from "../../http/http-error.ts";
import { refundableAmount } from "../coins/coins.repository.ts";
import type { CoinsService } from "../coins/coins.service.ts";
import { findGenerationForUpdate, resetForRetry } from "../generations/generations.repository.ts";
import type { JobQueue } from "../jobs/job-queue.ts";

export const GENERATION_NOT_FOUND = "Generation not found";
export const ONLY_FAILED_RETRY = "Only a failed generation can be retried.";
export const NOT_FINISHED = "Only a finished generation can be refunded.";
export const NOTHING_TO_REFUND = "Nothing is left to refund for this generation.";

/** the job queue, and a nudge to this process's runner (a no-op when it runs no jobs) */
export interface QueueAccess {
  queue: JobQueue;
  wake(): void;
}

export function createGenerationActions(deps: {
  db: Db;
  clock: Clock;
  coins: CoinsService;
  jobs: QueueAccess;
}) {
  const { db, clock, coins, jobs } = deps;
  const logAction = (tx: Db, admin: string, action: string, target: string, detail: unknown) =>
    tx.execute(
      sql`insert into admin_actions (admin_email, action, target, detail, created_at)
          values (${admin}, ${action}, ${target}, ${JSON.stringify(detail)}, ${clock()})`,
    );
  return {
    async retry(admin: string, id: string, reason: string, requestId?: string) {
      const { queue } = jobs;
      await queue.start(); // before the transaction: PGlite has one connection
      await db.transaction(async (tx) => {
        const g = await findGenerationForUpdate(tx, id);
        if (!g) throw notFound(GENERATION_NOT_FOUND);
        if (g.status !== "failed") throw conflict(ONLY_FAILED_RETRY);
        await resetForRetry(tx, id);
        await queue.requeue(
          "generation.run",
          { generationId: id, ...(requestId ? { requestId } : {}) },
          { id, priority: g.priority },
          tx,
        );
        await logAction(tx, admin, "generation.retry", id, {
          reason,
          previousError: g.error,
          attempts: g.attempts,
        });
      });
      jobs.wake();
      return { status: "waitlisted" as const };
    },

    async refund(admin: string, id: string, reason: string) {
      return db.transaction(async (tx) => {
        const g = await findGenerationForUpdate(tx, id);
        if (!g) throw notFound(GENERATION_NOT_FOUND);
        if (g.status !== "done" && g.status !== "failed") throw conflict(NOT_FINISHED);
        const spendKey = `gen:${id}:reserve`;
        const key = `gen:${id}:admin-refund`;
        const left = await refundableAmount(tx, spendKey);
        if (left === 0) {
          // a replay of the same refund answers what it did the first time
          const previous = await coins
            .refund({ accountId: g.accountId, spendKey, key }, tx)
            .catch(() => null);
          if (previous) return { refunded: previous.entry.delta, balance: previous.balance };
          throw conflict(NOTHING_TO_REFUND);
        }
        const movement = await coins.refund(
          {
            accountId: g.accountId,
            spendKey,
            key,
            amount: left,
            reason: `admin refund by ${admin}: ${reason}`,
          },
          tx,
        );
        await logAction(tx, admin, "generation.refund", id, {
          reason,
          coins: left,
          account: g.accountId,
          key,
        });
        return { refunded: movement.entry.delta, balance: movement.balance };
      });
    },
  };
}
export type GenerationActions = ReturnType<typeof createGenerationActions>;
