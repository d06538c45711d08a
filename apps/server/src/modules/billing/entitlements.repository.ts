// The only code that decides an account's plan state (expiration, cloth_app_expiration,
// payment_type; written through accounts.repository.ts's `writePlanState`). Every grant is a
// row keyed by what paid for it; the account's state is recomputed from all rows under the
// account's row lock, so replays, races and any order of provider events end in the same
// state. Also the clothing trial's row, which the clothing module reads and counts through here.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { lockAccountRow, writePlanState } from "../accounts/accounts.repository.ts";
import {
  type ClothingTrialRow,
  clothingTrials,
  entitlementGrants,
  type GrantRow,
} from "./billing.tables.ts";

const DAY = 86_400;

/** PRO beats VIP beats BASIC when several plans are valid at once. */
function rank(paymentType: string): number {
  if (paymentType.endsWith("_PRO")) return 3;
  if (paymentType.endsWith("_BASIC")) return 1;
  return paymentType === "" ? 0 : 2;
}

async function grantsOf(db: Db, accountId: string): Promise<GrantRow[]> {
  return db.select().from(entitlementGrants).where(eq(entitlementGrants.accountId, accountId));
}

/** Writes the account's plan state from its grants (call inside the caller's transaction). */
export async function recompute(db: Db, accountId: string, nowSec: number): Promise<void> {
  const live = (await grantsOf(db, accountId)).filter((g) => !g.revoked);
  const trial = (
    await db.select().from(clothingTrials).where(eq(clothingTrials.accountId, accountId))
  )[0];
  const expiration = Math.max(0, ...live.map((g) => g.productUntil));
  const clothAppExpiration = Math.max(0, trial?.endsAt ?? 0, ...live.map((g) => g.clothingUntil));
  const typed = live.filter((g) => g.paymentType !== "" && g.productUntil > 0);
  const valid = typed.filter((g) => g.productUntil >= nowSec);
  const pick = (valid.length ? valid : typed).sort(
    (a, b) => rank(b.paymentType) - rank(a.paymentType) || b.productUntil - a.productUntil,
  )[0];
  await writePlanState(db, accountId, {
    expiration,
    clothAppExpiration,
    paymentType: pick?.paymentType ?? "",
  });
}

export interface TimeGrant {
  key: string;
  accountId: string;
  planType: string;
  paymentType?: string;
  productDays?: number;
  clothingDays?: number;
}

/**
 * A pass or one-time plan: adds its days after whatever time the account already holds for
 * that app (passes add time). Applied once per key; answers false on a replay.
 */
export async function grantTime(db: Db, g: TimeGrant, nowSec: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockAccountRow(tx, g.accountId);
    const existing = await tx
      .select()
      .from(entitlementGrants)
      .where(eq(entitlementGrants.key, g.key));
    if (existing.length) return false;
    const live = (await grantsOf(tx, g.accountId)).filter((r) => !r.revoked);
    const from = (until: number) => Math.max(nowSec, until);
    const productFrom = from(Math.max(0, ...live.map((r) => r.productUntil)));
    const clothingFrom = from(Math.max(0, ...live.map((r) => r.clothingUntil)));
    await tx.insert(entitlementGrants).values({
      key: g.key,
      accountId: g.accountId,
      planType: g.planType,
      paymentType: g.paymentType ?? "",
      productUntil: g.productDays ? productFrom + g.productDays * DAY : 0,
      clothingUntil: g.clothingDays ? clothingFrom + g.clothingDays * DAY : 0,
    });
    await recompute(tx, g.accountId, nowSec);
    return true;
  });
}

/** A subscription's grant follows the provider's current period end (renewals extend it). */
export async function syncPeriodGrant(
  db: Db,
  g: { key: string; accountId: string; planType: string; paymentType: string },
  until: { product: number; clothing: number },
  nowSec: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccountRow(tx, g.accountId);
    await tx
      .insert(entitlementGrants)
      .values({ ...g, productUntil: until.product, clothingUntil: until.clothing })
      .onConflictDoUpdate({
        target: entitlementGrants.key,
        set: { productUntil: until.product, clothingUntil: until.clothing },
      });
    await recompute(tx, g.accountId, nowSec);
  });
}

/** A refund ends what the payment bought. Answers false when there was nothing to revoke. */
export async function revokeGrant(db: Db, key: string, nowSec: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = (
      await tx.select().from(entitlementGrants).where(eq(entitlementGrants.key, key))
    )[0];
    if (!row) return false;
    await lockAccountRow(tx, row.accountId);
    const changed = await tx
      .update(entitlementGrants)
      .set({ revoked: true })
      .where(and(eq(entitlementGrants.key, key), eq(entitlementGrants.revoked, false)))
      .returning({ key: entitlementGrants.key });
    await recompute(tx, row.accountId, nowSec);
    return changed.length > 0;
  });
}

/** The account's clothing trial (the social-sharing one), if it ever had one. */
export async function clothingTrialOf(
  db: Db,
  accountId: string,
): Promise<ClothingTrialRow | undefined> {
  return (await db.select().from(clothingTrials).where(eq(clothingTrials.accountId, accountId)))[0];
}

/** True when a grant (not only the trial) gives the account clothing at `nowSec` or later. */
export async function hasPaidClothingGrant(
  db: Db,
  accountId: string,
  nowSec: number,
): Promise<boolean> {
  const paid = await db
    .select({ until: entitlementGrants.clothingUntil })
    .from(entitlementGrants)
    .where(
      and(
        eq(entitlementGrants.accountId, accountId),
        sql`${entitlementGrants.clothingUntil} >= ${nowSec}`,
      ),
    );
  return paid.length > 0;
}

/**
 * Counts n more of the trial's downloads used, unless that would pass `limit`: one conditional
 * update (never read-modify-write), so simultaneous submits cannot overspend. True when taken.
 */
export async function useTrialDownloads(
  tx: Db,
  accountId: string,
  n: number,
  limit: number,
): Promise<boolean> {
  const rows = await tx
    .update(clothingTrials)
    .set({ downloadsUsed: sql`${clothingTrials.downloadsUsed} + ${n}` })
    .where(
      and(
        eq(clothingTrials.accountId, accountId),
        sql`${clothingTrials.downloadsUsed} + ${n} <= ${limit}`,
      ),
    )
    .returning({ used: clothingTrials.downloadsUsed });
  return rows.length > 0;
}

/** Gives back n of the trial's downloads (never below zero). */
export async function returnTrialDownloads(tx: Db, accountId: string, n: number): Promise<void> {
  await tx
    .update(clothingTrials)
    .set({ downloadsUsed: sql`greatest(0, ${clothingTrials.downloadsUsed} - ${n})` })
    .where(eq(clothingTrials.accountId, accountId));
}
