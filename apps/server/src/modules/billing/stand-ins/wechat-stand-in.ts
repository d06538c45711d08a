// The WeChat Pay stand-in: API v3 Native orders, query, close and refund on a loopback port,
// checking the merchant's request signatures and signing its answers with a platform key;
// payments and refunds send signed, AES-256-GCM-encrypted notifications to the app. Its keys
// are generated at start; the app is configured with their public halves exactly as it would
// be with WeChat Pay's.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import type { WechatPayConfig } from "../../../config.ts";
import {
  encryptResource,
  type PlatformHeaders,
  platformHeaders,
  verifyRequest,
} from "../wechat/wechat-signing.ts";

interface Order {
  out_trade_no: string;
  transaction_id?: string;
  trade_state: "NOTPAY" | "SUCCESS" | "CLOSED" | "REFUND";
  description: string;
  amount: { total: number; currency: string };
  time_expire: string;
  code: string;
}

export type DeliverNotification = (body: string, headers: PlatformHeaders) => Promise<void>;

function pemPair() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

export class WechatStandIn {
  readonly orders = new Map<string, Order>();
  private readonly merchant = pemPair();
  private readonly platform = pemPair();
  private readonly apiV3Key = randomBytes(16).toString("hex");
  private readonly platformSerial = randomBytes(8).toString("hex").toUpperCase();
  private server: FastifyInstance | undefined;
  private pending: Promise<unknown>[] = [];

  constructor(private readonly opts: { deliver: DeliverNotification; now: () => number }) {}

  private nowSec() {
    return Math.floor(this.opts.now() / 1000);
  }

  /** The configuration the app uses against this stand-in. */
  config(port: number): WechatPayConfig {
    return {
      mchId: "1900000109",
      appId: "wxstandin0000001",
      serial: "STANDINMERCHANT01",
      privateKeyPem: this.merchant.privateKeyPem,
      apiV3Key: this.apiV3Key,
      platformPublicKeyPem: this.platform.publicKeyPem,
      platformSerial: this.platformSerial,
      baseUrl: `http://127.0.0.1:${port}`,
    };
  }

  byCode(code: string): Order | undefined {
    return [...this.orders.values()].find((o) => o.code === code);
  }

  async idle(): Promise<void> {
    while (this.pending.length) await Promise.allSettled(this.pending.splice(0));
  }

  private notify(eventType: string, order: Order) {
    const resource = encryptResource(
      JSON.stringify({ ...order, code: undefined, mchid: "1900000109" }),
      this.apiV3Key,
      "transaction",
    );
    const body = JSON.stringify({
      id: randomBytes(16).toString("hex"),
      create_time: new Date(this.opts.now()).toISOString(),
      resource_type: "encrypt-resource",
      event_type: eventType,
      summary: eventType === "REFUND.SUCCESS" ? "退款成功" : "支付成功",
      resource,
    });
    const headers = platformHeaders(
      body,
      this.platform.privateKeyPem,
      this.platformSerial,
      this.nowSec(),
    );
    this.pending.push(
      new Promise((r) => setImmediate(r)).then(() => this.opts.deliver(body, headers)),
    );
  }

  /** The payer scanned and paid (the sandbox page's button). */
  pay(code: string): Order {
    const order = this.byCode(code);
    if (!order) throw new Error("No such order");
    if (order.trade_state === "NOTPAY" && Date.parse(order.time_expire) < this.opts.now())
      order.trade_state = "CLOSED";
    if (order.trade_state !== "NOTPAY") return order;
    order.trade_state = "SUCCESS";
    order.transaction_id = `4200${Date.now()}${randomBytes(4).toString("hex")}`;
    this.notify("TRANSACTION.SUCCESS", order);
    return order;
  }

  refund(outTradeNo: string): Order {
    const order = this.orders.get(outTradeNo);
    if (order?.trade_state !== "SUCCESS") throw new Error("Only a paid order can be refunded");
    order.trade_state = "REFUND";
    this.notify("REFUND.SUCCESS", order);
    return order;
  }

  async start(): Promise<number> {
    const server = Fastify({ logger: false, bodyLimit: 64 * 1024 });
    server.addContentTypeParser("application/json", { parseAs: "string" }, (_r, body, done) =>
      done(null, body),
    );
    const signed = (status: number, payload?: object) => {
      const body = payload ? JSON.stringify(payload) : "";
      return {
        status,
        body,
        headers: platformHeaders(
          body,
          this.platform.privateKeyPem,
          this.platformSerial,
          this.nowSec(),
        ),
      };
    };
    server.addHook("preHandler", async (request, reply) => {
      const ok = verifyRequest(
        String(request.headers.authorization ?? ""),
        request.method,
        request.url,
        typeof request.body === "string" ? request.body : "",
        this.merchant.publicKeyPem,
        this.nowSec(),
      );
      if (!ok)
        return reply
          .code(401)
          .send({ code: "SIGN_ERROR", message: "签名错误 (signature check failed)" });
    });
    const send = (reply: import("fastify").FastifyReply, r: ReturnType<typeof signed>) =>
      reply
        .code(r.status)
        .headers({ ...r.headers })
        .type("application/json")
        .send(r.body);

    server.post("/v3/pay/transactions/native", async (request, reply) => {
      const b = JSON.parse(String(request.body)) as Partial<Order> & {
        out_trade_no?: string;
        amount?: Order["amount"];
      };
      if (!b.out_trade_no || !b.amount?.total || !b.time_expire) {
        return send(
          reply,
          signed(400, {
            code: "PARAM_ERROR",
            message: "out_trade_no, amount and time_expire are required",
          }),
        );
      }
      if (this.orders.has(b.out_trade_no))
        return send(reply, signed(400, { code: "ORDER_NO_REPEAT", message: "商户订单号重复" }));
      const code = `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString("base64url")}`;
      this.orders.set(b.out_trade_no, {
        out_trade_no: b.out_trade_no,
        trade_state: "NOTPAY",
        description: b.description ?? "",
        amount: { total: b.amount.total, currency: b.amount.currency ?? "CNY" },
        time_expire: b.time_expire,
        code,
      });
      return send(reply, signed(200, { code_url: code }));
    });
    server.get<{ Params: { no: string } }>(
      "/v3/pay/transactions/out-trade-no/:no",
      async (request, reply) => {
        const order = this.orders.get(request.params.no);
        if (!order)
          return send(reply, signed(404, { code: "ORDER_NOT_EXIST", message: "订单不存在" }));
        const { code: _code, ...visible } = order;
        return send(reply, signed(200, visible));
      },
    );
    server.post<{ Params: { no: string } }>(
      "/v3/pay/transactions/out-trade-no/:no/close",
      async (request, reply) => {
        const order = this.orders.get(request.params.no);
        if (!order)
          return send(reply, signed(404, { code: "ORDER_NOT_EXIST", message: "订单不存在" }));
        if (order.trade_state === "NOTPAY") order.trade_state = "CLOSED";
        return send(reply, signed(204));
      },
    );
    server.post("/v3/refund/domestic/refunds", async (request, reply) => {
      const b = JSON.parse(String(request.body)) as { out_trade_no?: string };
      try {
        this.refund(b.out_trade_no ?? "");
      } catch (err) {
        return send(
          reply,
          signed(400, { code: "INVALID_REQUEST", message: (err as Error).message }),
        );
      }
      return send(reply, signed(200, { status: "SUCCESS", out_trade_no: b.out_trade_no }));
    });
    await server.listen({ host: "127.0.0.1", port: 0 });
    this.server = server;
    const address = server.server.address();
    return typeof address === "object" && address ? address.port : 0;
  }

  async stop() {
    await this.server?.close();
  }
}
