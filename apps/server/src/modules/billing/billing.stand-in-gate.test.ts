// Payment stand-ins answer only to loopback and private-network clients unless
// PAYMENTS_STAND_IN says otherwise (decision 0908); checkout return links go back to the
// seller's origin among the allowed ones (decision 0909).
import { BillingMessages, type CreditsResponse } from "@studio/contracts";
import { describe, expect, it } from "vitest";
import { bearer, injectAs, signup } from "../../testing/api-helpers.ts";
import { testAppPerSuite } from "../../testing/test-app-per-suite.ts";
import { createTestApp, dbKinds, type TestApp } from "../../testing/test-harness.ts";
import type { StripeStandIn } from "./stand-ins/stripe-stand-in.store.ts";

const PUBLIC = "203.0.113.7"; // TEST-NET-3: a public address
const OFFICE = "http://192.168.1.5:8080";

describe.each(dbKinds)("payment stand-ins by client address on %s", (kind) => {
  const t = testAppPerSuite(kind, { env: { ALLOWED_ORIGINS: OFFICE } });

  const checkout = (token: string, from: { remoteAddress?: string; headers?: object } = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/checkout/stripe",
      remoteAddress: from.remoteAddress,
      headers: { ...bearer(token), ...from.headers },
      payload: { type: "PRODUCT_MONTHLY" },
    });
  const pay = (page: string, remoteAddress?: string, headers: object = {}) =>
    t.app.inject({
      method: "POST",
      url: page,
      remoteAddress,
      payload: "card=4242424242424242",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });
  const expiration = async (token: string) =>
    ((await injectAs(t.app, token, "POST", "/api/credits", {})).json() as CreditsResponse)
      .expiration;

  it("a public client sees payments as not set up and cannot complete a stand-in checkout", async () => {
    const mode = await t.app.inject({
      method: "GET",
      url: "/api/billing/mode",
      remoteAddress: PUBLIC,
    });
    expect(mode.json()).toEqual({ stripe: "off", wechat: "off" });
    const u = await signup(t.app);
    for (const url of ["/api/checkout/stripe", "/api/checkout/wechat"]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        remoteAddress: PUBLIC,
        headers: bearer(u.token),
        payload: { type: "PRODUCT_MONTHLY" },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: BillingMessages.paymentsNotSetUp });
    }
    // a session opened from this machine cannot be paid from outside either, directly or
    // through a proxy that names the public client, nor by a forged private address
    const page = new URL((await checkout(u.token)).json().url).pathname;
    const attempts = [
      pay(page, PUBLIC),
      pay(page, "127.0.0.1", { "x-forwarded-for": PUBLIC }),
      pay(page, "127.0.0.1", { "x-forwarded-for": `10.0.0.2, ${PUBLIC}` }),
      pay(page, "127.0.0.1", { forwarded: `for="${PUBLIC}:4711"` }),
      pay(page, "127.0.0.1", { "x-real-ip": PUBLIC }),
      pay(page, PUBLIC, { "x-forwarded-for": "127.0.0.1" }),
      pay(page, "127.0.0.1", { "x-forwarded-for": "unknown" }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(BillingMessages.paymentsNotSetUp);
    }
    const view = await t.app.inject({ method: "GET", url: page, remoteAddress: PUBLIC });
    expect(view.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: "/sandbox/wechat", remoteAddress: PUBLIC }))
        .statusCode,
    ).toBe(404);
    expect(await expiration(u.token)).toBe(0);
  });

  it("clients on a private network (or behind a local proxy) pay on the stand-in", async () => {
    for (const remoteAddress of [
      "192.168.1.20",
      "10.1.2.3",
      "::1",
      "::ffff:172.16.0.9",
      "fd00::7",
    ]) {
      const mode = await t.app.inject({ method: "GET", url: "/api/billing/mode", remoteAddress });
      expect(mode.json()).toEqual({ stripe: "stand-in", wechat: "stand-in" });
    }
    const u = await signup(t.app);
    const res = await checkout(u.token, { remoteAddress: "192.168.1.20" });
    expect(res.statusCode).toBe(200);
    const paid = await pay(new URL(res.json().url).pathname, "127.0.0.1", {
      "x-forwarded-for": "192.168.1.20",
    });
    expect(paid.statusCode).toBe(303);
    await (t.app.billingStandIns.stripe as StripeStandIn).idle();
    expect(await expiration(u.token)).toBeGreaterThan(Date.now() / 1000);
  });

  it("sends the seller back to the allowed origin they used, else to PUBLIC_URL", async () => {
    const u = await signup(t.app);
    const office = await checkout(u.token, { headers: { origin: OFFICE } });
    expect(office.json().url).toMatch(new RegExp(`^${OFFICE}/sandbox/stripe/checkout/cs_`));
    const paid = await pay(new URL(office.json().url).pathname);
    expect(paid.headers.location).toMatch(
      new RegExp(`^${OFFICE}/checkout/success\\?provider=stripe&session_id=cs_`),
    );
    const stranger = await checkout(u.token, { headers: { origin: "https://evil.example" } });
    expect(stranger.json().url).toMatch(/^http:\/\/studio\.test\/sandbox\/stripe\/checkout\//);
    const standIn = t.app.billingStandIns.stripe as StripeStandIn;
    const id = new URL(stranger.json().url).pathname.split("/").pop() ?? "";
    const session = standIn.get(id, "checkout.session");
    expect(session.success_url).toMatch(/^http:\/\/studio\.test\/checkout\/success/);
    expect(session.cancel_url).toBe("http://studio.test/checkout/cancel?type=PRODUCT_MONTHLY");
  });
});

describe("PAYMENTS_STAND_IN", () => {
  it("on: every client; off: none, not even loopback", async () => {
    const on = await createTestApp("pglite", { env: { PAYMENTS_STAND_IN: "on" } });
    const off = await createTestApp("pglite", { env: { PAYMENTS_STAND_IN: "off" } });
    try {
      const mode = (t: TestApp, remoteAddress: string) =>
        t.app
          .inject({ method: "GET", url: "/api/billing/mode", remoteAddress })
          .then((r) => r.json());
      expect(await mode(on, PUBLIC)).toEqual({ stripe: "stand-in", wechat: "stand-in" });
      expect(await mode(off, "127.0.0.1")).toEqual({ stripe: "off", wechat: "off" });
      const u = await signup(off.app);
      const res = await injectAs(off.app, u.token, "POST", "/api/checkout/stripe", {
        type: "PRODUCT_MONTHLY",
      });
      expect(res.statusCode).toBe(503);
    } finally {
      await Promise.all([on.close(), off.close()]);
    }
  }, 120_000); // two apps on a loaded machine
});
