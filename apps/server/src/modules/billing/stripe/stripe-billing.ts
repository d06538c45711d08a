// Stripe: Checkout Sessions out (stripe-checkout.ts), webhooks in (stripe-sync.ts). Webhooks
// are the only way entitlements change: each event is verified on the raw body, applied once,
// and whatever its type, the handler re-reads the current object from Stripe and converges our
// state on it (one sync per kind of object), so duplicates and any order of arrival end in the
// same state.
import type { StripeCheckoutRequest } from "@studio/contracts";
import type Stripe from "stripe";
import type { Clock } from "../../../clock.ts";
import type { Db } from "../../../db/database.ts";
import { badRequest, notFound } from "../../../http/http-error.ts";
import { eventSeen, paymentByRef, recordEvent, subscriptionById } from "../billing.repository.ts";
import type { PaymentRow } from "../billing.tables.ts";
import type { Fulfilment } from "../fulfilment.ts";
import { createStripeCheckout, type VideoOrderPayments } from "./stripe-checkout.ts";
import { createStripeSync, LIVE } from "./stripe-sync.ts";

export { REFERRAL_COUPON_ID, type VideoOrderPayments } from "./stripe-checkout.ts";

export interface StripeBilling {
  /** `returnTo`: the origin success and cancel go back to (default PUBLIC_URL; decision 0909) */
  checkout(
    accountId: string,
    req: StripeCheckoutRequest,
    returnTo?: string,
  ): Promise<{ url: string }>;
  /** Throws a 400 HttpError when the signature is forged, stale or missing. */
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void>;
  /** Our record of a checkout the account opened: pending until Stripe's webhook says paid. */
  payment(
    accountId: string,
    sessionId: string,
  ): Promise<{ type: string; status: PaymentRow["status"] }>;
  /** Sets cancel-at-period-end (or ends a trial at once). Answers whether it was a trial. */
  cancel(accountId: string, subscriptionId: string): Promise<{ trial: boolean }>;
}

export function createStripeBilling(deps: {
  db: Db;
  stripe: Stripe;
  webhookSecret: string;
  publicUrl: string;
  clock: Clock;
  fulfilment: Fulfilment;
  videoOrders: VideoOrderPayments;
}): StripeBilling {
  const { db, stripe } = deps;
  const { syncSubscription, apply } = createStripeSync(deps);

  return {
    checkout: createStripeCheckout(deps),

    async handleWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", deps.webhookSecret, 300);
      } catch (err) {
        throw badRequest("Invalid Stripe signature", (err as Error).message);
      }
      if (await eventSeen(db, "stripe", event.id)) return;
      await apply(event);
      await recordEvent(db, "stripe", event.id, event.type);
    },

    async payment(accountId, sessionId) {
      const row = await paymentByRef(db, "stripe", sessionId);
      if (row?.accountId !== accountId) throw notFound("Checkout not found");
      return { type: row.planType, status: row.status };
    },

    async cancel(accountId, subscriptionId) {
      const row = await subscriptionById(db, subscriptionId);
      if (row?.accountId !== accountId) throw notFound("Subscription not found");
      const sub = await stripe.subscriptions.retrieve(subscriptionId);
      const trial = sub.status === "trialing";
      if (trial) await stripe.subscriptions.cancel(subscriptionId);
      else if (LIVE.includes(sub.status) && !sub.cancel_at_period_end) {
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      }
      await syncSubscription(subscriptionId);
      return { trial };
    },
  };
}
