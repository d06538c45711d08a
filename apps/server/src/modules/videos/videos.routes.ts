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
import {
  BinaryBody,
  contentDisposition,
  mediaUserId,
  requireUserId,
} from "../../http/media-auth.ts";
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

  app.get(
    "/api/videos/:id/poster.jpg",
    {
      schema: {
        params: VideoIdParams,
        querystring: VideoMediaQuery,
        response: { 200: BinaryBody, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const userId = await mediaUserId(request, tokens, `video:${id}`, request.query.token);
      const bytes = await videos.media(userId, id, "poster");
      return reply
        .header("content-type", "image/jpeg")
        .header("cache-control", "private, max-age=86400, immutable")
        .send(bytes);
    },
  );

  app.get(
    "/api/videos/:id/video.mp4",
    {
      schema: {
        summary: "The MP4 (owner only; byte ranges; ?download=1 to save it)",
        params: VideoIdParams,
        querystring: VideoMediaQuery,
        response: { 200: BinaryBody, 206: BinaryBody, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const userId = await mediaUserId(request, tokens, `video:${id}`, request.query.token);
      const bytes = await videos.media(userId, id, "video");
      reply
        .header("content-type", "video/mp4")
        .header("accept-ranges", "bytes")
        .header("cache-control", "private, max-age=86400, immutable")
        .header(
          "content-disposition",
          contentDisposition(request.query.download === "1", `product-video-${id.slice(0, 8)}.mp4`),
        );
      const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? "");
      if (!range || (range[1] === "" && range[2] === "")) return reply.send(bytes);
      const size = bytes.length;
      let start: number;
      let end: number;
      if (range[1] === "") {
        start = Math.max(0, size - Number(range[2]));
        end = size - 1;
      } else {
        start = Number(range[1]);
        end = range[2] === "" ? size - 1 : Math.min(size - 1, Number(range[2]));
      }
      if (start >= size || start > end) {
        return reply.status(416).header("content-range", `bytes */${size}`).send();
      }
      return reply
        .status(206)
        .header("content-range", `bytes ${start}-${end}/${size}`)
        .send(bytes.subarray(start, end + 1));
    },
  );
}
