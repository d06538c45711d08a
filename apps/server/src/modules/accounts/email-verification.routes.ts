// get-email-verified, send-email-verification, the link itself (GET /api/verify-email) and
// email-subscription.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type as T } from "@sinclair/typebox";
import {
  EmailSubscriptionRequest,
  EmailVerifiedQuery,
  EmailVerifiedResponse,
  Messages,
  SendEmailVerificationRequest,
} from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import { acceptBodyToken, assertSelf, currentUser, requireAuth } from "../../auth/auth.plugin.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { errorResponses as errors } from "../../http/error-responses.ts";
import { badRequest, HttpError } from "../../http/http-error.ts";
import { limitTo } from "../../http/rate-limit.ts";
import * as repo from "./accounts.repository.ts";
import type { AccountsService } from "./accounts.service.ts";
import { type EmailVerificationService, escapeHtml } from "./email-verification.service.ts";
import { isValidEmail, normaliseEmail, SignupErrors } from "./signup-rules.ts";

const SuccessMessage = T.Object({ success: T.Boolean(), message: T.Optional(T.String()) });

export async function emailVerificationRoutes(
  fastify: FastifyInstance,
  opts: {
    accounts: AccountsService;
    verification: EmailVerificationService;
    config: Config;
    db: Db;
  },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { accounts, verification, config } = opts;

  app.get(
    "/api/get-email-verified",
    {
      preHandler: requireAuth,
      schema: {
        querystring: EmailVerifiedQuery,
        response: { 200: EmailVerifiedResponse, ...errors },
      },
    },
    async (request) => {
      assertSelf(request, request.query.userId);
      const row = await accounts.get(request.query.userId);
      return { success: row.emailVerified, credits: row.balance };
    },
  );

  app.post(
    "/api/send-email-verification",
    {
      preHandler: [acceptBodyToken, requireAuth],
      config: limitTo(config.rateLimits.email),
      schema: { body: SendEmailVerificationRequest, response: { 200: SuccessMessage, ...errors } },
    },
    async (request) => {
      await verification.send(currentUser(request).userId, request.body.email);
      return { success: true, message: Messages.verificationSent };
    },
  );

  // The link in the email. A browser gets a page; a client asking for JSON gets JSON.
  app.get(
    "/api/verify-email",
    {
      config: limitTo(config.rateLimits.email),
      schema: { querystring: T.Object({ token: T.String({ minLength: 16, maxLength: 128 }) }) },
    },
    async (request, reply) => {
      const wantsJson = (request.headers.accept ?? "").includes("application/json");
      try {
        const r = await verification.verify(request.query.token);
        if (wantsJson) return { success: true, message: r.message, credits: r.credits };
        return reply.type("text/html; charset=utf-8").send(page(r.message, config.publicUrl));
      } catch (err) {
        if (wantsJson || !(err instanceof HttpError)) throw err;
        return reply
          .status(err.statusCode)
          .type("text/html; charset=utf-8")
          .send(page(err.error, config.publicUrl));
      }
    },
  );

  app.post(
    "/api/email-subscription",
    {
      config: limitTo(config.rateLimits.email),
      schema: { body: EmailSubscriptionRequest, response: { 200: SuccessMessage, ...errors } },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      if (!isValidEmail(email)) throw badRequest(SignupErrors.emailInvalid);
      await repo.subscribeEmail(opts.db, email);
      return { success: true, message: "Thanks for subscribing!" };
    },
  );
}

function page(message: string, home: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Email verification</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem}</style></head>
<body><h1>Email verification</h1><p id="message">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(home)}/app">Back to the studio</a></p></body></html>`;
}
