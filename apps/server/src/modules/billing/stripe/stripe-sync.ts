// Stripe events in: whatever an event's type, the current object is read again from Stripe and
// our state converges on it, one sync per kind of object (session, subscription, invoice,
// refunded charge). Duplicates and any order of arrival end in the same state.
import { findPlan, type SubscriptionStatus, VideoOrderCheckout } from "@studio/contracts";
import type Stripe from "stripe";
import type { Clock } from "../../../clock.ts";
import type { Db } from "../../../db/database.ts";
import {
  insertPayment,
  paymentById,
  paymentByIntent,
  paymentByRef,
  subscriptionById,
  transitionPayment,
  upsertSubscription,
} from "../billing.repository.ts";
import { syncPeriodGrant } from "../entitlements.repository.ts";
import type { Fulfilment } from "../fulfilment.ts";
import type { VideoOrderPayments } from "./stripe-checkout.ts";

/** Subscription states that still give access. */
export const LIVE: Stripe.Subscription.Status[] = ["active", "trialing", "past_due"];

function statusOf(sub: Stripe.Subscription): SubscriptionStatus {
  if (!LIVE.includes(sub.status)) return "CANCELLED";
  return sub.cancel_at_period_end ? "CANCELLING" : "ON GOING";
}

function periodEnd(sub: Stripe.Subscription): number {
  const item = sub.items?.data?.[0] as { current_period_end?: number } | undefined;
  return (
    item?.current_period_end ?? (sub as { current_period_end?: number }).current_period_end ?? 0
  );
}

function idOf(v: string | { id: string } | null | undefined): string | undefined {
  return typeof v === "string" ? v : (v?.id ?? undefined);
}

export function createStripeSync(deps: {
  db: Db;
  stripe: Stripe;
  clock: Clock;
  fulfilment: Fulfilment;
  videoOrders: VideoOrderPayments;
}) {
  const { db, stripe, clock, fulfilment } = deps;
  const nowSec = () => Math.floor(clock() / 1000);

  /** The subscription's state → our row and its entitlement grant. */
  async function syncSubscription(subscriptionId: string): Promise<void> {
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    const payment = await paymentById(db, sub.metadata?.paymentRef ?? "");
    if (!payment) return; // not started by our checkout
    const plan = findPlan(payment.planType);
    if (!plan) return;
    const status = statusOf(sub);
    const end = periodEnd(sub);
    // Ended early (deleted now): access ends when it ended; cancelled at period end: the period.
    const until = status === "CANCELLED" ? Math.min(end, sub.ended_at ?? end) : end;
    await upsertSubscription(db, {
      id: sub.id,
      accountId: payment.accountId,
      provider: "stripe",
      planType: plan.type,
      kind: plan.app === "clothing" ? "CLOTHING_APP" : "PRODUCT_APP",
      status,
      currentPeriodEnd: until,
      trial: sub.status === "trialing",
    });
    if (sub.status === "incomplete" || sub.status === "incomplete_expired") return;
    await syncPeriodGrant(
      db,
      {
        key: `stripe:sub:${sub.id}`,
        accountId: payment.accountId,
        planType: plan.type,
        paymentType: plan.grants.paymentType ?? "",
      },
      {
        product: plan.grants.productDays ? until : 0,
        clothing: plan.grants.clothingDays ? until : 0,
      },
      nowSec(),
    );
  }

  async function syncSession(sessionId: string): Promise<void> {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    // Ours only, and the account is the one that opened the checkout, whatever the metadata says.
    const payment = await paymentByRef(db, "stripe", session.id);
    if (!payment) return;
    if (session.status !== "complete" || session.payment_status === "unpaid") return;
    const subscriptionId = idOf(session.subscription);
    const intent = idOf(session.payment_intent);
    await transitionPayment(db, payment.id, "pending", "paid", {
      paidAt: new Date(clock()),
      paymentIntent: intent ?? null,
      subscriptionId: subscriptionId ?? null,
    });
    if (payment.planType === VideoOrderCheckout && payment.itemRef) {
      await deps.videoOrders.markPaid(payment.itemRef, payment.id);
    } else if (session.mode === "payment") {
      await fulfilment.grantOneTime(payment);
      await fulfilment.cashback(payment, `stripe:${session.id}`, session.amount_total ?? 0);
    } else if (subscriptionId) {
      await syncSubscription(subscriptionId);
    }
    const old = payment.replacesSubscription;
    if (old && old !== subscriptionId) {
      const previous = await subscriptionById(db, old);
      if (previous?.accountId === payment.accountId && previous.status !== "CANCELLED") {
        await stripe.subscriptions.cancel(old, {}, { idempotencyKey: `replace:${old}` });
        await syncSubscription(old);
      }
    }
  }

  async function syncInvoice(invoiceId: string): Promise<void> {
    const invoice = await stripe.invoices.retrieve(invoiceId);
    const loose = invoice as unknown as {
      subscription?: string;
      payment_intent?: string;
      parent?: { subscription_details?: { subscription?: string } };
    };
    const subscriptionId = loose.parent?.subscription_details?.subscription ?? loose.subscription;
    if (!subscriptionId) return;
    await syncSubscription(subscriptionId);
    if (invoice.status !== "paid") return;
    const sub = await subscriptionById(db, subscriptionId);
    if (!sub) return;
    // Each paid invoice is a payment of its own (refunds and cashback are per invoice).
    const id = `stripe-invoice:${invoice.id}`;
    await insertPayment(db, {
      id,
      accountId: sub.accountId,
      provider: "stripe",
      planType: sub.planType,
      amount: invoice.amount_paid,
      currency: invoice.currency,
      status: "paid",
      providerRef: invoice.id,
      paymentIntent: loose.payment_intent ?? null,
      subscriptionId,
      paidAt: new Date(clock()),
    });
    const row = await paymentById(db, id);
    if (row) await fulfilment.cashback(row, id, invoice.amount_paid);
  }

  async function syncRefund(chargeId: string): Promise<void> {
    const charge = await stripe.charges.retrieve(chargeId);
    if (!charge.refunded) return; // partial refunds keep the plan (decision 0600)
    const payment = await paymentByIntent(db, idOf(charge.payment_intent) ?? "");
    if (!payment) return;
    if (!(await transitionPayment(db, payment.id, "paid", "refunded"))) return;
    if (payment.subscriptionId) {
      await fulfilment.takeBack(payment, `stripe:sub:${payment.subscriptionId}`);
      const sub = await stripe.subscriptions.retrieve(payment.subscriptionId);
      if (LIVE.includes(sub.status)) {
        await stripe.subscriptions.cancel(
          sub.id,
          {},
          { idempotencyKey: `refund-cancel:${sub.id}` },
        );
      }
      await syncSubscription(payment.subscriptionId);
    } else {
      await fulfilment.takeBack(payment, `payment:${payment.id}`);
    }
  }

  async function apply(event: Stripe.Event): Promise<void> {
    const object = event.data.object as { id: string };
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
        return syncSession(object.id);
      case "invoice.paid":
      case "invoice.payment_failed":
        return syncInvoice(object.id);
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        return syncSubscription(object.id);
      case "charge.refunded":
        return syncRefund(object.id);
      default:
        return; // acknowledged, nothing to do
    }
  }

  return { syncSubscription, apply };
}

export type StripeSync = ReturnType<typeof createStripeSync>;
