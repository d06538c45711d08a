// The credits answer (POST /api/credits): the account row's coins and plan dates, as the spec
// names them.
import type { CreditsResponse } from "@studio/contracts";
import type { AccountRow } from "../accounts/accounts.repository.ts";

/** `imageGenerated` is counted only when the caller asks (countUsage), else the default 0. */
export function creditsResponse(row: AccountRow, countUsage: boolean): CreditsResponse {
  return {
    credits: row.balance,
    diamond: row.diamond,
    expiration: row.expiration,
    clothAppExpiration: row.clothAppExpiration,
    meetingInviteReceived: row.meetingInviteReceived,
    imageGenerated: countUsage ? row.imageGenerated : 0,
  };
}
