// send-user-feedback and send-referral-email.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type as T } from "@sinclair/typebox";
import { ReferralEmailRequest, UserFeedbackRequest } from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import { currentUser, requireAuth } from "../../auth/auth.plugin.ts";
import type { Config } from "../../config.ts";
import { errorResponses as errors } from "../../http/error-responses.ts";
import { limitTo } from "../../http/rate-limit.ts";
import type { AccountsService } from "../accounts/accounts.service.ts";
import type { OutreachService } from "./outreach.service.ts";

export async function outreachRoutes(
  fastify: FastifyInstance,
  opts: { accounts: AccountsService; outreach: OutreachService; config: Config },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const limit = limitTo(opts.config.rateLimits.email);

  app.post(
    "/api/send-user-feedback",
    {
      preHandler: requireAuth,
      config: limit,
      schema: {
        body: UserFeedbackRequest,
        response: { 200: T.Object({ success: T.Boolean() }), ...errors },
      },
    },
    async (request) => {
      const account = await opts.accounts.get(currentUser(request).userId);
      await opts.outreach.feedback(account, request.body.userName, request.body.feedback);
      return { success: true };
    },
  );

  app.post(
    "/api/send-referral-email",
    {
      preHandler: requireAuth,
      config: limit,
      schema: {
        body: ReferralEmailRequest,
        response: { 200: T.Object({ success: T.Boolean(), sent: T.Integer() }), ...errors },
      },
    },
    async (request) => {
      const account = await opts.accounts.get(currentUser(request).userId);
      const { userName, userEmail, inviteeEmail } = request.body;
      const sent = await opts.outreach.invite(account, userName, userEmail, inviteeEmail);
      return { success: true, sent };
    },
  );
}
