// The start-up log says loudly how this server takes payments: an operator must not
// learn from a customer that every plan was free, nor wonder why nobody can pay.
import type { BillingModeResponse } from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import type { BillingConfig } from "../../config.ts";

const who: Record<BillingConfig["standIn"], string> = {
  local:
    "open to loopback and private-network clients only (PAYMENTS_STAND_IN=local); others see 'payments are not set up yet'",
  on: "OPEN TO EVERY CLIENT (PAYMENTS_STAND_IN=on): anyone who reaches this server gets any plan for the test card",
  off: "closed to every client (PAYMENTS_STAND_IN=off): nobody can pay",
};

export function paymentModeLine(mode: BillingModeResponse, policy: BillingConfig["standIn"]) {
  const name = (provider: string, m: string) =>
    m === "stand-in" ? `${provider}: local stand-in (test payments)` : `${provider}: ${m} keys`;
  const standIns = mode.stripe === "stand-in" || mode.wechat === "stand-in";
  return `PAYMENTS — ${name("Stripe", mode.stripe)}; ${name("WeChat Pay", mode.wechat)}${
    standIns ? `. Stand-ins ${who[policy]}` : ""
  }`;
}

export function logPaymentMode(
  app: FastifyInstance,
  mode: BillingModeResponse,
  policy: BillingConfig["standIn"],
) {
  const line = paymentModeLine(mode, policy);
  const payments = { ...mode, standIn: policy };
  if (mode.stripe === "live" && mode.wechat === "live") app.log.info({ payments }, line);
  else app.log.warn({ payments }, `!!! ${line} !!!`);
}
