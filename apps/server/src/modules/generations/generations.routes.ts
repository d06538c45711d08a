// The generations API. Every route needs the bearer token except the media ones
// (images, ZIP), which also take the media token their URLs carry. Another user's id is 404.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import {
  CheckPositionQuery,
  CheckPositionResponse,
  Generation,
  GenerationList,
  GenerationListQuery,
  GenerationRequest,
  IdParams,
  ImageParams,
  MaintenanceResponse,
  MediaQuery,
  SubmitResponse,
} from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { GenerationsConfig } from "../../config.ts";
import { errorResponses as errors } from "../../http/error-responses.ts";
import { registerJobRoutes } from "../../http/job-routes.ts";
import { requireUserId } from "../../http/media-auth.ts";
import { registerMediaRoute } from "../../http/media-routes.ts";
import { zipStore } from "../../http/zip.ts";
import type { MediaTokens } from "../storage/media-token.ts";
import { contentTypes, extensions } from "./generation-output.ts";
import { maintenanceState } from "./generation-rules.ts";
import type { GenerationsService } from "./generations.service.ts";

export async function generationsRoutes(
  fastify: FastifyInstance,
  opts: {
    generations: GenerationsService;
    tokens: MediaTokens;
    config: GenerationsConfig;
    clock: Clock;
  },
) {
  const { generations, tokens } = opts;
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  registerJobRoutes(app, generations, {
    base: "/api/generations",
    rateLimit: opts.config.generationRateLimit,
    submit: {
      summary: "Submit a generation (coins reserved now, one per image)",
      body: GenerationRequest,
      status: 202,
      response: SubmitResponse,
    },
    resource: Generation,
    remove: "Delete a finished generation, or cancel (and refund) a waitlisted one",
  });

  app.get(
    "/api/check-position",
    {
      schema: {
        summary: "Status, waitlist position and estimated seconds of a generation",
        querystring: CheckPositionQuery,
        response: { 200: CheckPositionResponse, ...errors },
      },
    },
    async (request) => generations.status(requireUserId(request), request.query.generationId),
  );

  app.get(
    "/api/generations",
    {
      schema: {
        summary: "History, newest first",
        querystring: GenerationListQuery,
        response: { 200: GenerationList, ...errors },
      },
    },
    async (request) =>
      generations.list(
        requireUserId(request),
        request.query.page ?? 1,
        request.query.pageSize ?? 12,
        request.query.app,
      ),
  );

  const media = { querystring: MediaQuery, scope: "gen" };
  registerMediaRoute(
    app,
    tokens,
    {
      ...media,
      path: "/api/generations/:id/images/:index",
      summary: "One image (owner only); ?download=1 sets Content-Disposition: attachment",
      params: ImageParams,
    },
    async (userId, { params: { id, index } }) => {
      const { row, bytes } = await generations.image(userId, id, index);
      const format = row.format as keyof typeof contentTypes;
      return {
        bytes,
        type: contentTypes[format] ?? "application/octet-stream",
        cache: "private, max-age=86400, immutable",
        filename: `photoshoot-${id.slice(0, 8)}-${index + 1}.${extensions[format] ?? "bin"}`,
      };
    },
  );

  registerMediaRoute(
    app,
    tokens,
    {
      ...media,
      path: "/api/generations/:id/zip",
      summary: "All images of a generation as one ZIP (owner only)",
      params: IdParams,
    },
    async (userId, { params: { id } }) => {
      const { files } = await generations.allImages(userId, id);
      const zip = zipStore(
        files.map(({ row, bytes }) => ({
          name: `photoshoot-${id.slice(0, 8)}-${row.idx + 1}.${extensions[row.format as keyof typeof extensions] ?? "bin"}`,
          bytes,
        })),
      );
      return {
        bytes: zip,
        type: "application/zip",
        filename: `photoshoot-${id.slice(0, 8)}.zip`,
        attachment: true,
      };
    },
  );

  app.get(
    "/api/maintenance",
    {
      schema: {
        summary: "The maintenance notice, when one is announced",
        response: { 200: MaintenanceResponse },
      },
    },
    async () => maintenanceState(opts.config, opts.clock()),
  );
}
