// POST /api/uploads (multipart, field `file`), GET /api/uploads/:id, its cut-out and photo;
// the cut-out's mask (seller's corrections) in cutout-mask.routes.ts.
import multipart from "@fastify/multipart";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { IdParams, MediaQuery, UploadQuery, UploadResponse } from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import type { GenerationsConfig } from "../../config.ts";
import { errorResponses as errors } from "../../http/error-responses.ts";
import { badRequest, HttpError } from "../../http/http-error.ts";
import { requireUserId } from "../../http/media-auth.ts";
import { registerMediaRoute } from "../../http/media-routes.ts";
import { limitTo } from "../../http/rate-limit.ts";
import type { MediaTokens } from "../storage/media-token.ts";
import { cutoutMaskRoutes } from "./cutout-mask.routes.ts";
import { presentUpload } from "./uploads.presenter.ts";
import type { UploadsService } from "./uploads.service.ts";

export async function uploadsRoutes(
  fastify: FastifyInstance,
  opts: { uploads: UploadsService; tokens: MediaTokens; config: GenerationsConfig },
) {
  const { uploads, tokens, config } = opts;
  await fastify.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 4, parts: 6 },
  });
  await fastify.register(cutoutMaskRoutes, { uploads, tokens, config });
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    "/api/uploads",
    {
      config: limitTo(config.uploadRateLimit),
      schema: {
        summary: "Upload a product photo or a reference image (multipart, field `file`)",
        consumes: ["multipart/form-data"],
        querystring: UploadQuery,
        response: { 201: UploadResponse, ...errors },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      if (!request.isMultipart()) {
        throw new HttpError(415, "Send the photo as multipart/form-data in the field 'file'.");
      }
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part) throw badRequest("No file: send the photo in the multipart field 'file'.");
        if (part.fieldname !== "file") {
          throw badRequest(`Unexpected field '${part.fieldname}': send the photo as 'file'.`);
        }
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
          throw new HttpError(
            413,
            `The file is larger than ${Math.round(config.uploadMaxBytes / 1024 / 1024)} MB.`,
          );
        }
        throw err;
      }
      if (bytes.length === 0) throw badRequest("The file is empty.");
      const row = await uploads.accept(userId, bytes, request.query.purpose ?? "product", {
        requestId: request.id,
      });
      return reply.status(201).send(await presentUpload(row, tokens));
    },
  );

  app.get(
    "/api/uploads/:id",
    { schema: { params: IdParams, response: { 200: UploadResponse, ...errors } } },
    async (request) => {
      const row = await uploads.get(requireUserId(request), request.params.id);
      return presentUpload(row, tokens);
    },
  );

  const media = { params: IdParams, querystring: MediaQuery, scope: "upload" };
  registerMediaRoute(
    app,
    tokens,
    {
      ...media,
      path: "/api/uploads/:id/cutout",
      summary: "The cut-out PNG (alpha = matte); 202 while it is being computed",
      pending: true,
    },
    async (userId, { params: { id } }) => {
      const row = await uploads.get(userId, id);
      if (row.cutoutStatus === "failed") {
        throw new HttpError(422, row.cutoutError ?? "The product could not be cut out.");
      }
      if (row.purpose !== "product") throw new HttpError(404, "Reference images have no cut-out");
      const png = await uploads.readCutoutPng(row);
      if (!png) return "pending";
      return {
        bytes: png,
        type: "image/png",
        cache: "private, max-age=3600",
        filename: `cutout-${id.slice(0, 8)}.png`,
      };
    },
  );

  registerMediaRoute(
    app,
    tokens,
    { ...media, path: "/api/uploads/:id/original" },
    async (userId, { params: { id } }) => {
      const row = await uploads.get(userId, id);
      const ext = row.contentType === "image/png" ? "png" : "jpg";
      return {
        bytes: await uploads.readOriginal(row),
        type: row.contentType,
        cache: "private, max-age=3600",
        filename: `photo-${id.slice(0, 8)}.${ext}`,
      };
    },
  );
}
