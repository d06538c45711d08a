// /v1/videos: product videos with an API key — the videos service the web app
// uses, so the same coins, rules and queue.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import {
  DeleteResponse,
  IdempotencyHeaders,
  Video,
  VideoIdParams,
  VideoRequest,
} from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import type { VideosService } from "../videos/videos.service.ts";
import type { Idempotency } from "./idempotency.ts";
import { caller } from "./v1-auth.ts";
import { v1Errors, v1Security } from "./v1-generations.routes.ts";

export async function v1VideosRoutes(
  fastify: FastifyInstance,
  opts: { videos: VideosService; idempotency: Idempotency },
) {
  const { videos, idempotency } = opts;
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    "/videos",
    {
      schema: {
        operationId: "createVideo",
        summary: "Make a product video of an upload (coins reserved now, refunded if it fails)",
        tags: ["v1"],
        security: v1Security,
        headers: IdempotencyHeaders,
        body: VideoRequest,
        response: { 202: Video, ...v1Errors },
      },
    },
    async (request, reply) => {
      const { accountId } = caller(request);
      return idempotency.run(request, reply, accountId, request.body, async () => ({
        status: 202,
        body: await videos.submit(accountId, request.body),
      }));
    },
  );

  app.get(
    "/videos/:id",
    {
      schema: {
        operationId: "getVideo",
        summary: "A video: status, position and ETA while waiting, then its MP4 and poster",
        tags: ["v1"],
        security: v1Security,
        params: VideoIdParams,
        response: { 200: Video, ...v1Errors },
      },
    },
    async (request) => videos.get(caller(request).accountId, request.params.id),
  );

  app.delete(
    "/videos/:id",
    {
      schema: {
        operationId: "deleteVideo",
        summary: "Delete a finished video, or cancel (and refund) a waiting one",
        tags: ["v1"],
        security: v1Security,
        params: VideoIdParams,
        response: { 200: DeleteResponse, ...v1Errors },
      },
    },
    async (request) => videos.remove(caller(request).accountId, request.params.id),
  );
}
