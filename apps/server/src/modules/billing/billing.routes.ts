// The billing API: the plan catalogue, checkout with Stripe and WeChat Pay, the
// providers' webhooks (raw bodies, for their signatures), subscriptions and the cancel flow.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type as T } from "@sinclair/typebox";
import {
  BillingMessages,
  BillingModeResponse,
  CancellationSurveyRequest,
  CancelSubscriptionRequest,
  CancelSubscriptionResponse,
  CheckoutUrlResponse,
  ClothingTrialRequest,
  ClothingTrialResponse,
  PlansResponse,
  StripeCheckoutRequest,
  SubscriptionsResponse,
  WechatCheckoutRequest,
  WechatCheckoutResponse,
  WechatOrderResponse,
} from "@studio/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { currentUser, requireAuth } from "../../auth/auth.plugin.ts";
import type { RateLimit } from "../../config.ts";
import { errorResponses as errors } from "../../http/error-responses.ts";
import { HttpError } from "../../http/http-error.ts";
import { limitTo } from "../../http/rate-limit.ts";
import { returnOrigin } from "../../http/return-origin.ts";
import type { BillingService } from "./billing.service.ts";
import type { StripeBilling } from "./stripe/stripe-billing.ts";
import type { WechatBilling } from "./wechat/wechat-billing.ts";

/** A provider that fails or cannot be reached is a 502 with a sentence, not a stack trace. */
async function provider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(
      502,
      "The payment provider could not be reached. Please try again in a minute.",
      (err as Error).message,
    );
  }
}

export async function billingRoutes(
  fastify: FastifyInstance,
  opts: {
    billing: BillingService;
    stripe: StripeBilling;
    wechat: WechatBilling;
    mode: BillingModeResponse;
    /** false when this client may not use the stand-ins (decision 0908) */
    standInOpen: (request: FastifyRequest) => boolean;
    /** where Stripe's success and cancel links may return (decision 0909) */
    allowedOrigins: ReadonlySet<string>;
    publicUrl: string;
    checkoutLimit: RateLimit;
  },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { billing } = opts;
  const limit = limitTo(opts.checkoutLimit);

  app.get("/api/plans", { schema: { response: { 200: PlansResponse } } }, async () =>
    billing.plans(),
  );
  app.get(
    "/api/billing/mode",
    { schema: { response: { 200: BillingModeResponse } } },
    async (request): Promise<BillingModeResponse> => {
      if (opts.standInOpen(request)) return opts.mode;
      const off = (m: BillingModeResponse["stripe"]) => (m === "stand-in" ? "off" : m);
      return { stripe: off(opts.mode.stripe), wechat: off(opts.mode.wechat) };
    },
  );
  /** A checkout on a stand-in this client may not use: refused before anything is created. */
  const refuseClosedStandIn =
    (provider: "stripe" | "wechat") => async (request: FastifyRequest) => {
      if (opts.mode[provider] === "stand-in" && !opts.standInOpen(request)) {
        throw new HttpError(503, BillingMessages.paymentsNotSetUp);
      }
    };

  app.post(
    "/api/checkout/stripe",
    {
      preHandler: [requireAuth, refuseClosedStandIn("stripe")],
      config: limit,
      schema: { body: StripeCheckoutRequest, response: { 200: CheckoutUrlResponse, ...errors } },
    },
    async (request) =>
      provider(() =>
        opts.stripe.checkout(
          currentUser(request).userId,
          request.body,
          returnOrigin(request, opts.allowedOrigins, opts.publicUrl),
        ),
      ),
  );
  app.get(
    "/api/checkout/stripe/:sessionId",
    {
      preHandler: requireAuth,
      schema: {
        params: T.Object({ sessionId: T.String({ minLength: 3, maxLength: 255 }) }),
        response: {
          200: T.Object({
            type: T.String(),
            status: T.Union([
              T.Literal("pending"),
              T.Literal("paid"),
              T.Literal("refunded"),
              T.Literal("closed"),
            ]),
          }),
          ...errors,
        },
      },
    },
    async (request) => opts.stripe.payment(currentUser(request).userId, request.params.sessionId),
  );
  app.post(
    "/api/checkout/wechat",
    {
      preHandler: [requireAuth, refuseClosedStandIn("wechat")],
      config: limit,
      schema: { body: WechatCheckoutRequest, response: { 200: WechatCheckoutResponse, ...errors } },
    },
    async (request) =>
      provider(() => opts.wechat.checkout(currentUser(request).userId, request.body.type)),
  );
  app.get(
    "/api/checkout/wechat/:orderId",
    {
      preHandler: requireAuth,
      schema: {
        params: T.Object({
          orderId: T.String({ minLength: 6, maxLength: 32, pattern: "^[A-Za-z0-9_-]+$" }),
        }),
        response: { 200: WechatOrderResponse, ...errors },
      },
    },
    async (request) =>
      provider(() => opts.wechat.order(currentUser(request).userId, request.params.orderId)),
  );

  app.get(
    "/api/get-subscriptions",
    { preHandler: requireAuth, schema: { response: { 200: SubscriptionsResponse, ...errors } } },
    async (request) => billing.subscriptions(currentUser(request).userId),
  );
  app.post(
    "/api/cancel-subscription",
    {
      preHandler: requireAuth,
      config: limit,
      schema: {
        body: CancelSubscriptionRequest,
        response: { 200: CancelSubscriptionResponse, ...errors },
      },
    },
    async (request) => provider(() => billing.cancel(currentUser(request).userId, request.body)),
  );
  app.post(
    "/api/cancellation-survey",
    {
      preHandler: requireAuth,
      config: limit,
      schema: { body: CancellationSurveyRequest, response: { 204: T.Null(), ...errors } },
    },
    async (request, reply) => {
      await billing.survey(currentUser(request).userId, request.body);
      return reply.code(204).send(null);
    },
  );
  app.post(
    "/api/clothing-trial",
    {
      preHandler: requireAuth,
      config: limit,
      schema: { body: ClothingTrialRequest, response: { 200: ClothingTrialResponse, ...errors } },
    },
    async (request) =>
      billing.claimClothingTrial(currentUser(request).userId, request.body.shareUrl),
  );

  // Webhooks: the signature covers the exact bytes, so these routes keep the raw body.
  await app.register(async (raw) => {
    raw.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: 512 * 1024 },
      (_r, body, done) => done(null, body),
    );
    raw.post("/api/webhooks/stripe", { schema: { hide: true } }, async (request) => {
      const signature = request.headers["stripe-signature"];
      await opts.stripe.handleWebhook(
        request.body as Buffer,
        typeof signature === "string" ? signature : undefined,
      );
      return { received: true };
    });
    raw.post("/api/webhooks/wechat-pay", { schema: { hide: true } }, async (request, reply) => {
      try {
        await opts.wechat.handleNotification(
          request.headers,
          (request.body as Buffer).toString("utf8"),
        );
      } catch (err) {
        // WeChat Pay expects {code, message} on failure and retries.
        const status = err instanceof HttpError ? err.statusCode : 500;
        return reply
          .code(status)
          .send({ code: "FAIL", message: err instanceof HttpError ? err.error : "internal error" });
      }
      return reply.code(204).send(null);
    });
  });
}
