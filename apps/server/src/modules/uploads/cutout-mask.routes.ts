// The seller's corrections of a cut-out:
//   GET    /api/uploads/:id/mask  the current mask, a one-channel PNG at the photo's size
//   PUT    /api/uploads/:id/mask  body = a PNG mask (alpha, or grey when it has none); it may
//                                 be a scaled-down preview of the photo's proportions
//   DELETE /api/uploads/:id/mask  back to the automatic cut-out
// Owner only (another user's upload is 404), per-IP limited like uploads, body size limited.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { IdParams, MediaQuery, UploadResponse } from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import type { GenerationsConfig } from "../../config.ts";
import { errorResponses as errors } from "../../http/error-responses.ts";
import { badRequest, HttpError } from "../../http/http-error.ts";
import { requireUserId } from "../../http/media-auth.ts";
import { registerMediaRoute } from "../../http/media-routes.ts";
import { limitTo } from "../../http/rate-limit.ts";
import type { MediaTokens } from "../storage/media-token.ts";
import { MaskMessages, readMaskPng } from "./cutout-mask.ts";
import { presentUpload } from "./uploads.presenter.ts";
import type { UploadsService } from "./uploads.service.ts";

export async function cutoutMaskRoutes(
  fastify: FastifyInstance,
  opts: { uploads: UploadsService; tokens: MediaTokens; config: GenerationsConfig },
) {
  const { uploads, tokens, config } = opts;
  // encapsulated: only these routes read PNG bodies
  fastify.addContentTypeParser(
    "image/png",
    { parseAs: "buffer", bodyLimit: config.uploadMaxBytes },
    (_request, body, done) => done(null, body),
  );
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  registerMediaRoute(
    app,
    tokens,
    {
      path: "/api/uploads/:id/mask",
      summary: "The cut-out's mask (one-channel PNG, 255 = product); 202 while it is made",
      params: IdParams,
      querystring: MediaQuery,
      scope: "upload",
      pending: true,
    },
    async (userId, { params }) => {
      const row = await uploads.get(userId, params.id);
      const png = await uploads.readMask(row);
      if (png === "pending") return "pending";
      return {
        bytes: png,
        type: "image/png",
        cache: "private, no-cache",
        headers: { "x-cutout-version": String(row.cutoutVersion) },
      };
    },
  );

  app.put(
    "/api/uploads/:id/mask",
    {
      config: limitTo(config.uploadRateLimit),
      bodyLimit: config.uploadMaxBytes,
      schema: {
        summary: "Replace the cut-out with the seller's mask (the body is a PNG)",
        consumes: ["image/png"],
        params: IdParams,
        response: { 200: UploadResponse, ...errors },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
      if (type !== "image/png") throw new HttpError(415, MaskMessages.notPng);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(MaskMessages.notPng);
      const row = await uploads.get(userId, request.params.id);
      if (row.purpose !== "product") throw new HttpError(404, MaskMessages.notProduct);
      const mask = await readMaskPng(body, row);
      return presentUpload(await uploads.saveMask(row, mask), tokens);
    },
  );

  app.delete(
    "/api/uploads/:id/mask",
    {
      config: limitTo(config.uploadRateLimit),
      schema: {
        summary: "Back to the automatic cut-out",
        params: IdParams,
        response: { 200: UploadResponse, ...errors },
      },
    },
    async (request) => {
      const row = await uploads.get(requireUserId(request), request.params.id);
      return presentUpload(await uploads.resetCutout(row), tokens);
    },
  );
}
