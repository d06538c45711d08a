// Who may make clothing photos on what terms (the Fashion plans): a live
// clothing plan (clothAppValid), or the 3-day social-sharing trial with its 150 downloads —
// counted per image, reserved when a generation is accepted and given back for images not
// delivered, by conditional updates (never read-modify-write). Decision 0701.
import type { ClothingEntitlement } from "@studio/contracts";
import type { Db } from "../../db/database.ts";
import { clothingPlanUntil } from "../accounts/accounts.repository.ts";
import {
  clothingTrialOf,
  hasPaidClothingGrant,
  returnTrialDownloads,
  useTrialDownloads,
} from "../billing/entitlements.repository.ts";

export const TRIAL_DOWNLOADS = 150;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export async function clothingEntitlement(
  db: Db | Tx,
  accountId: string,
  nowSec: number,
): Promise<ClothingEntitlement> {
  const until = (await clothingPlanUntil(db, accountId)) ?? 0;
  const valid = until >= nowSec;
  const trial = await clothingTrialOf(db, accountId);
  const paid = await hasPaidClothingGrant(db, accountId, nowSec);
  // the trial entitles only while it is live and no paid clothing plan does
  const onTrial = valid && !!trial && trial.endsAt >= nowSec && !paid;
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
  return useTrialDownloads(tx, accountId, n, TRIAL_DOWNLOADS);
}

/** give back n downloads (images a failed generation did not deliver) */
export async function releaseTrialDownloads(tx: Tx, accountId: string, n: number): Promise<void> {
  if (n <= 0) return;
  await returnTrialDownloads(tx, accountId, n);
}
