// POST /api/tools/amazon-check: anyone (it is a landing page's tool) sends one photo as the
// request body (Content-Type image/jpeg, png, gif, tiff or webp) and gets the engine's Amazon
// main-image verdict back. Nothing is stored. Limited per IP like uploads, and by size.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { AmazonCheckResponse, AmazonCheckTypes, ErrorResponse } from "@studio/contracts";
import { checkAmazon, isEngineError } from "@studio/engine";
import type { FastifyInstance } from "fastify";
import type { RateLimit } from "../../config.ts";
import { badRequest, HttpError } from "../../http/http-error.ts";
import { limitTo } from "../../http/rate-limit.ts";

export async function amazonCheckRoutes(
  fastify: FastifyInstance,
  opts: { maxBytes: number; rateLimit: RateLimit },
) {
  // encapsulated: only this plugin reads image bodies
  fastify.addContentTypeParser(
    AmazonCheckTypes,
    { parseAs: "buffer", bodyLimit: opts.maxBytes },
    (_request, body, done) => done(null, body),
  );
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    "/api/tools/amazon-check",
    {
      config: limitTo(opts.rateLimit),
      bodyLimit: opts.maxBytes,
      schema: {
        summary: "Check one photo against Amazon's main-image rules (the body is the image)",
        consumes: AmazonCheckTypes,
        response: { 200: AmazonCheckResponse, "4xx": ErrorResponse, "5xx": ErrorResponse },
      },
    },
    async (request) => {
      const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
      if (!type || !AmazonCheckTypes.includes(type)) {
        throw new HttpError(415, `Send the photo as ${AmazonCheckTypes.join(", ")}.`);
      }
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw badRequest(`Send the photo as the request body (${AmazonCheckTypes.join(", ")}).`);
      }
      try {
        const report = await checkAmazon(body);
        const { width, height, format, whiteBorder, fill } = report.metrics;
        return {
          ok: report.ok,
          reasons: report.reasons,
          metrics: {
            width,
            height,
            format,
            whiteBorder,
            fill,
            transparent: report.reasons.some((r) => r.includes("transparent")),
          },
        };
      } catch (err) {
        if (isEngineError(err)) throw new HttpError(422, err.message);
        throw err;
      }
    },
  );
}
