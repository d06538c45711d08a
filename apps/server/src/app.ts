// The API process's Fastify app: the HTTP pieces every route shares (request ids, errors,
// rate limits, auth, the OpenAPI document, the web app), around the composition root in
// src/composition/: core services first, then the generation pipeline (which apps/worker
// builds the same way), then every module's routes with those services as plugin options
// (docs/decisions/0507). main.ts and the tests (via app.inject) both go through buildApp.

import Fastify, { type FastifyInstance } from "fastify";
import type { JWTVerifyGetKey } from "jose";
import { registerAuth } from "./auth/auth.plugin.ts";
import type { Clock } from "./clock.ts";
import { registerApiRoutes } from "./composition/api-routes.ts";
import { type CoreServices, createCoreServices } from "./composition/core-services.ts";
import { createPipeline, type Pipeline } from "./composition/pipeline.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { StudioEngine } from "./engine/engine-adapter.ts";
import { registerErrorHandler } from "./http/error-handler.ts";
import { registerRateLimit } from "./http/rate-limit.ts";
import { requestId } from "./http/request-id.ts";
import { registerWebStatic } from "./http/web-static.ts";
import type { ApiKeysService } from "./modules/api-keys/api-keys.service.ts";
import type { BillingStandIns } from "./modules/billing/billing.module.ts";
import type { Mailer } from "./modules/mail/mailer.ts";
import { registerOpenApi } from "./openapi/openapi.plugin.ts";

export interface AppDeps {
  config: Config;
  /** Opened and migrated by the caller (main.ts or the test harness); closed by the caller. */
  database: Database;
  /** Default: SMTP when config.smtpUrl is set, else the outbox table. */
  mailer?: Mailer;
  /** Key source for Google ID tokens. Default: Google's JWKS (fetched lazily, cached). */
  googleKeys?: JWTVerifyGetKey;
  /** Default: Date.now. */
  clock?: Clock;
  /** The engine's CPU work. Default: per ENGINE_THREAD (tests wrap a real one to watch it). */
  engine?: StudioEngine;
  /** The models' warm-up of `engine`, started by the caller (main.ts: engine-start.ts). */
  engineModelsWarming?: Promise<void>;
  /** Where the JSON log lines go. Default: stdout (tests read them from a stream). */
  logStream?: { write(line: string): void };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // while closing, new requests get a 503 (a load balancer moves on) instead of a reset
    return503OnClosing: true,
    // one id per request in every log line, taken from a proxy's X-Request-Id when sane
    genReqId: requestId,
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  const services = createCoreServices(deps, app.log);
  const pipeline = createPipeline({
    config,
    database: services.database,
    clock: services.clock,
    coins: services.coins,
    kind: "server",
    log: app.log,
    ...(deps.engine ? { engine: deps.engine } : {}),
    ...(deps.engineModelsWarming ? { modelsWarming: deps.engineModelsWarming } : {}),
  });
  app.decorate("services", services);
  app.decorate("pipeline", pipeline);
  // Stack traces never reach clients; the error handler shapes every failure.
  registerErrorHandler(app);
  await registerRateLimit(app, services.database, services.clock);
  registerAuth(app, services.tokens);
  await registerOpenApi(app); // before any route: it documents those registered after it

  const registered = await registerApiRoutes(app, services, pipeline);
  app.decorate("apiKeys", registered.apiKeys);
  app.decorate("billingStandIns", registered.billingStandIns);

  await registerWebStatic(app, config.webDistDir, config.publicUrl);
  app.addHook("onClose", async () => {
    await services.mailer.close();
  });
  return app;
}

// Handles for main.ts, the tests and the benches. Modules never read these: they get what
// they use as plugin options (src/composition/api-routes.ts).
declare module "fastify" {
  interface FastifyInstance {
    /** the account side's services (coins, accounts, mail, …): core-services.ts */
    services: CoreServices;
    /** storage, queue, engine, uploads, generations, videos, job runner: pipeline.ts */
    pipeline: Pipeline;
    /** the public API's keys (create, authenticate, revoke) */
    apiKeys: ApiKeysService;
    /** the local stand-ins in use when no provider keys are configured (tests drive them) */
    billingStandIns: BillingStandIns;
  }
}
