// The WeChat Pay API v3 calls we make (Native orders, query, close, refund), each request
// signed with the merchant key and each answer's platform signature verified before use.
import type { WechatPayConfig } from "../../../config.ts";
import { authorization, verifyPlatform } from "./wechat-signing.ts";

export interface WechatTransaction {
  out_trade_no: string;
  transaction_id?: string;
  trade_state: "SUCCESS" | "REFUND" | "NOTPAY" | "CLOSED" | "REVOKED" | "USERPAYING" | "PAYERROR";
  amount?: { total: number; currency: string };
}

export class WechatApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface WechatClient {
  nativeOrder(o: {
    outTradeNo: string;
    description: string;
    amountFen: number;
    expiresAt: number;
    notifyUrl: string;
  }): Promise<{ codeUrl: string }>;
  query(outTradeNo: string): Promise<WechatTransaction>;
  close(outTradeNo: string): Promise<void>;
  refund(o: { outTradeNo: string; outRefundNo: string; amountFen: number }): Promise<void>;
}

export function createWechatClient(config: WechatPayConfig, now: () => number): WechatClient {
  async function call<T>(
    method: "GET" | "POST",
    path: string,
    payload?: object,
  ): Promise<T | undefined> {
    const body = payload ? JSON.stringify(payload) : "";
    const res = await fetch(`${config.baseUrl}${path}`, {
      method,
      headers: {
        accept: "application/json",
        ...(payload ? { "content-type": "application/json" } : {}),
        authorization: authorization(config, method, path, body, Math.floor(now() / 1000)),
      },
      body: payload ? body : undefined,
    });
    const text = await res.text();
    if (res.status >= 400) {
      const err = (text ? JSON.parse(text) : {}) as { code?: string; message?: string };
      throw new WechatApiError(
        res.status,
        err.code ?? "ERROR",
        err.message ?? `WeChat Pay answered ${res.status}`,
      );
    }
    const headers = Object.fromEntries(res.headers.entries());
    const check = verifyPlatform(
      headers,
      text,
      config.platformPublicKeyPem,
      config.platformSerial,
      Math.floor(now() / 1000),
    );
    if (check !== "ok")
      throw new WechatApiError(
        502,
        "SIGN_ERROR",
        `WeChat Pay answer failed verification (${check})`,
      );
    return text ? (JSON.parse(text) as T) : undefined;
  }

  return {
    async nativeOrder(o) {
      const out = await call<{ code_url: string }>("POST", "/v3/pay/transactions/native", {
        appid: config.appId,
        mchid: config.mchId,
        description: o.description,
        out_trade_no: o.outTradeNo,
        time_expire: new Date(o.expiresAt * 1000).toISOString().replace(/\.\d{3}Z$/, "+00:00"),
        notify_url: o.notifyUrl,
        amount: { total: o.amountFen, currency: "CNY" },
      });
      if (!out?.code_url)
        throw new WechatApiError(502, "NO_CODE_URL", "WeChat Pay answered no code_url");
      return { codeUrl: out.code_url };
    },
    async query(outTradeNo) {
      const out = await call<WechatTransaction>(
        "GET",
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${config.mchId}`,
      );
      if (!out) throw new WechatApiError(502, "EMPTY", "WeChat Pay answered nothing");
      return out;
    },
    async close(outTradeNo) {
      await call(
        "POST",
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`,
        { mchid: config.mchId },
      );
    },
    async refund(o) {
      await call("POST", "/v3/refund/domestic/refunds", {
        out_trade_no: o.outTradeNo,
        out_refund_no: o.outRefundNo,
        amount: { refund: o.amountFen, total: o.amountFen, currency: "CNY" },
      });
    },
  };
}
