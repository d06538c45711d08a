// POST/GET /api/keys and DELETE /api/keys/:id: managed with the session's bearer token (the
// account page), never with an API key — a leaked key cannot mint more keys.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import {
  ApiKeyList,
  CreateApiKeyRequest,
  CreatedApiKey,
  IdParams,
  SuccessResponse,
} from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import { requireAuth } from "../../auth/auth.plugin.ts";
import { errorResponses as errors } from "../../http/error-responses.ts";
import { requireUserId } from "../../http/media-auth.ts";
import type { ApiKeysService } from "./api-keys.service.ts";

export async function apiKeysRoutes(fastify: FastifyInstance, opts: { keys: ApiKeysService }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { keys } = opts;

  app.post(
    "/api/keys",
    {
      onRequest: requireAuth,
      schema: {
        summary: "Create an API key (session token); the key is in this answer only",
        tags: ["api keys"],
        body: CreateApiKeyRequest,
        response: { 201: CreatedApiKey, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await keys.create(requireUserId(request), request.body)),
  );

  app.get(
    "/api/keys",
    {
      schema: {
        summary: "The account's API keys (prefix only), last use and requests this month",
        tags: ["api keys"],
        response: { 200: ApiKeyList, ...errors },
      },
    },
    async (request) => ({ keys: await keys.list(requireUserId(request)) }),
  );

  app.delete(
    "/api/keys/:id",
    {
      schema: {
        summary: "Revoke an API key: refused from the next request on",
        tags: ["api keys"],
        params: IdParams,
        response: { 200: SuccessResponse, ...errors },
      },
    },
    async (request) => {
      await keys.revoke(requireUserId(request), request.params.id);
      return { success: true };
    },
  );
}
