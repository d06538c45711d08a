// Basic's monthly picture allowance (500 a UTC month), counted exactly under
// concurrency: each generation appends a keyed row while holding the account's row lock, so
// two generations at once can never both take the last pictures. Undelivered pictures are
// given back with a keyed row of their own.
import { PlanCatalogue } from "@studio/contracts";
import { and, eq, sum } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { HttpError } from "../../http/http-error.ts";
import { lockAccountRow } from "../accounts/accounts.repository.ts";
import { planAllowanceUses } from "./billing.tables.ts";

export const BASIC_MONTHLY_IMAGES =
  PlanCatalogue.find((p) => p.type === "PRODUCT_MONTHLY")?.grants.monthlyImages ?? 500;

export const allowanceUsedUp = (limit: number) =>
  `Your Basic plan's ${limit} pictures for this month are used up. Upgrade to Pro for unlimited pictures.`;

const monthOf = (nowMs: number) => new Date(nowMs).toISOString().slice(0, 7);

export async function allowanceUsed(db: Db, accountId: string, nowMs: number): Promise<number> {
  const rows = await db
    .select({ n: sum(planAllowanceUses.images) })
    .from(planAllowanceUses)
    .where(
      and(eq(planAllowanceUses.accountId, accountId), eq(planAllowanceUses.month, monthOf(nowMs))),
    );
  return Number(rows[0]?.n ?? 0);
}

/** Takes `images` from this month's allowance; call inside the generation's transaction. */
export async function reserveAllowance(
  tx: Db,
  accountId: string,
  key: string,
  images: number,
  nowMs: number,
  limit = BASIC_MONTHLY_IMAGES,
): Promise<void> {
  await reserveAllowances(tx, accountId, [{ key, images }], nowMs, limit);
}

/**
 * Takes the pictures of several generations at once (a batch): all or none, so a batch the
 * month cannot hold is refused whole. Call inside the generations' transaction.
 */
export async function reserveAllowances(
  tx: Db,
  accountId: string,
  items: { key: string; images: number }[],
  nowMs: number,
  limit = BASIC_MONTHLY_IMAGES,
): Promise<void> {
  await lockAccountRow(tx, accountId);
  const used = await allowanceUsed(tx, accountId, nowMs);
  const wanted = items.reduce((s, i) => s + i.images, 0);
  if (used + wanted > limit) throw new HttpError(402, allowanceUsedUp(limit));
  const month = monthOf(nowMs);
  // 250 rows a statement, under the database's limit on bind parameters
  for (let i = 0; i < items.length; i += 250) {
    await tx
      .insert(planAllowanceUses)
      .values(items.slice(i, i + 250).map((it) => ({ ...it, accountId, month })))
      .onConflictDoNothing();
  }
}

/** Gives back pictures a generation did not deliver (once per generation). */
export async function releaseAllowance(tx: Db, key: string, images: number): Promise<void> {
  if (images <= 0) return;
  const taken = (
    await tx.select().from(planAllowanceUses).where(eq(planAllowanceUses.key, key))
  )[0];
  if (!taken) return;
  await tx
    .insert(planAllowanceUses)
    .values({
      key: `${key}:release`,
      accountId: taken.accountId,
      month: taken.month,
      images: -Math.min(images, taken.images),
    })
    .onConflictDoNothing();
}
