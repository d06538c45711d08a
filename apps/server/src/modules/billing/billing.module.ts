// Composition of billing: the real Stripe / WeChat Pay when keys are configured, else a local
// stand-in of each (on a loopback port, its pages under /sandbox/…), behind the very same
// adapters. Registered by src/composition/api-routes.ts.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { BillingMessages, type BillingModeResponse } from "@studio/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import Stripe from "stripe";
import type { Clock } from "../../clock.ts";
import type { Config, WechatPayConfig } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { CoinsService } from "../coins/coins.service.ts";
import { billingRoutes } from "./billing.routes.ts";
import { createBillingService } from "./billing.service.ts";
import { createFulfilment } from "./fulfilment.ts";
import { logPaymentMode } from "./payment-mode-log.ts";
import { standInOpenTo } from "./stand-ins/stand-in-gate.ts";
import { startStripeStandInApi } from "./stand-ins/stripe-stand-in.api.ts";
import { stripeStandInPages } from "./stand-ins/stripe-stand-in.pages.ts";
import { StripeStandIn } from "./stand-ins/stripe-stand-in.store.ts";
import { wechatStandInPages } from "./stand-ins/wechat-stand-in.pages.ts";
import { WechatStandIn } from "./stand-ins/wechat-stand-in.ts";
import { createStripeBilling } from "./stripe/stripe-billing.ts";
import { videoOrderPayments } from "./video-order-payments.ts";
import { createWechatBilling } from "./wechat/wechat-billing.ts";
import { createWechatClient } from "./wechat/wechat-client.ts";

export interface BillingStandIns {
  stripe?: StripeStandIn;
  wechat?: WechatStandIn;
}

export interface BillingDeps {
  config: Config;
  database: Database;
  clock: Clock;
  coins: CoinsService;
}

/** Registered on the root instance: the stand-ins deliver their webhooks with app.inject. */
export async function registerBilling(
  app: FastifyInstance,
  deps: BillingDeps,
): Promise<BillingStandIns> {
  const { config, database, clock, coins } = deps;
  const db = database.db;
  const standIns: BillingStandIns = {};
  const closers: (() => Promise<unknown>)[] = [];
  const standInOpen = (request: FastifyRequest) => standInOpenTo(request, config.billing.standIn);
  // the stand-ins' pages (where a test card pays) answer only to the clients the policy allows
  const gatedPages = async (pages: (scope: FastifyInstance) => PromiseLike<unknown>) =>
    app.register(async (scope) => {
      scope.addHook("onRequest", async (request, reply) => {
        if (!standInOpen(request)) {
          return reply.code(404).type("text/plain").send(BillingMessages.paymentsNotSetUp);
        }
      });
      await pages(scope);
    });

  // Stand-ins deliver webhooks through the app itself (the same route, parser and checks).
  const inject = async (url: string, payload: string, headers: Record<string, string>) => {
    const res = await app.inject({
      method: "POST",
      url,
      payload,
      headers: { "content-type": "application/json", ...headers },
    });
    if (res.statusCode >= 400)
      app.log.warn({ url, status: res.statusCode, body: res.body }, "stand-in webhook refused");
  };

  let stripe: Stripe;
  let webhookSecret: string;
  if (config.billing.stripe) {
    stripe = new Stripe(config.billing.stripe.secretKey, { maxNetworkRetries: 2 });
    webhookSecret = config.billing.stripe.webhookSecret;
  } else {
    webhookSecret = `whsec_standin_${randomBytes(16).toString("hex")}`;
    const apiKey = `sk_test_standin_${randomBytes(12).toString("hex")}`;
    const standIn = new StripeStandIn({
      apiKey,
      webhookSecret,
      pagesBase: `${config.publicUrl}/sandbox/stripe`,
      deliver: (payload, signature) =>
        inject("/api/webhooks/stripe", payload, { "stripe-signature": signature }),
      now: Date.now,
      file:
        config.nodeEnv === "test" ? undefined : path.join(config.dataDir, "stripe-stand-in.json"),
    });
    const { server, port } = await startStripeStandInApi(standIn);
    closers.push(() => server.close());
    stripe = new Stripe(apiKey, {
      host: "127.0.0.1",
      port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    standIns.stripe = standIn;
    await gatedPages((scope) => scope.register(stripeStandInPages, { standIn }));
  }

  let wechatConfig: WechatPayConfig;
  if (config.billing.wechat) {
    wechatConfig = config.billing.wechat;
  } else {
    const standIn = new WechatStandIn({
      deliver: (body, headers) => inject("/api/webhooks/wechat-pay", body, { ...headers }),
      now: Date.now,
    });
    wechatConfig = standIn.config(await standIn.start());
    closers.push(() => standIn.stop());
    standIns.wechat = standIn;
    await gatedPages((scope) => scope.register(wechatStandInPages, { standIn }));
  }

  const fulfilment = createFulfilment({ db, coins, clock });
  const stripeBilling = createStripeBilling({
    db,
    stripe,
    webhookSecret,
    publicUrl: config.publicUrl,
    clock,
    fulfilment,
    videoOrders: videoOrderPayments(db),
  });
  const wechatBilling = createWechatBilling({
    db,
    client: createWechatClient(wechatConfig, clock),
    config: wechatConfig,
    orderMinutes: config.billing.wechatOrderMinutes,
    publicUrl: config.publicUrl,
    clock,
    fulfilment,
  });
  const mode: BillingModeResponse = {
    stripe: !config.billing.stripe
      ? "stand-in"
      : config.billing.stripe.secretKey.includes("_live_")
        ? "live"
        : "test",
    wechat: config.billing.wechat ? "live" : "stand-in",
  };
  logPaymentMode(app, mode, config.billing.standIn);
  await app.register(billingRoutes, {
    billing: createBillingService({ db, clock, stripe: stripeBilling }),
    stripe: stripeBilling,
    wechat: wechatBilling,
    mode,
    standInOpen,
    allowedOrigins: config.allowedOrigins,
    publicUrl: config.publicUrl,
    checkoutLimit: config.rateLimits.checkout,
  });
  app.addHook("onClose", async () => {
    await Promise.allSettled(closers.map((c) => c()));
  });
  return standIns;
}
