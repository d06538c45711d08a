// The public API (issue 14), wired in one place: API keys and webhooks (managed with the
// session token), then the versioned /v1 routes that take a key. One line in app.ts. The job
// side (webhook deliveries, batch items) is built with the studio: public-api.jobs.ts.
import type { FastifyInstance } from "fastify";
import { apiKeysRoutes } from "../api-keys/api-keys.routes.ts";
import { type ApiKeysService, createApiKeysService } from "../api-keys/api-keys.service.ts";
import { webhooksRoutes } from "../webhooks/webhooks.routes.ts";
import { v1Plugin } from "./v1.plugin.ts";

export interface PublicApi {
  keys: ApiKeysService;
}

export async function registerPublicApi(app: FastifyInstance): Promise<PublicApi> {
  const { database, clock } = app.services;
  const keys = createApiKeysService({ db: database.db, clock });
  await app.register(apiKeysRoutes, { keys });
  await app.register(webhooksRoutes, { webhooks: app.studio.publicApi.webhooks });
  await app.register(v1Plugin, {
    prefix: "/v1",
    keys,
    studio: app.studio,
    database,
    clock,
    config: app.services.config,
  });
  const publicApi: PublicApi = { keys };
  app.decorate("publicApi", publicApi);
  return publicApi;
}

declare module "fastify" {
  interface FastifyInstance {
    publicApi: PublicApi;
  }
}
