// Composition root: builds every service from its dependencies and registers every module's
// routes. main.ts and the tests (via app.inject) both go through buildApp.
//
// Adding a module: create src/modules/<feature>/ with <feature>.routes.ts (a Fastify plugin
// taking its services as options), build its service below in createServices(), register
// its routes in buildApp(), and add its SQL migration under drizzle/.

import Fastify, { type FastifyInstance } from "fastify";
import { createRemoteJWKSet, type JWTVerifyGetKey } from "jose";
import { registerAuth } from "./auth/auth.plugin.ts";
import { createTokenService, type TokenService } from "./auth/token.service.ts";
import { type Clock, systemClock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { registerErrorHandler } from "./http/error-handler.ts";
import { registerRateLimit } from "./http/rate-limit.ts";
import { registerWebStatic } from "./http/web-static.ts";
import { type CoinsService, createCoinsService } from "./modules/coins/coins.service.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { devMailboxRoutes } from "./modules/mail/mail.routes.ts";
import { createOutboxMailer, createSmtpMailer, type Mailer } from "./modules/mail/mailer.ts";

export const GOOGLE_JWKS_URL = "https://www.googleapis.com/oauth2/v3/certs";

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
}

/** Everything routes need; later modules add their services here. */
export interface AppServices {
  config: Config;
  database: Database;
  clock: Clock;
  tokens: TokenService;
  mailer: Mailer;
  coins: CoinsService;
  googleKeys: JWTVerifyGetKey;
}

export function createServices(deps: AppDeps): AppServices {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const mailer =
    deps.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(database.db, clock));
  return {
    config,
    database,
    clock,
    tokens: createTokenService(config.jwtSecret, config.tokenTtlSeconds, clock),
    mailer,
    coins: createCoinsService(database.db),
    googleKeys: deps.googleKeys ?? createRemoteJWKSet(new URL(GOOGLE_JWKS_URL)),
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const services = createServices(deps);
  const { config } = services;
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Stack traces never reach clients; the error handler shapes every failure.
    return503OnClosing: true,
  });
  app.decorate("services", services);
  registerErrorHandler(app);
  await registerRateLimit(app);
  registerAuth(app, services.tokens);

  await app.register(healthRoutes, { database: services.database });
  if (!config.isProduction) await app.register(devMailboxRoutes, { db: services.database.db });

  await registerWebStatic(app, config.webDistDir);
  app.addHook("onClose", async () => {
    await services.mailer.close();
  });
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    services: AppServices;
  }
}
