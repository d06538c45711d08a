// Registration of the made-to-order videos (one line in app.ts).
import type { FastifyInstance } from "fastify";
import { videoOrdersRoutes } from "./video-orders.routes.ts";
import { createVideoOrdersService } from "./video-orders.service.ts";

export async function registerVideoOrders(app: FastifyInstance): Promise<void> {
  const { config, database, clock, mailer } = app.services;
  const orders = createVideoOrdersService({
    db: database.db,
    config,
    clock,
    mailer,
    uploads: app.studio.uploads,
    storage: app.studio.storage,
    tokens: app.studio.tokens,
    log: app.log,
  });
  await app.register(videoOrdersRoutes, {
    orders,
    tokens: app.studio.tokens,
    maxBytes: config.videoOrders.deliveryMaxBytes,
    rateLimit: config.generations.generationRateLimit,
  });
}
