// WeChat Pay through the stand-in on both databases: a QR order paid, notifications verified,
// decrypted and applied once, forged/stale ones refused, refunds, expiry closing the order;
// and the rest of the billing API (trial, survey, cancel of the trial).
import { BillingMessages, type CreditsResponse, type WechatOrderResponse } from "@studio/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, injectAs, signup } from "../../testing/api-helpers.ts";
import { createTestApp, dbKinds, type TestApp } from "../../testing/test-harness.ts";
import type { WechatStandIn } from "./stand-ins/wechat-stand-in.ts";
import { decryptResource, encryptResource, platformHeaders } from "./wechat/wechat-signing.ts";

describe.each(dbKinds)("WeChat Pay and the rest of billing on %s", (kind) => {
  let t: TestApp;
  let standIn: WechatStandIn;
  const notes: { body: string; headers: Record<string, string> }[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { WECHAT_ORDER_MINUTES: "1" } });
    standIn = t.app.billingStandIns.wechat as WechatStandIn;
  });
  afterAll(() => t.close());

  const credits = async (token: string) =>
    (await injectAs(t.app, token, "POST", "/api/credits", {})).json() as CreditsResponse;
  const order = async (token: string, id: string) =>
    (
      await injectAs(t.app, token, "GET", `/api/checkout/wechat/${id}`)
    ).json() as WechatOrderResponse;
  const notify = (body: string, headers: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/api/webhooks/wechat-pay",
      payload: body,
      headers: { "content-type": "application/json", ...headers },
    });

  it("pays the 32-image add-on by QR, once, whatever the number of notifications", async () => {
    const user = await signup(t.app);
    const start = (await credits(user.token)).credits;
    const res = await injectAs(t.app, user.token, "POST", "/api/checkout/wechat", {
      type: "IMAGES_32",
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(o.amountFen).toBe(7200);
    expect((await order(user.token, o.orderId)).status).toBe("NOTPAY");
    // Keep the notification to replay it.
    const original = (
      standIn as unknown as {
        opts: { deliver: (b: string, h: Record<string, string>) => Promise<void> };
      }
    ).opts;
    const deliver = original.deliver;
    original.deliver = async (body, headers) => {
      notes.push({ body, headers: { ...headers } });
      await deliver(body, headers);
    };
    standIn.pay(o.codeUrl);
    await standIn.idle();
    original.deliver = deliver;
    expect((await credits(user.token)).credits).toBe(start + 32);
    expect((await order(user.token, o.orderId)).status).toBe("SUCCESS");
    const note = notes[0];
    if (!note) throw new Error("no notification");
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => notify(note.body, note.headers)),
    );
    for (const r of replays) expect(r.statusCode).toBe(204);
    expect((await credits(user.token)).credits).toBe(start + 32);

    // Another user cannot read the order.
    const other = await signup(t.app);
    const peek = await injectAs(t.app, other.token, "GET", `/api/checkout/wechat/${o.orderId}`);
    expect(peek.statusCode).toBe(404);

    // A refund takes the coins back.
    standIn.refund(o.orderId);
    await standIn.idle();
    expect((await credits(user.token)).credits).toBe(start);
    expect((await order(user.token, o.orderId)).status).toBe("REFUND");
  });

  it("refuses forged, stale and tampered notifications", async () => {
    const note = notes[0];
    if (!note) throw new Error("no notification");
    const forgedSig = {
      ...note.headers,
      "wechatpay-signature": Buffer.from("nope").toString("base64"),
    };
    expect((await notify(note.body, forgedSig)).statusCode).toBe(400);
    const stale = {
      ...note.headers,
      "wechatpay-timestamp": String(Math.floor(Date.now() / 1000) - 600),
    };
    expect((await notify(note.body, stale)).statusCode).toBe(400);
    // Signed by someone else's key: valid format, wrong signer.
    const { generateKeyPairSync } = await import("node:crypto");
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const other = platformHeaders(
      note.body,
      pem,
      note.headers["wechatpay-serial"] ?? "",
      Math.floor(Date.now() / 1000),
    );
    expect((await notify(note.body, { ...other })).statusCode).toBe(400);
  });

  it("decrypts what it encrypts and rejects a tampered ciphertext", () => {
    const key = "0123456789abcdef0123456789abcdef";
    const r = encryptResource('{"out_trade_no":"x"}', key, "transaction");
    expect(decryptResource(r, key)).toBe('{"out_trade_no":"x"}');
    const bad = {
      ...r,
      ciphertext: Buffer.from(
        `x${Buffer.from(r.ciphertext, "base64").toString("latin1")}`,
        "latin1",
      ).toString("base64"),
    };
    expect(() => decryptResource(bad, key)).toThrow();
  });

  it("closes an unpaid order once it expires", async () => {
    const user = await signup(t.app);
    const o = (
      await injectAs(t.app, user.token, "POST", "/api/checkout/wechat", { type: "DAY_PASS" })
    ).json();
    const stored = [...standIn.orders.values()].find((x) => x.out_trade_no === o.orderId);
    if (!stored) throw new Error("order not at the stand-in");
    await t.database.db.execute(
      (await import("drizzle-orm"))
        .sql`update billing_payments set expires_at = 1 where id = ${o.orderId}`,
    );
    expect((await order(user.token, o.orderId)).status).toBe("CLOSED");
    expect(stored.trade_state).toBe("CLOSED");
    standIn.pay(o.codeUrl);
    await standIn.idle();
    expect((await credits(user.token)).expiration).toBe(0);
  });

  it("the Fashion trial is claimed once, shows as a subscription, and cancels with the trial message", async () => {
    const user = await signup(t.app);
    const bad = await injectAs(t.app, user.token, "POST", "/api/clothing-trial", {
      shareUrl: "not a link",
    });
    expect(bad.statusCode).toBe(400);
    const res = await injectAs(t.app, user.token, "POST", "/api/clothing-trial", {
      shareUrl: "https://www.instagram.com/p/abc123/",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().downloadsLeft).toBe(150);
    const now = Math.floor(Date.now() / 1000);
    expect(res.json().clothAppExpiration).toBeGreaterThanOrEqual(now + 72 * 3600 - 5);
    const again = await injectAs(t.app, user.token, "POST", "/api/clothing-trial", {
      shareUrl: "https://x.com/p/1",
    });
    expect(again.statusCode).toBe(409);
    const subs = (await injectAs(t.app, user.token, "GET", "/api/get-subscriptions")).json();
    expect(subs.clothAppSubscriptionStatus).toBe("ON GOING");
    const cancel = await injectAs(t.app, user.token, "POST", "/api/cancel-subscription", {
      type: "CLOTHING_APP",
      subscriptionId: subs.clothAppSubscriptionID,
    });
    expect(cancel.json()).toEqual({ message: BillingMessages.trialCancelled });
    const check = (
      await t.app.inject({ method: "GET", url: "/api/check-token", headers: bearer(user.token) })
    ).json();
    expect(check.clothAppValid).toBe(false);
  });

  it("stores a cancellation survey and refuses an empty one", async () => {
    const user = await signup(t.app);
    const empty = {
      primaryReason: "",
      reasonOther: "",
      wouldComeBack: "",
      comeBackOther: "",
      betterAlternative: "",
    };
    expect(
      (await injectAs(t.app, user.token, "POST", "/api/cancellation-survey", empty)).statusCode,
    ).toBe(400);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/cancellation-survey",
      headers: bearer(user.token),
      payload: {
        ...empty,
        primaryReason: "Financial reasons",
        wouldComeBack: "Yes, if the price was lower",
      },
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.database.db.execute(
      (await import("drizzle-orm"))
        .sql`select primary_reason from cancellation_surveys where account_id = ${user.userId}`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows ?? rows).toHaveLength(1);
  });
});
