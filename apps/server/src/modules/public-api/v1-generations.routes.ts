// /v1/uploads and /v1/generations: the web app's uploads and generations services, with an
// API key instead of the session (same coins, plans, limits and queue; decision 1001).
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type as T } from "@sinclair/typebox";
import {
  Generation,
  GenerationList,
  GenerationListQuery,
  GenerationRequest,
  IdempotencyHeaders,
  IdParams,
  SubmitResponse,
  UploadQuery,
  UploadResponse,
} from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import type { GenerationsConfig } from "../../config.ts";
import type { GenerationsService } from "../generations/generations.service.ts";
import type { MediaTokens } from "../storage/media-token.ts";
import { presentUpload } from "../uploads/uploads.presenter.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import type { Idempotency } from "./idempotency.ts";
import { caller } from "./v1-auth.ts";
import { v1Errors } from "./v1-errors.ts";
import { multipartBodyInHandler, registerV1JobRoutes, v1Operation } from "./v1-job-routes.ts";
import { fileDigest, readOneFile } from "./v1-multipart.ts";

const UploadForm = T.Object({
  file: T.Optional(
    T.String({ format: "binary", description: "the photo (JPEG, PNG, WebP, AVIF, TIFF, GIF)" }),
  ),
});

export async function v1GenerationsRoutes(
  fastify: FastifyInstance,
  opts: {
    uploads: UploadsService;
    generations: GenerationsService;
    tokens: MediaTokens;
    idempotency: Idempotency;
    config: GenerationsConfig;
  },
) {
  const { uploads, generations, tokens, idempotency, config } = opts;
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    "/uploads",
    {
      preValidation: multipartBodyInHandler,
      schema: {
        ...v1Operation(
          "createUpload",
          "Upload a product photo (multipart/form-data, field `file`)",
        ),
        headers: IdempotencyHeaders,
        querystring: UploadQuery,
        body: { content: { "multipart/form-data": { schema: UploadForm } } },
        response: { 201: UploadResponse, ...v1Errors },
      },
    },
    async (request, reply) => {
      const { accountId } = caller(request);
      const bytes = await readOneFile(request, "file", config.uploadMaxBytes);
      const purpose = request.query.purpose ?? "product";
      return idempotency.run(request, reply, accountId, [fileDigest(bytes), purpose], async () => {
        const row = await uploads.accept(accountId, bytes, purpose, {
          requestId: request.id,
        });
        return { status: 201, body: await presentUpload(row, tokens) };
      });
    },
  );

  app.get(
    "/uploads/:id",
    {
      schema: {
        ...v1Operation("getUpload", "An upload and the state of its cut-out"),
        params: IdParams,
        response: { 200: UploadResponse, ...v1Errors },
      },
    },
    async (request) =>
      presentUpload(await uploads.get(caller(request).accountId, request.params.id), tokens),
  );

  registerV1JobRoutes(app, generations, idempotency, {
    base: "/generations",
    params: IdParams,
    resource: Generation,
    create: [
      "createGeneration",
      "Generate photos of an upload (coins reserved now, one per image)",
      GenerationRequest,
      SubmitResponse,
    ],
    get: ["getGeneration", "Status (position and ETA while waiting) and, once done, the images"],
    remove: [
      "deleteGeneration",
      "Delete a finished generation, or cancel (and refund) a waiting one",
    ],
  });

  app.get(
    "/generations",
    {
      schema: {
        ...v1Operation("listGenerations", "The account's generations, newest first"),
        querystring: GenerationListQuery,
        response: { 200: GenerationList, ...v1Errors },
      },
    },
    async (request) =>
      generations.list(
        caller(request).accountId,
        request.query.page ?? 1,
        request.query.pageSize ?? 12,
      ),
  );
}
