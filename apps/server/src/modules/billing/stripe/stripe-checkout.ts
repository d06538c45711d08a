// Stripe Checkout Sessions out: a pending payment row first (our reference rides in the
// session's metadata), then the session; the webhook marks it paid (stripe-sync.ts).
import { randomUUID } from "node:crypto";
import {
  findPlan,
  type PlanInfo,
  ReferralTerms,
  type StripeCheckoutRequest,
  VideoOrderCheckout,
} from "@studio/contracts";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../../../db/database.ts";
import { badRequest, HttpError, notFound } from "../../../http/http-error.ts";
import { findById } from "../../accounts/accounts.repository.ts";
import {
  hasPaidBefore,
  insertPayment,
  isReferred,
  subscriptionById,
  updatePayment,
} from "../billing.repository.ts";
import { billingCustomers } from "../billing.tables.ts";

/** What billing needs of the made-to-order videos. */
export interface VideoOrderPayments {
  priceOf(
    accountId: string,
    orderId: string,
  ): Promise<{ priceCents: number; paid: boolean } | undefined>;
  markPaid(orderId: string, paymentRef: string): Promise<unknown>;
}

export const REFERRAL_COUPON_ID = "REFERRAL_FRIEND_10";

export function createStripeCheckout(deps: {
  db: Db;
  stripe: Stripe;
  publicUrl: string;
  videoOrders: VideoOrderPayments;
}) {
  const { db, stripe } = deps;

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

  /** The made-to-order video: one payment at the price fixed in the order (decision 0801). */
  /**
   * The Checkout Session of pending payment `ref`: one item in dollars for the account's Stripe
   * customer, back to /checkout/success when paid; remembered on the payment's row. Where to send
   * the buyer.
   */
  async function openSession(
    ref: string,
    buyer: { accountId: string; email: string; returnTo: string },
    item: Omit<Stripe.Checkout.SessionCreateParams.LineItem.PriceData, "currency">,
    params: Omit<Stripe.Checkout.SessionCreateParams, "customer" | "line_items" | "success_url">,
  ) {
    const session = await stripe.checkout.sessions.create(
      {
        customer: await customerFor(buyer.accountId, buyer.email),
        client_reference_id: buyer.accountId,
        line_items: [{ quantity: 1, price_data: { currency: "usd", ...item } }],
        success_url: `${buyer.returnTo}/checkout/success?provider=stripe&session_id={CHECKOUT_SESSION_ID}`,
        ...params,
      },
      { idempotencyKey: `checkout:${ref}` },
    );
    await updatePayment(db, ref, { providerRef: session.id });
    if (!session.url)
      throw new HttpError(502, "The payment provider did not answer a checkout address.");
    return { url: session.url };
  }

  async function videoOrderCheckout(
    accountId: string,
    orderId: string | undefined,
    returnTo: string,
  ) {
    const order = orderId ? await deps.videoOrders.priceOf(accountId, orderId) : undefined;
    if (!order) throw notFound("Video order not found");
    if (order.paid) throw badRequest("This video order is already paid.");
    const account = await findById(db, accountId);
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
    const buyer = { accountId, email: account.email, returnTo };
    const item = {
      unit_amount: order.priceCents,
      product_data: { name: "Made-to-order product video" },
    };
    return openSession(ref, buyer, item, {
      mode: "payment",
      metadata: {
        paymentRef: ref,
        accountId,
        planType: VideoOrderCheckout,
        orderId: orderId ?? "",
      },
      cancel_url: `${returnTo}/video-app`,
    });
  }

  return async function checkout(
    accountId: string,
    req: StripeCheckoutRequest,
    returnTo: string = deps.publicUrl,
  ): Promise<{ url: string }> {
    if (req.type === VideoOrderCheckout)
      return videoOrderCheckout(accountId, req.orderId, returnTo);
    const plan: PlanInfo | undefined = findPlan(req.type);
    if (!plan?.providers.includes("stripe"))
      throw badRequest(`Plan ${req.type} cannot be bought by card.`);
    const account = await findById(db, accountId);
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
    const buyer = { accountId, email: account.email, returnTo };
    const item = {
      unit_amount: amount,
      product_data: { name: plan.type },
      ...(subscription
        ? {
            recurring: {
              interval: plan.period === "year" ? ("year" as const) : ("month" as const),
            },
          }
        : {}),
    };
    return openSession(ref, buyer, item, {
      mode: subscription ? "subscription" : "payment",
      metadata,
      ...(subscription ? { subscription_data: { metadata } } : {}),
      ...(friend ? { discounts: [{ coupon: await referralCoupon() }] } : {}),
      cancel_url: `${returnTo}/checkout/cancel?type=${plan.type}`,
    });
  };
}
