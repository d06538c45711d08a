// The made-to-order video API: the seller orders and follows; developer accounts (DEVELOPER_EMAILS)
// move an order into production and upload the delivered file. Decision 0801.
import multipart from "@fastify/multipart";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import {
  VideoIdParams,
  VideoMediaQuery,
  VideoOrder,
  VideoOrderList,
  VideoOrderPrice,
  VideoOrderRequest,
  VideoOrderStatusRequest,
} from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import { errorResponses as errors } from "../../http/error-responses.ts";
import { badRequest, HttpError } from "../../http/http-error.ts";
import { registerJobRoutes } from "../../http/job-routes.ts";
import { requireUserId } from "../../http/media-auth.ts";
import { registerMediaRoute } from "../../http/media-routes.ts";
import type { limitTo } from "../../http/rate-limit.ts";
import type { MediaTokens } from "../storage/media-token.ts";
import type { VideoOrdersService } from "./video-orders.service.ts";

export async function videoOrdersRoutes(
  fastify: FastifyInstance,
  opts: {
    orders: VideoOrdersService;
    tokens: MediaTokens;
    maxBytes: number;
    rateLimit: Parameters<typeof limitTo>[0];
  },
) {
  const { orders, tokens } = opts;
  await fastify.register(multipart, {
    limits: { fileSize: opts.maxBytes, files: 1, fields: 2, parts: 3 },
  });
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    "/api/video-orders/price",
    {
      schema: {
        summary: "The order's price for this seller",
        response: { 200: VideoOrderPrice, ...errors },
      },
    },
    async (request) => orders.price(requireUserId(request)),
  );

  // an order is stored, not queued: submitting creates it
  const stored = { submit: orders.create, get: orders.get };
  registerJobRoutes(app, stored, {
    base: "/api/video-orders",
    rateLimit: opts.rateLimit,
    submit: {
      summary: "Order a made-to-order product video (stored unpaid until checkout exists)",
      body: VideoOrderRequest,
      status: 201,
      response: VideoOrder,
    },
    resource: VideoOrder,
  });

  app.get(
    "/api/video-orders",
    { schema: { response: { 200: VideoOrderList, ...errors } } },
    async (request) => orders.list(requireUserId(request)),
  );

  registerMediaRoute(
    app,
    tokens,
    {
      path: "/api/video-orders/:id/delivery",
      summary: "The delivered file (owner only; media token in the URL)",
      params: VideoIdParams,
      querystring: VideoMediaQuery,
      scope: "order",
    },
    async (userId, { params }) => {
      const { bytes, name } = await orders.delivery(userId, params.id);
      const type = name.endsWith(".zip") ? "application/zip" : "video/mp4";
      return { bytes, type, filename: name, attachment: true };
    },
  );

  app.get(
    "/api/admin/video-orders",
    {
      schema: {
        summary: "Every order (developer accounts)",
        response: { 200: VideoOrderList, ...errors },
      },
    },
    async (request) => orders.adminList(requireUserId(request)),
  );

  app.post(
    "/api/admin/video-orders/:id/status",
    {
      schema: {
        params: VideoIdParams,
        body: VideoOrderStatusRequest,
        response: { 200: VideoOrder, ...errors },
      },
    },
    async (request) =>
      orders.adminSetStatus(requireUserId(request), request.params.id, request.body.status),
  );

  app.post(
    "/api/admin/video-orders/:id/delivery",
    {
      schema: {
        summary:
          "Upload the delivered video (multipart, field `file`); the order becomes delivered",
        consumes: ["multipart/form-data"],
        params: VideoIdParams,
        response: { 200: VideoOrder, ...errors },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      if (!request.isMultipart())
        throw new HttpError(415, "Send the file as multipart/form-data in the field 'file'.");
      let file: { bytes: Buffer; name: string; type: string };
      try {
        const part = await request.file();
        if (part?.fieldname !== "file")
          throw badRequest("Send the video in the multipart field 'file'.");
        file = {
          bytes: await part.toBuffer(),
          name: part.filename || "product-video.mp4",
          type: part.mimetype,
        };
      } catch (err) {
        if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
          throw new HttpError(
            413,
            `The file is larger than ${Math.round(opts.maxBytes / 1024 / 1024)} MB.`,
          );
        }
        throw err;
      }
      if (file.bytes.length === 0) throw badRequest("The file is empty.");
      if (!/\.(mp4|mov|webm|zip)$/i.test(file.name))
        throw badRequest("Deliver an .mp4, .mov, .webm or .zip file.");
      return orders.adminDeliver(userId, request.params.id, file);
    },
  );
}
