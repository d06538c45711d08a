// The steps every way of making generations goes through before it writes rows: the web
// submit and the public API (generations.service.ts `submit`) and batches
// (batches/batch-creation.ts). One place, so a rule fixed here holds on every path.
import { GenerationMessages, Messages } from "@studio/contracts";
import type { GenerationsConfig } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { HttpError } from "../../http/http-error.ts";
import { type AccountRow, findById } from "../accounts/accounts.repository.ts";
import {
  accountTier,
  type MaintenanceState,
  maintenanceState,
  type Tier,
} from "./generation-rules.ts";

/** 503 while the announced maintenance runs; otherwise the state (its notice goes in answers) */
export function refuseDuringMaintenance(
  config: GenerationsConfig,
  nowMs: number,
): MaintenanceState {
  const maintenance = maintenanceState(config, nowMs);
  if (maintenance.active) {
    throw new HttpError(503, GenerationMessages.maintenanceNow, maintenance.notice ?? undefined);
  }
  return maintenance;
}

/** the account that asks, and its tier now; 401 when it is gone */
export async function submittingAccount(
  db: Db,
  accountId: string,
  nowMs: number,
): Promise<{ account: AccountRow; tier: Tier }> {
  const account = await findById(db, accountId);
  if (!account) throw new HttpError(401, Messages.pleaseLogin, Messages.signupToUnlock);
  return { account, tier: accountTier(account, nowMs) };
}
