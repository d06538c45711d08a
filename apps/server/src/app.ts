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
import type { StudioEngine } from "./engine/engine-adapter.ts";
import { registerErrorHandler } from "./http/error-handler.ts";
import { registerRateLimit } from "./http/rate-limit.ts";
import { requestId } from "./http/request-id.ts";
import { registerWebStatic } from "./http/web-static.ts";
import { accountsRoutes } from "./modules/accounts/accounts.routes.ts";
import {
  type AccountsService,
  createAccountsService,
} from "./modules/accounts/accounts.service.ts";
import { emailVerificationRoutes } from "./modules/accounts/email-verification.routes.ts";
import {
  createEmailVerificationService,
  type EmailVerificationService,
} from "./modules/accounts/email-verification.service.ts";
import { createGoogleVerifier } from "./modules/accounts/google-verifier.ts";
import { registerAdmin } from "./modules/admin/admin.module.ts";
import { amazonCheckRoutes } from "./modules/amazon-check/amazon-check.routes.ts";
import { analyticsRoutes } from "./modules/analytics/analytics.routes.ts";
import {
  type AnalyticsService,
  createAnalyticsService,
} from "./modules/analytics/analytics.service.ts";
import { registerBilling } from "./modules/billing/billing.module.ts";
import { coinsRoutes } from "./modules/coins/coins.routes.ts";
import { type CoinsService, createCoinsService } from "./modules/coins/coins.service.ts";
import { createGiveawayService, type GiveawayService } from "./modules/coins/giveaway.service.ts";
import { registerStudio } from "./modules/generations/studio.module.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import {
  createLoginGuard,
  type LoginGuard,
} from "./modules/login-protection/login-guard.service.ts";
import { devMailboxRoutes } from "./modules/mail/mail.routes.ts";
import {
  createOutboxMailer,
  createSmtpMailer,
  type Mailer,
  type OutboxLog,
} from "./modules/mail/mailer.ts";
import { outboxAdminRoutes } from "./modules/mail/outbox-admin.routes.ts";
import { metricsRoutes } from "./modules/metrics/metrics.routes.ts";
import { monitoringTunnelRoutes } from "./modules/monitoring/monitoring-tunnel.routes.ts";
import { notificationsRoutes } from "./modules/notifications/notifications.routes.ts";
import { outreachRoutes } from "./modules/outreach/outreach.routes.ts";
import {
  createOutreachService,
  type OutreachService,
} from "./modules/outreach/outreach.service.ts";
import { promptPlanRoutes } from "./modules/prompt-plan/prompt-plan.routes.ts";
import { registerPublicApi } from "./modules/public-api/public-api.module.ts";
import { publicConfigRoutes } from "./modules/public-config/public-config.routes.ts";
import { registerVideoOrders } from "./modules/video-orders/video-orders.module.ts";
import { registerVideos } from "./modules/videos/videos.module.ts";
import { registerOpenApi } from "./openapi/openapi.plugin.ts";

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
  /** The engine's CPU work. Default: per ENGINE_THREAD (tests wrap a real one to watch it). */
  engine?: StudioEngine;
  /** Where the JSON log lines go. Default: stdout (tests read them from a stream). */
  logStream?: { write(line: string): void };
}

/** Everything routes need; later modules add their services here. */
export interface AppServices {
  config: Config;
  database: Database;
  clock: Clock;
  tokens: TokenService;
  mailer: Mailer;
  coins: CoinsService;
  analytics: AnalyticsService;
  accounts: AccountsService;
  verification: EmailVerificationService;
  giveaway: GiveawayService;
  outreach: OutreachService;
  loginGuard: LoginGuard;
}

/** `log` receives the mail kept in the outbox (no SMTP_URL), so that it shows in the log. */
export function createServices(deps: AppDeps, log?: OutboxLog): AppServices {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const mailer =
    deps.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(database.db, clock, log));
  const db = database.db;
  const tokens = createTokenService(config.jwtSecret, config.tokenTtlSeconds, clock);
  const coins = createCoinsService(db);
  const analytics = createAnalyticsService(db, clock, {
    maxEvents: config.analyticsMaxEvents,
    pruneEvery: Math.min(1000, config.analyticsMaxEvents),
  });
  const googleKeys = deps.googleKeys ?? createRemoteJWKSet(new URL(GOOGLE_JWKS_URL));
  const google = createGoogleVerifier(config.googleClientId, googleKeys, clock);
  return {
    config,
    database,
    clock,
    tokens,
    mailer,
    coins,
    analytics,
    accounts: createAccountsService({ db, clock, tokens, coins, analytics, google }),
    verification: createEmailVerificationService({ db, clock, config, mailer, coins }),
    giveaway: createGiveawayService(db, coins, clock),
    outreach: createOutreachService({ mailer, config }),
    loginGuard: createLoginGuard({ database, clock, mailer, publicUrl: config.publicUrl }),
  };
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
    // Stack traces never reach clients; the error handler shapes every failure.
    return503OnClosing: true,
    // one id per request in every log line, taken from a proxy's X-Request-Id when sane
    genReqId: requestId,
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  const services = createServices(deps, app.log);
  app.decorate("services", services);
  registerErrorHandler(app);
  await registerRateLimit(app, services.database, services.clock);
  registerAuth(app, services.tokens);
  await registerOpenApi(app); // before any route: it documents those registered after it

  const db = services.database.db;
  await app.register(healthRoutes, { database: services.database });
  await app.register(metricsRoutes, {
    database: services.database,
    token: config.monitoring.metricsToken,
    heartbeatSeconds: config.generations.heartbeatSeconds,
    // the studio is registered below; read it when asked
    engineReady: () => (app.hasDecorator("studio") ? app.studio.isReady() : true),
  });
  await app.register(publicConfigRoutes, { config });
  await app.register(monitoringTunnelRoutes, {
    dsn: config.monitoring.sentryWebDsn,
    maxBytes: config.monitoring.tunnelMaxBytes,
    rateLimit: config.rateLimits.monitoring,
  });
  await app.register(accountsRoutes, {
    accounts: services.accounts,
    config,
    clock: services.clock,
    loginGuard: services.loginGuard,
    referencesUsed: async (accountId: string) =>
      (
        await services.database.executeSql(
          "select 1 from generations where account_id = $1 and cardinality(reference_ids) > 0 limit 1",
          [accountId],
        )
      ).rows.length > 0,
  });
  await app.register(emailVerificationRoutes, { ...services, db });
  await app.register(coinsRoutes, services);
  await app.register(notificationsRoutes, { db });
  await app.register(outreachRoutes, services);
  await app.register(analyticsRoutes, {
    analytics: services.analytics,
    rateLimit: config.rateLimits.analytics,
  });
  const admins = await registerAdmin(app); // admin console API, blocked accounts (issue 12)
  await registerStudio(app, deps.engine); // uploads, generations, templates, jobs (issue 5)
  app.decorate("billingStandIns", await registerBilling(app)); // plans, checkout, webhooks (issue 8)
  await registerVideos(app); // product videos (issue 11)
  await registerVideoOrders(app); // made-to-order videos (issue 11)
  await registerPublicApi(app); // API keys, /v1, webhooks, batches (issue 14)
  await app.register(amazonCheckRoutes, {
    maxBytes: config.generations.uploadMaxBytes,
    rateLimit: config.generations.uploadRateLimit,
  });
  await app.register(promptPlanRoutes, { rateLimit: config.rateLimits.promptPlan });
  await app.register(outboxAdminRoutes, {
    db,
    admins: admins.emails,
    smtp: services.mailer.kind === "smtp",
  });
  if (!config.isProduction) await app.register(devMailboxRoutes, { db: services.database.db });

  await registerWebStatic(app, config.webDistDir, config.publicUrl);
  app.addHook("onClose", async () => {
    await services.mailer.close();
  });
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    services: AppServices;
    /** the local stand-ins in use when no provider keys are configured (tests drive them) */
    billingStandIns: import("./modules/billing/billing.module.ts").BillingStandIns;
  }
}
