// Everything under /v1 (registered with that prefix): multipart parsing, the API-key door with
// its rate limit, the stable error shape, then the routes.
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { ApiKeysService } from "../api-keys/api-keys.service.ts";
import type { BatchesService } from "../batches/batches.service.ts";
import type { GenerationsService } from "../generations/generations.service.ts";
import type { MediaTokens } from "../storage/media-token.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import type { VideosService } from "../videos/videos.service.ts";
import { createIdempotency } from "./idempotency.ts";
import { registerV1Auth } from "./v1-auth.ts";
import { v1BatchesRoutes } from "./v1-batches.routes.ts";
import { registerV1Errors } from "./v1-errors.ts";
import { v1GenerationsRoutes } from "./v1-generations.routes.ts";
import { v1VideosRoutes } from "./v1-videos.routes.ts";

export interface V1Options {
  keys: ApiKeysService;
  uploads: UploadsService;
  generations: GenerationsService;
  videos: VideosService;
  batches: BatchesService;
  tokens: MediaTokens;
  database: Database;
  clock: Clock;
  config: Config;
}

export async function v1Plugin(app: FastifyInstance, opts: V1Options) {
  const { config, database, clock } = opts;
  registerV1Errors(app);
  // per-route limits are set where files are read (v1-multipart.ts)
  await app.register(multipart, {
    limits: { fileSize: config.publicApi.batchMaxBytes, files: 2, fields: 20, parts: 24 },
  });
  registerV1Auth(app, { keys: opts.keys, database, clock, config: config.publicApi });
  const idempotency = createIdempotency(database, clock);
  await app.register(v1GenerationsRoutes, {
    uploads: opts.uploads,
    generations: opts.generations,
    tokens: opts.tokens,
    idempotency,
    config: config.generations,
  });
  await app.register(v1VideosRoutes, { videos: opts.videos, idempotency });
  await app.register(v1BatchesRoutes, {
    batches: opts.batches,
    idempotency,
    config,
  });
}
