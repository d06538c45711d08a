// Registration of the made-to-order videos: their service, built from the pipeline's uploads,
// storage and media tokens, and its routes. Called by src/composition/api-routes.ts.
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { MediaTokens } from "../storage/media-token.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import { videoOrdersRoutes } from "./video-orders.routes.ts";
import { createVideoOrdersService } from "./video-orders.service.ts";

export interface VideoOrdersDeps {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  uploads: UploadsService;
  storage: ObjectStorage;
  tokens: MediaTokens;
}

export async function registerVideoOrders(
  app: FastifyInstance,
  deps: VideoOrdersDeps,
): Promise<void> {
  const { config, database, clock, mailer, uploads, storage, tokens } = deps;
  const orders = createVideoOrdersService({
    db: database.db,
    config,
    clock,
    mailer,
    uploads,
    storage,
    tokens,
    log: app.log,
  });
  await app.register(videoOrdersRoutes, {
    orders,
    tokens,
    maxBytes: config.videoOrders.deliveryMaxBytes,
    rateLimit: config.generations.generationRateLimit,
  });
}
