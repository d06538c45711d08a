// /v1/videos: product videos with an API key — the videos service the web app
// uses, so the same coins, rules and queue.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Video, VideoIdParams, VideoRequest } from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import type { VideosService } from "../videos/videos.service.ts";
import type { Idempotency } from "./idempotency.ts";
import { registerV1JobRoutes } from "./v1-job-routes.ts";

export async function v1VideosRoutes(
  fastify: FastifyInstance,
  opts: { videos: VideosService; idempotency: Idempotency },
) {
  const { videos, idempotency } = opts;
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  registerV1JobRoutes(app, videos, idempotency, {
    base: "/videos",
    params: VideoIdParams,
    resource: Video,
    create: [
      "createVideo",
      "Make a product video of an upload (coins reserved now, refunded if it fails)",
      VideoRequest,
      Video,
    ],
    get: ["getVideo", "A video: status, position and ETA while waiting, then its MP4 and poster"],
    remove: ["deleteVideo", "Delete a finished video, or cancel (and refund) a waiting one"],
  });
}
