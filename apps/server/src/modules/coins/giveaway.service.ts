// Daily free coins: 20 once per local day of the account's time zone in force, and only for
// a day strictly later than the last one redeemed, so zone changes never earn extra.
// Ledger key `redeem:<account>:<day>`. Referral reward: see `referral()`.
import { Constants } from "@studio/contracts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/database.ts";
import { badRequest, conflict, notFound } from "../../http/http-error.ts";
import * as accountsRepo from "../accounts/accounts.repository.ts";
import { normaliseEmail } from "../accounts/signup-rules.ts";
import { localDay, zoneInForce } from "../accounts/time-zone.ts";
import type { CoinsService } from "./coins.service.ts";

export const GiveawayMessages = {
  redeemed: `You have redeemed ${Constants.dailyFreeCoins} free Coins!`,
  alreadyRedeemed: "You have already redeemed your free Coins today. Please come back tomorrow!",
  referrerNotFound: "No account found for this referral email.",
  selfReferral: "You cannot refer yourself.",
  alreadyReferred: "A referral has already been redeemed for this account.",
} as const;

/** Coins the referred (new) user receives; the referrer earns diamonds. */
export const REFERRAL_COINS = 20;
export const REFERRAL_DIAMONDS = 1;

export interface GiveawayResult {
  credits: number;
  creditGiveawayDate: number;
  message: string;
}

export interface GiveawayService {
  redeemDaily(accountId: string): Promise<GiveawayResult>;
  referral(refereeId: string, referEmail: string): Promise<{ credits: number; diamond: number }>;
}

export function createGiveawayService(db: Db, coins: CoinsService, clock: Clock): GiveawayService {
  return {
    async redeemDaily(accountId) {
      const now = clock();
      const result = await db.transaction(async (tx) => {
        // The row lock serialises simultaneous redeems of one account.
        const row = await accountsRepo.findByIdForUpdate(tx, accountId);
        if (!row) throw notFound("User not found");
        const zone = zoneInForce(row, now);
        const day = localDay(now, zone.timeZone);
        if (row.lastGiveawayDay !== null && row.lastGiveawayDay >= day) return null;
        await accountsRepo.updateAccount(tx, accountId, {
          ...zone,
          lastGiveawayDay: day,
          creditGiveawayDate: now,
        });
        const grant = await coins.grant(
          {
            accountId,
            amount: Constants.dailyFreeCoins,
            key: `redeem:${accountId}:${day}`,
            reason: `daily free coins ${day} ${zone.timeZone}`,
          },
          tx,
        );
        return {
          credits: grant.balance,
          creditGiveawayDate: now,
          message: GiveawayMessages.redeemed,
        };
      });
      // The spec's client reads `message` on failure; `error` is what every other call shows.
      if (!result)
        throw conflict(GiveawayMessages.alreadyRedeemed, GiveawayMessages.alreadyRedeemed);
      return result;
    },

    async referral(refereeId, referEmail) {
      const referrer = await accountsRepo.findByEmail(db, normaliseEmail(referEmail));
      if (!referrer) throw notFound(GiveawayMessages.referrerNotFound);
      if (referrer.id === refereeId) throw badRequest(GiveawayMessages.selfReferral);
      return db.transaction(async (tx) => {
        if (!(await accountsRepo.insertReferral(tx, refereeId, referrer.id))) {
          throw conflict(GiveawayMessages.alreadyReferred);
        }
        await accountsRepo.updateAccount(tx, refereeId, { referredBy: referrer.id });
        await accountsRepo.addDiamonds(tx, referrer.id, REFERRAL_DIAMONDS);
        await coins.grant(
          {
            accountId: refereeId,
            amount: REFERRAL_COINS,
            key: `referral:${refereeId}`,
            reason: `referred by ${referrer.id}`,
          },
          tx,
        );
        const row = await accountsRepo.findById(tx, refereeId);
        return { credits: row?.balance ?? 0, diamond: row?.diamond ?? 0 };
      });
    },
  };
}
