// Who may make clothing photos on what terms (spec section 3 and the Fashion plans): a live
// clothing plan (clothAppValid), or the 3-day social-sharing trial with its 150 downloads —
// counted per image, reserved when a generation is accepted and given back for images not
// delivered, by conditional updates (never read-modify-write). Decision 0701.
import type { ClothingEntitlement } from "@studio/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { accounts } from "../accounts/accounts.tables.ts";
import { clothingTrials, entitlementGrants } from "../billing/billing.tables.ts";

export const TRIAL_DOWNLOADS = 150;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export async function clothingEntitlement(
  db: Db | Tx,
  accountId: string,
  nowSec: number,
): Promise<ClothingEntitlement> {
  const [a] = await db
    .select({ until: accounts.clothAppExpiration })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const until = a?.until ?? 0;
  const valid = until >= nowSec;
  const [trial] = await db
    .select()
    .from(clothingTrials)
    .where(eq(clothingTrials.accountId, accountId));
  const paid = await db
    .select({ until: entitlementGrants.clothingUntil })
    .from(entitlementGrants)
    .where(
      and(
        eq(entitlementGrants.accountId, accountId),
        sql`${entitlementGrants.clothingUntil} >= ${nowSec}`,
      ),
    );
  // the trial entitles only while it is live and no paid clothing plan does
  const onTrial = valid && !!trial && trial.endsAt >= nowSec && paid.length === 0;
  return {
    clothAppValid: valid,
    trial: onTrial,
    trialDownloadsLeft: onTrial ? Math.max(0, TRIAL_DOWNLOADS - trial!.downloadsUsed) : null,
    clothAppExpiration: until,
  };
}

/** take n of the trial's downloads, or none if fewer are left; true when taken */
export async function reserveTrialDownloads(
  tx: Tx,
  accountId: string,
  n: number,
): Promise<boolean> {
  const rows = await tx
    .update(clothingTrials)
    .set({ downloadsUsed: sql`${clothingTrials.downloadsUsed} + ${n}` })
    .where(
      and(
        eq(clothingTrials.accountId, accountId),
        sql`${clothingTrials.downloadsUsed} + ${n} <= ${TRIAL_DOWNLOADS}`,
      ),
    )
    .returning({ used: clothingTrials.downloadsUsed });
  return rows.length > 0;
}

/** give back n downloads (images a failed generation did not deliver) */
export async function releaseTrialDownloads(tx: Tx, accountId: string, n: number): Promise<void> {
  if (n <= 0) return;
  await tx
    .update(clothingTrials)
    .set({ downloadsUsed: sql`greatest(0, ${clothingTrials.downloadsUsed} - ${n})` })
    .where(eq(clothingTrials.accountId, accountId));
}
