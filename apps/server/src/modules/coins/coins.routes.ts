// credits, giveaway (daily coins) and refer-giveway.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import {
  CreditsRequest,
  CreditsResponse,
  GiveawayRequest,
  GiveawayResponse,
  ReferGiveawayRequest,
  ReferGiveawayResponse,
} from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import { assertSelf, currentUser, requireAuth } from "../../auth/auth.plugin.ts";
import type { Config } from "../../config.ts";
import { errorResponses as errors } from "../../http/error-responses.ts";
import { limitTo } from "../../http/rate-limit.ts";
import type { AccountsService } from "../accounts/accounts.service.ts";
import { creditsResponse } from "./coins.presenter.ts";
import type { GiveawayService } from "./giveaway.service.ts";

export async function coinsRoutes(
  fastify: FastifyInstance,
  opts: { accounts: AccountsService; giveaway: GiveawayService; config: Config },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = opts;

  // userId is optional (the token names the user); when given it must be the token's.
  app.post(
    "/api/credits",
    {
      preHandler: requireAuth,
      // Both fields are optional, so an empty POST is a valid credits call.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
      schema: { body: CreditsRequest, response: { 200: CreditsResponse, ...errors } },
    },
    async (request) => {
      const user = assertSelf(request, request.body?.userId || undefined);
      const row = await opts.accounts.get(user.userId);
      return creditsResponse(row, request.body?.countUsage === true);
    },
  );

  app.post(
    "/api/giveaway",
    {
      preHandler: requireAuth,
      config: limitTo(config.rateLimits.giveaway),
      schema: { body: GiveawayRequest, response: { 200: GiveawayResponse, ...errors } },
    },
    async (request) => {
      assertSelf(request, request.body.userId);
      return opts.giveaway.redeemDaily(request.body.userId);
    },
  );

  app.post(
    "/api/refer-giveway",
    {
      preHandler: requireAuth,
      config: limitTo(config.rateLimits.giveaway),
      schema: { body: ReferGiveawayRequest, response: { 200: ReferGiveawayResponse, ...errors } },
    },
    async (request) => opts.giveaway.referral(currentUser(request).userId, request.body.referEmail),
  );
}
