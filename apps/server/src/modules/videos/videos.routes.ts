// The videos API. Every route needs the bearer token except the media ones (the MP4
// and its poster), which also take the media token their URLs carry. Another user's id is 404.
// The MP4 answers byte ranges: browsers ask for them to seek and to read the duration.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import {
  Video,
  VideoIdParams,
  VideoList,
  VideoMediaQuery,
  VideoRequest,
  VideoStatusResponse,
} from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import type { GenerationsConfig } from "../../config.ts";
import { errorResponses as errors } from "../../http/error-responses.ts";
import { registerJobRoutes } from "../../http/job-routes.ts";
import { requireUserId } from "../../http/media-auth.ts";
import { registerMediaRoute } from "../../http/media-routes.ts";
import type { MediaTokens } from "../storage/media-token.ts";
import type { VideosService } from "./videos.service.ts";

export async function videosRoutes(
  fastify: FastifyInstance,
  opts: { videos: VideosService; tokens: MediaTokens; config: GenerationsConfig },
) {
  const { videos, tokens } = opts;
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  registerJobRoutes(app, videos, {
    base: "/api/videos",
    rateLimit: opts.config.generationRateLimit,
    submit: {
      summary: "Queue a product video (coins reserved now, refunded if it fails)",
      body: VideoRequest,
      status: 202,
      response: Video,
    },
    resource: Video,
    remove: "Delete a finished video, or cancel (and refund) a waitlisted one",
  });

  app.get(
    "/api/videos",
    {
      schema: {
        summary: "The seller's videos, newest first",
        response: { 200: VideoList, ...errors },
      },
    },
    async (request) => videos.list(requireUserId(request)),
  );

  app.get(
    "/api/videos/:id/status",
    {
      schema: {
        summary: "Status, waitlist position, estimated seconds and frames rendered",
        params: VideoIdParams,
        response: { 200: VideoStatusResponse, ...errors },
      },
    },
    async (request) => videos.status(requireUserId(request), request.params.id),
  );

  const media = { params: VideoIdParams, querystring: VideoMediaQuery, scope: "video" };
  registerMediaRoute(
    app,
    tokens,
    { ...media, path: "/api/videos/:id/poster.jpg" },
    async (userId, { params }) => ({
      bytes: await videos.media(userId, params.id, "poster"),
      type: "image/jpeg",
      cache: "private, max-age=86400, immutable",
    }),
  );

  registerMediaRoute(
    app,
    tokens,
    {
      ...media,
      path: "/api/videos/:id/video.mp4",
      summary: "The MP4 (owner only; byte ranges; ?download=1 to save it)",
      ranges: true,
    },
    async (userId, { params: { id } }) => ({
      bytes: await videos.media(userId, id, "video"),
      type: "video/mp4",
      cache: "private, max-age=86400, immutable",
      filename: `product-video-${id.slice(0, 8)}.mp4`,
    }),
  );
}
