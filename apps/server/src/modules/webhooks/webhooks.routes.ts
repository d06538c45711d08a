// /api/webhooks: endpoints, their deliveries (with each attempt's answer) and re-sends,
// managed with the session's bearer token from the account page.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import {
  CreateWebhookRequest,
  IdParams,
  SuccessResponse,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
} from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import { requireAuth } from "../../auth/auth.plugin.ts";
import { errorResponses as errors } from "../../http/error-responses.ts";
import { requireUserId } from "../../http/media-auth.ts";
import type { WebhooksService } from "./webhooks.service.ts";

const tags = ["webhooks"];

export async function webhooksRoutes(
  fastify: FastifyInstance,
  opts: { webhooks: WebhooksService },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { webhooks } = opts;

  app.post(
    "/api/webhooks",
    {
      onRequest: requireAuth,
      schema: {
        summary: "Register a webhook endpoint; answers its signing secret",
        tags,
        body: CreateWebhookRequest,
        response: { 201: WebhookEndpoint, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await webhooks.create(requireUserId(request), request.body)),
  );

  app.get(
    "/api/webhooks",
    {
      schema: {
        summary: "The account's webhook endpoints",
        tags,
        response: { 200: WebhookEndpointList, ...errors },
      },
    },
    async (request) => ({ endpoints: await webhooks.list(requireUserId(request)) }),
  );

  app.delete(
    "/api/webhooks/:id",
    {
      schema: {
        summary: "Remove an endpoint (its pending deliveries stop)",
        tags,
        params: IdParams,
        response: { 200: SuccessResponse, ...errors },
      },
    },
    async (request) => {
      await webhooks.remove(requireUserId(request), request.params.id);
      return { success: true };
    },
  );

  app.get(
    "/api/webhooks/:id/deliveries",
    {
      schema: {
        summary: "The endpoint's last 50 deliveries, each attempt with the receiver's answer",
        tags,
        params: IdParams,
        response: { 200: WebhookDeliveryList, ...errors },
      },
    },
    async (request) => ({
      deliveries: await webhooks.deliveries(requireUserId(request), request.params.id),
    }),
  );

  app.post(
    "/api/webhooks/deliveries/:id/resend",
    {
      onRequest: requireAuth,
      schema: {
        summary: "Send a delivery again now (one attempt)",
        tags,
        params: IdParams,
        response: { 202: SuccessResponse, ...errors },
      },
    },
    async (request, reply) => {
      await webhooks.resend(requireUserId(request), request.params.id);
      return reply.status(202).send({ success: true });
    },
  );
}
