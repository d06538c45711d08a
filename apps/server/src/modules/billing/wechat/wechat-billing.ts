// WeChat Pay Native: an order per checkout (its code_url drawn as a QR code), notifications
// verified and decrypted, each applied once. Whatever arrives, the order's state is read back
// from WeChat Pay (query by out_trade_no) and ours converges on it; polling does the same, so
// a lost notification only delays the grant. Unpaid orders are closed when they expire.
import { randomBytes } from "node:crypto";
import { findPlan, type WechatCheckoutResponse, type WechatOrderResponse } from "@studio/contracts";
import type { Clock } from "../../../clock.ts";
import type { WechatPayConfig } from "../../../config.ts";
import type { Db } from "../../../db/database.ts";
import { badRequest, notFound } from "../../../http/http-error.ts";
import {
  eventSeen,
  insertPayment,
  paymentById,
  recordEvent,
  transitionPayment,
} from "../billing.repository.ts";
import type { PaymentRow } from "../billing.tables.ts";
import type { Fulfilment } from "../fulfilment.ts";
import type { WechatClient } from "./wechat-client.ts";
import { decryptResource, type EncryptedResource, verifyPlatform } from "./wechat-signing.ts";

export interface WechatBilling {
  checkout(accountId: string, type: string): Promise<WechatCheckoutResponse>;
  order(accountId: string, orderId: string): Promise<WechatOrderResponse>;
  handleNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<void>;
}

export function createWechatBilling(deps: {
  db: Db;
  client: WechatClient;
  config: WechatPayConfig;
  orderMinutes: number;
  publicUrl: string;
  clock: Clock;
  fulfilment: Fulfilment;
}): WechatBilling {
  const { db, client, config, clock, fulfilment } = deps;
  const nowSec = () => Math.floor(clock() / 1000);

  /** Our order follows WeChat Pay's: paid grants, refunded takes back, expired closes. */
  async function sync(payment: PaymentRow): Promise<PaymentRow> {
    const tx = await client.query(payment.id);
    if (tx.trade_state === "SUCCESS" || tx.trade_state === "REFUND") {
      if (
        await transitionPayment(db, payment.id, "pending", "paid", {
          providerRef: tx.transaction_id ?? null,
          paidAt: new Date(clock()),
        })
      ) {
        await fulfilment.grantOneTime(payment);
        await fulfilment.cashback(payment, `wechat:${payment.id}`, payment.amount);
      }
    }
    if (
      tx.trade_state === "REFUND" &&
      (await transitionPayment(db, payment.id, "paid", "refunded"))
    ) {
      await fulfilment.takeBack(payment, `payment:${payment.id}`);
    }
    if (tx.trade_state === "CLOSED" || tx.trade_state === "REVOKED") {
      await transitionPayment(db, payment.id, "pending", "closed");
    } else if (tx.trade_state === "NOTPAY" && payment.expiresAt < nowSec()) {
      await client.close(payment.id);
      await transitionPayment(db, payment.id, "pending", "closed");
    }
    return (await paymentById(db, payment.id)) ?? payment;
  }

  function present(p: PaymentRow): WechatOrderResponse {
    const status = {
      pending: "NOTPAY",
      paid: "SUCCESS",
      closed: "CLOSED",
      refunded: "REFUND",
    } as const;
    return {
      orderId: p.id,
      type: p.planType,
      status: status[p.status],
      amountFen: p.amount,
      expiresAt: p.expiresAt,
    };
  }

  return {
    async checkout(accountId, type) {
      const plan = findPlan(type);
      if (!plan?.providers.includes("wechat"))
        throw badRequest(`Plan ${type} cannot be bought with WeChat Pay.`);
      // out_trade_no: 6–32 letters and digits, unique per merchant.
      const id = `ps${Date.now().toString(36)}${randomBytes(8).toString("hex")}`;
      const expiresAt = nowSec() + deps.orderMinutes * 60;
      await insertPayment(db, {
        id,
        accountId,
        provider: "wechat",
        planType: plan.type,
        amount: plan.prices.CNY,
        currency: "cny",
        status: "pending",
        expiresAt,
      });
      const { codeUrl } = await client.nativeOrder({
        outTradeNo: id,
        description: `Photoshoot Studio ${plan.type}`,
        amountFen: plan.prices.CNY,
        expiresAt,
        notifyUrl: `${deps.publicUrl}/api/webhooks/wechat-pay`,
      });
      return { orderId: id, codeUrl, amountFen: plan.prices.CNY, expiresAt };
    },

    async order(accountId, orderId) {
      const payment = await paymentById(db, orderId);
      if (payment?.accountId !== accountId || payment.provider !== "wechat")
        throw notFound("Order not found");
      return present(payment.status === "pending" ? await sync(payment) : payment);
    },

    async handleNotification(headers, rawBody) {
      const check = verifyPlatform(
        headers,
        rawBody,
        config.platformPublicKeyPem,
        config.platformSerial,
        nowSec(),
      );
      if (check !== "ok") throw badRequest("Invalid WeChat Pay signature", check);
      let note: { id: string; event_type: string; resource: EncryptedResource };
      let tx: { out_trade_no?: string };
      try {
        note = JSON.parse(rawBody);
        tx = JSON.parse(decryptResource(note.resource, config.apiV3Key));
      } catch (err) {
        throw badRequest("Invalid WeChat Pay notification", (err as Error).message);
      }
      if (await eventSeen(db, "wechat", note.id)) return;
      const payment = await paymentById(db, tx.out_trade_no ?? "");
      if (payment?.provider === "wechat") await sync(payment);
      await recordEvent(db, "wechat", note.id, note.event_type);
    },
  };
}
