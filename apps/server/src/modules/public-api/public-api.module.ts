// The public API's HTTP side, wired in one place: API keys and webhooks (managed with the
// session token), then the versioned /v1 routes that take a key. Registered by
// src/composition/api-routes.ts. The job side (webhook deliveries, batch items) is built with
// the pipeline: public-api.jobs.ts.
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { apiKeysRoutes } from "../api-keys/api-keys.routes.ts";
import { type ApiKeysService, createApiKeysService } from "../api-keys/api-keys.service.ts";
import type { GenerationsService } from "../generations/generations.service.ts";
import type { MediaTokens } from "../storage/media-token.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import type { VideosService } from "../videos/videos.service.ts";
import { webhooksRoutes } from "../webhooks/webhooks.routes.ts";
import type { PublicApiJobs } from "./public-api.jobs.ts";
import { v1Plugin } from "./v1.plugin.ts";

export interface PublicApiDeps {
  config: Config;
  database: Database;
  clock: Clock;
  uploads: UploadsService;
  generations: GenerationsService;
  videos: VideosService;
  tokens: MediaTokens;
  /** webhooks and batches, built with the pipeline */
  publicApiJobs: Pick<PublicApiJobs, "webhooks" | "batches">;
}

/** Answers the API keys service (tests authenticate keys with it). */
export async function registerPublicApi(
  app: FastifyInstance,
  deps: PublicApiDeps,
): Promise<ApiKeysService> {
  const { database, clock, config } = deps;
  const keys = createApiKeysService({ db: database.db, clock });
  await app.register(apiKeysRoutes, { keys });
  await app.register(webhooksRoutes, { webhooks: deps.publicApiJobs.webhooks });
  await app.register(v1Plugin, {
    prefix: "/v1",
    keys,
    uploads: deps.uploads,
    generations: deps.generations,
    videos: deps.videos,
    batches: deps.publicApiJobs.batches,
    tokens: deps.tokens,
    database,
    clock,
    config,
  });
  return keys;
}
