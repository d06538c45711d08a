// Stripe through the stand-in, on both databases: checkout to entitlement, webhooks replayed,
// reordered, forged and stale; renewal, cancellation at period end, refunds.
import {
  BillingMessages,
  type CreditsResponse,
  type SubscriptionsResponse,
} from "@studio/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, injectAs, signup } from "../../testing/api-helpers.ts";
import { createTestApp, dbKinds, type TestApp } from "../../testing/test-harness.ts";
import { stripeSignatureHeader } from "./stand-ins/stand-in-signing.ts";
import type { StripeStandIn } from "./stand-ins/stripe-stand-in.store.ts";

describe.each(dbKinds)("Stripe billing on %s", (kind) => {
  let t: TestApp;
  let standIn: StripeStandIn;
  beforeAll(async () => {
    t = await createTestApp(kind);
    standIn = t.app.billingStandIns.stripe as StripeStandIn;
  });
  afterAll(() => t.close());

  const credits = async (token: string) =>
    (await injectAs(t.app, token, "POST", "/api/credits", {})).json() as CreditsResponse;
  const subs = async (token: string) =>
    (
      await t.app.inject({ method: "GET", url: "/api/get-subscriptions", headers: bearer(token) })
    ).json() as SubscriptionsResponse;
  const checkout = async (token: string, type: string, extra: object = {}) => {
    const res = await injectAs(t.app, token, "POST", "/api/checkout/stripe", { type, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url);
    expect(url.pathname).toMatch(/^\/sandbox\/stripe\/checkout\/cs_test_/);
    return url.pathname;
  };
  const pay = async (page: string, card = "4242 4242 4242 4242") => {
    const res = await t.app.inject({
      method: "POST",
      url: page,
      payload: `card=${encodeURIComponent(card)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    await standIn.idle();
    return res;
  };
  const deliver = (payload: string, signature: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      payload,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });

  it("lists every plan with integer prices", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/plans" });
    const { plans } = res.json() as {
      plans: { type: string; prices: { USD: number; CNY: number } }[];
    };
    expect(plans.map((p) => p.type)).toContain("PRODUCT_MONTHLY");
    expect(plans).toHaveLength(11);
    for (const p of plans)
      expect(Number.isInteger(p.prices.USD) && Number.isInteger(p.prices.CNY)).toBe(true);
    expect((await t.app.inject({ method: "GET", url: "/api/billing/mode" })).json()).toEqual({
      stripe: "stand-in",
      wechat: "stand-in",
    });
  });

  it("refuses checkout without login and for an unknown plan", async () => {
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/checkout/stripe",
          payload: { type: "PRODUCT_MONTHLY" },
        })
      ).statusCode,
    ).toBe(401);
    const user = await signup(t.app);
    const res = await injectAs(t.app, user.token, "POST", "/api/checkout/stripe", {
      type: "FREE_MONEY",
    });
    expect(res.statusCode).toBe(400);
  });

  it("a declined card changes nothing; a paid Basic subscription makes the account Basic", async () => {
    const user = await signup(t.app);
    const page = await checkout(user.token, "PRODUCT_MONTHLY");
    const declined = await pay(page, "4000 0000 0000 0002");
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain("Your card was declined.");
    expect((await credits(user.token)).expiration).toBe(0);

    const paid = await pay(page);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(
      /\/checkout\/success\?provider=stripe&session_id=cs_test_/,
    );
    const c = await credits(user.token);
    const now = Math.floor(Date.now() / 1000);
    expect(c.expiration).toBeGreaterThan(now + 29 * 86400);
    const check = (
      await t.app.inject({ method: "GET", url: "/api/check-token", headers: bearer(user.token) })
    ).json();
    expect(check.paymentType).toBe("PRODUCT_BASIC");
    expect(check.valid).toBe(true);
    const s = await subs(user.token);
    expect(s.productAppSubscriptionStatus).toBe("ON GOING");
    expect(s.productAppSubscriptionID).toMatch(/^sub_test_/);

    // Renewal extends by a period; cancelling keeps access until the period ends.
    standIn.renew(s.productAppSubscriptionID);
    await standIn.idle();
    const renewed = await credits(user.token);
    expect(renewed.expiration).toBe(c.expiration + 30 * 86400);
    const cancel = await injectAs(t.app, user.token, "POST", "/api/cancel-subscription", {
      type: "PRODUCT_APP",
      subscriptionId: s.productAppSubscriptionID,
    });
    expect(cancel.json()).toEqual({ message: BillingMessages.cancelled });
    await standIn.idle();
    expect((await subs(user.token)).productAppSubscriptionStatus).toBe("CANCELLING");
    expect((await credits(user.token)).expiration).toBe(renewed.expiration);
  });

  it("another user cannot cancel someone's subscription", async () => {
    const owner = await signup(t.app);
    await pay(await checkout(owner.token, "PRO_MONTHLY"));
    const { productAppSubscriptionID } = await subs(owner.token);
    const other = await signup(t.app);
    const res = await injectAs(t.app, other.token, "POST", "/api/cancel-subscription", {
      type: "PRODUCT_APP",
      subscriptionId: productAppSubscriptionID,
    });
    expect(res.statusCode).toBe(404);
    expect((await subs(owner.token)).productAppSubscriptionStatus).toBe("ON GOING");
    const pro = (
      await t.app.inject({ method: "GET", url: "/api/check-token", headers: bearer(owner.token) })
    ).json();
    expect(pro.paymentType).toBe("PRODUCT_PRO");
    expect(pro.clothAppValid).toBe(true);
  });

  it("events delivered 5 times at once and in reverse order grant once", async () => {
    const user = await signup(t.app);
    const before = (await credits(user.token)).credits;
    const page = await checkout(user.token, "IMAGES_32");
    standIn.hold = true;
    await pay(page);
    standIn.hold = false;
    const events = standIn.held.splice(0).reverse();
    expect(events.length).toBeGreaterThan(0);
    const answers = await Promise.all(
      events.flatMap((e) => Array.from({ length: 5 }, () => deliver(e.payload, e.signature))),
    );
    for (const a of answers) expect(a.statusCode).toBe(200);
    expect((await credits(user.token)).credits).toBe(before + 32);
  });

  it("a subscription's events in any order converge", async () => {
    const user = await signup(t.app);
    const page = await checkout(user.token, "CLOTHING_MONTHLY");
    standIn.hold = true;
    await pay(page);
    standIn.hold = false;
    for (const e of standIn.held.splice(0).reverse())
      expect((await deliver(e.payload, e.signature)).statusCode).toBe(200);
    const c = await credits(user.token);
    expect(c.clothAppExpiration).toBeGreaterThan(Math.floor(Date.now() / 1000) + 29 * 86400);
    expect(c.expiration).toBe(0); // the clothing plan does not touch the product app
    expect((await subs(user.token)).clothAppSubscriptionStatus).toBe("ON GOING");
  });

  it("a forged or stale signature is refused and changes nothing", async () => {
    const user = await signup(t.app);
    const before = await credits(user.token);
    const page = await checkout(user.token, "IMAGES_32");
    standIn.hold = true;
    await pay(page);
    standIn.hold = false;
    const [event] = standIn.held.splice(0);
    if (!event) throw new Error("no event");
    const now = Math.floor(Date.now() / 1000);
    const forged = stripeSignatureHeader(event.payload, "whsec_not_the_secret", now);
    const stale = stripeSignatureHeader(event.payload, standIn.opts.webhookSecret, now - 600);
    expect((await deliver(event.payload, forged)).statusCode).toBe(400);
    expect((await deliver(event.payload, stale)).statusCode).toBe(400);
    expect(
      (await deliver(event.payload.replace('"livemode":false', '"livemode":true'), event.signature))
        .statusCode,
    ).toBe(400);
    expect((await credits(user.token)).credits).toBe(before.credits);
    expect((await deliver(event.payload, event.signature)).statusCode).toBe(200);
    expect((await credits(user.token)).credits).toBe(before.credits + 32);
  });

  it("a session not opened through our checkout grants nothing, whatever its metadata says", async () => {
    const victim = await signup(t.app);
    const session = standIn.createSession({
      mode: "payment",
      client_reference_id: victim.userId,
      metadata: { accountId: victim.userId, planType: "IMAGES_32", paymentRef: "made-up" },
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "1" } }],
    });
    const before = await credits(victim.token);
    await pay(`/sandbox/stripe/checkout/${session.id}`);
    expect(await credits(victim.token)).toEqual(before);
  });

  it("a refund takes back what it bought", async () => {
    const user = await signup(t.app);
    const start = (await credits(user.token)).credits;
    await pay(await checkout(user.token, "IMAGES_32"));
    await pay(await checkout(user.token, "DAY_PASS"));
    expect((await credits(user.token)).credits).toBe(start + 32);
    expect((await credits(user.token)).expiration).toBeGreaterThan(Math.floor(Date.now() / 1000));
    for (const charge of standIn
      .list("charge")
      .filter((c) => !c.refunded)
      .slice(-2))
      standIn.refund({ charge: charge.id });
    await standIn.idle();
    const after = await credits(user.token);
    expect(after.credits).toBe(start);
    expect(after.expiration).toBe(0);
  });
});
