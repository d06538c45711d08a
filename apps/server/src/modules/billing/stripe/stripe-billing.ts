// Stripe: Checkout Sessions out, webhooks in. Webhooks are the only way entitlements change:
// each event is verified on the raw body, applied once, and whatever its type, the handler
// re-reads the current object from Stripe and converges our state on it (one sync per kind of
// object), so duplicates and any order of arrival end in the same state.
import { randomUUID } from "node:crypto";
import {
  findPlan,
  type PlanInfo,
  ReferralTerms,
  type StripeCheckoutRequest,
  type SubscriptionStatus,
  VideoOrderCheckout,
} from "@studio/contracts";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Clock } from "../../../clock.ts";
import type { Db } from "../../../db/database.ts";
import { badRequest, HttpError, notFound } from "../../../http/http-error.ts";
import { accounts } from "../../accounts/accounts.tables.ts";
import {
  eventSeen,
  hasPaidBefore,
  insertPayment,
  isReferred,
  paymentById,
  paymentByIntent,
  paymentByRef,
  recordEvent,
  subscriptionById,
  transitionPayment,
  updatePayment,
  upsertSubscription,
} from "../billing.repository.ts";
import { billingCustomers, type PaymentRow } from "../billing.tables.ts";
import { syncPeriodGrant } from "../entitlements.repository.ts";
import type { Fulfilment } from "../fulfilment.ts";

/** What billing needs of the made-to-order videos (issue 11). */
export interface VideoOrderPayments {
  priceOf(
    accountId: string,
    orderId: string,
  ): Promise<{ priceCents: number; paid: boolean } | undefined>;
  markPaid(orderId: string, paymentRef: string): Promise<unknown>;
}

export const REFERRAL_COUPON_ID = "REFERRAL_FRIEND_10";
const LIVE: Stripe.Subscription.Status[] = ["active", "trialing", "past_due"];

export interface StripeBilling {
  checkout(accountId: string, req: StripeCheckoutRequest): Promise<{ url: string }>;
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

export function createStripeBilling(deps: {
  db: Db;
  stripe: Stripe;
  webhookSecret: string;
  publicUrl: string;
  clock: Clock;
  fulfilment: Fulfilment;
  videoOrders: VideoOrderPayments;
}): StripeBilling {
  const { db, stripe, clock, fulfilment } = deps;
  const nowSec = () => Math.floor(clock() / 1000);

  async function customerFor(accountId: string, email: string): Promise<string> {
    const known = await db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.accountId, accountId));
    if (known[0]) return known[0].stripeCustomerId;
    const customer = await stripe.customers.create(
      { email, metadata: { accountId } },
      { idempotencyKey: `customer:${accountId}` },
    );
    await db
      .insert(billingCustomers)
      .values({ accountId, stripeCustomerId: customer.id })
      .onConflictDoNothing();
    const row = await db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.accountId, accountId));
    return row[0]?.stripeCustomerId ?? customer.id;
  }

  async function referralCoupon(): Promise<string> {
    try {
      await stripe.coupons.retrieve(REFERRAL_COUPON_ID);
    } catch {
      await stripe.coupons
        .create(
          {
            id: REFERRAL_COUPON_ID,
            percent_off: ReferralTerms.friendDiscountPercent,
            duration: "once",
            name: "Invited friend",
          },
          { idempotencyKey: `coupon:${REFERRAL_COUPON_ID}` },
        )
        .catch(() => undefined); // created by a concurrent checkout
    }
    return REFERRAL_COUPON_ID;
  }

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

  /** The made-to-order video: one payment at the price fixed in the order (decision 0801). */
  async function videoOrderCheckout(accountId: string, orderId: string | undefined) {
    const order = orderId ? await deps.videoOrders.priceOf(accountId, orderId) : undefined;
    if (!order) throw notFound("Video order not found");
    if (order.paid) throw badRequest("This video order is already paid.");
    const account = (await db.select().from(accounts).where(eq(accounts.id, accountId)))[0];
    if (!account) throw notFound("User not found");
    const ref = randomUUID();
    await insertPayment(db, {
      id: ref,
      accountId,
      provider: "stripe",
      planType: VideoOrderCheckout,
      amount: order.priceCents,
      currency: "usd",
      status: "pending",
      itemRef: orderId,
    });
    const session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        customer: await customerFor(accountId, account.email),
        client_reference_id: accountId,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: order.priceCents,
              product_data: { name: "Made-to-order product video" },
            },
          },
        ],
        metadata: {
          paymentRef: ref,
          accountId,
          planType: VideoOrderCheckout,
          orderId: orderId ?? "",
        },
        success_url: `${deps.publicUrl}/checkout/success?provider=stripe&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${deps.publicUrl}/video-app`,
      },
      { idempotencyKey: `checkout:${ref}` },
    );
    await updatePayment(db, ref, { providerRef: session.id });
    if (!session.url)
      throw new HttpError(502, "The payment provider did not answer a checkout address.");
    return { url: session.url };
  }

  return {
    async checkout(accountId, req) {
      if (req.type === VideoOrderCheckout) return videoOrderCheckout(accountId, req.orderId);
      const plan: PlanInfo | undefined = findPlan(req.type);
      if (!plan?.providers.includes("stripe"))
        throw badRequest(`Plan ${req.type} cannot be bought by card.`);
      const account = (await db.select().from(accounts).where(eq(accounts.id, accountId)))[0];
      if (!account) throw notFound("User not found");
      if (req.subscriptionId) {
        const sub = await subscriptionById(db, req.subscriptionId);
        if (sub?.accountId !== accountId) throw notFound("Subscription not found");
      }
      const subscription = plan.mode === "subscription";
      const friend = (await isReferred(db, accountId)) && !(await hasPaidBefore(db, accountId));
      const amount = plan.prices.USD;
      const ref = randomUUID();
      await insertPayment(db, {
        id: ref,
        accountId,
        provider: "stripe",
        planType: plan.type,
        amount: friend
          ? amount - Math.round((amount * ReferralTerms.friendDiscountPercent) / 100)
          : amount,
        currency: "usd",
        status: "pending",
        replacesSubscription: req.subscriptionId ?? null,
        coupon: req.couponType ?? (friend ? REFERRAL_COUPON_ID : null),
      });
      const metadata = { paymentRef: ref, accountId, planType: plan.type };
      const session = await stripe.checkout.sessions.create(
        {
          mode: subscription ? "subscription" : "payment",
          customer: await customerFor(accountId, account.email),
          client_reference_id: accountId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "usd",
                unit_amount: amount,
                product_data: { name: plan.type },
                ...(subscription
                  ? { recurring: { interval: plan.period === "year" ? "year" : "month" } }
                  : {}),
              },
            },
          ],
          metadata,
          ...(subscription ? { subscription_data: { metadata } } : {}),
          ...(friend ? { discounts: [{ coupon: await referralCoupon() }] } : {}),
          success_url: `${deps.publicUrl}/checkout/success?provider=stripe&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${deps.publicUrl}/checkout/cancel?type=${plan.type}`,
        },
        { idempotencyKey: `checkout:${ref}` },
      );
      await updatePayment(db, ref, { providerRef: session.id });
      if (!session.url)
        throw new HttpError(502, "The payment provider did not answer a checkout address.");
      return { url: session.url };
    },

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
