// GET /api/analytics?key=&value=<JSON>&sessionId= — the client only logs failures, so answers
// stay small; the bearer token is optional and, when valid, ties the event to the account.

import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { AnalyticsQuery, ErrorResponse, SuccessResponse } from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import type { RateLimit } from "../../config.ts";
import { badRequest } from "../../http/http-error.ts";
import { limitTo } from "../../http/rate-limit.ts";
import type { AnalyticsService } from "./analytics.service.ts";

export async function analyticsRoutes(
  app: FastifyInstance,
  opts: { analytics: AnalyticsService; rateLimit: RateLimit },
) {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    "/api/analytics",
    {
      config: limitTo(opts.rateLimit),
      schema: {
        querystring: AnalyticsQuery,
        response: { 200: SuccessResponse, "4xx": ErrorResponse },
      },
    },
    async (request) => {
      const q = request.query;
      let value: unknown = null;
      if (q.value !== undefined && q.value !== "") {
        try {
          value = JSON.parse(q.value);
        } catch {
          throw badRequest("value must be valid JSON");
        }
      }
      await opts.analytics.record({
        key: q.key,
        value,
        sessionId: q.sessionId ?? null,
        accountId: request.user?.userId ?? null,
      });
      return { success: true };
    },
  );
}
