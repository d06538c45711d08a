// What a paid one-time plan gives, and what its refund takes back, for both providers: coins
// through the ledger (key = the payment), time through entitlement grants (key = the payment).
// Every step is keyed, so a replayed event changes nothing.
import { findPlan, ReferralTerms } from "@studio/contracts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/database.ts";
import { type CoinsService, NotEnoughCoinsError } from "../coins/coins.service.ts";
import { recordCashback } from "./billing.repository.ts";
import type { PaymentRow } from "./billing.tables.ts";
import { grantTime, revokeGrant } from "./entitlements.repository.ts";

export interface Fulfilment {
  /** A one-time plan is paid: coins and/or days, once per payment. */
  grantOneTime(payment: PaymentRow): Promise<void>;
  /** A refund: the days end, and the coins go back as far as the balance allows. */
  takeBack(payment: PaymentRow, grantKey: string): Promise<void>;
  cashback(payment: PaymentRow, paymentKey: string, amount: number): Promise<void>;
}

export function createFulfilment(deps: { db: Db; coins: CoinsService; clock: Clock }): Fulfilment {
  const { db, coins, clock } = deps;
  const nowSec = () => Math.floor(clock() / 1000);

  return {
    async grantOneTime(payment) {
      const plan = findPlan(payment.planType);
      if (!plan) return;
      const g = plan.grants;
      if (g.coins) {
        await coins.grant({
          accountId: payment.accountId,
          amount: g.coins,
          key: `payment:${payment.id}`,
          reason: `${plan.type} (${payment.provider})`,
        });
      }
      if (g.productDays || g.clothingDays) {
        await grantTime(
          db,
          {
            key: `payment:${payment.id}`,
            accountId: payment.accountId,
            planType: plan.type,
            paymentType: g.paymentType,
            productDays: g.productDays,
            clothingDays: g.clothingDays,
          },
          nowSec(),
        );
      }
    },

    async takeBack(payment, grantKey) {
      await revokeGrant(db, grantKey, nowSec());
      const plan = findPlan(payment.planType);
      const granted = plan?.grants.coins ?? 0;
      if (!granted) return;
      // Coins already spent cannot be clawed below zero: take what is left, once.
      const key = `refund-takeback:${payment.id}`;
      const balance = await coins.balance(payment.accountId);
      const amount = Math.min(granted, balance);
      if (amount <= 0) return;
      try {
        await coins.spend({
          accountId: payment.accountId,
          amount,
          key,
          reason: `refund of ${plan?.type}`,
        });
      } catch (err) {
        if (!(err instanceof NotEnoughCoinsError)) throw err;
      }
    },

    cashback: (payment, paymentKey, amount) =>
      recordCashback(
        db,
        payment.accountId,
        paymentKey,
        amount,
        payment.currency,
        ReferralTerms.referrerCashbackPercent,
      ),
  };
}
