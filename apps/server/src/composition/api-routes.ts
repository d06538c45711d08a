// Every module's routes in the API process, registered with the services they use as plugin
// options: nothing here reads a Fastify decoration, so the order below is the order the API
// documents its routes in, not an order the modules need (docs/decisions/0507).
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { gpuRoutes } from "../comfyui/gpu.routes.ts";
import { accountsRoutes } from "../modules/accounts/accounts.routes.ts";
import { emailVerificationRoutes } from "../modules/accounts/email-verification.routes.ts";
import { registerAdmin } from "../modules/admin/admin.module.ts";
import { amazonCheckRoutes } from "../modules/amazon-check/amazon-check.routes.ts";
import { analyticsRoutes } from "../modules/analytics/analytics.routes.ts";
import type { ApiKeysService } from "../modules/api-keys/api-keys.service.ts";
import { assetsRoutes } from "../modules/assets/assets.routes.ts";
import { type BillingStandIns, registerBilling } from "../modules/billing/billing.module.ts";
import { clothingRoutes } from "../modules/clothing/clothing.routes.ts";
import { coinsRoutes } from "../modules/coins/coins.routes.ts";
import { generationEventsRoutes } from "../modules/generations/generation-events.routes.ts";
import { hasUsedReferences } from "../modules/generations/generations.repository.ts";
import { generationsRoutes } from "../modules/generations/generations.routes.ts";
import { templatesRoutes } from "../modules/generations/templates.routes.ts";
import { healthRoutes } from "../modules/health/health.routes.ts";
import { devMailboxRoutes } from "../modules/mail/mail.routes.ts";
import { outboxAdminRoutes } from "../modules/mail/outbox-admin.routes.ts";
import { metricsRoutes } from "../modules/metrics/metrics.routes.ts";
import { monitoringTunnelRoutes } from "../modules/monitoring/monitoring-tunnel.routes.ts";
import { notificationsRoutes } from "../modules/notifications/notifications.routes.ts";
import { outreachRoutes } from "../modules/outreach/outreach.routes.ts";
import { promptPlanRoutes } from "../modules/prompt-plan/prompt-plan.routes.ts";
import { registerPublicApi } from "../modules/public-api/public-api.module.ts";
import { publicConfigRoutes } from "../modules/public-config/public-config.routes.ts";
import { uploadsRoutes } from "../modules/uploads/uploads.routes.ts";
import { registerVideoOrders } from "../modules/video-orders/video-orders.module.ts";
import { videosRoutes } from "../modules/videos/videos.routes.ts";
import type { CoreServices } from "./core-services.ts";
import type { Pipeline } from "./pipeline.ts";

/** What registration builds with the app itself, handed back for app.ts to expose to tests. */
export interface RegisteredApi {
  apiKeys: ApiKeysService;
  billingStandIns: BillingStandIns;
}

export async function registerApiRoutes(
  app: FastifyInstance,
  core: CoreServices,
  pipeline: Pipeline,
): Promise<RegisteredApi> {
  const { config, database, clock, coins, accounts, mailer } = core;
  const db = database.db;
  const g = config.generations;

  await app.register(healthRoutes, { database });
  await app.register(metricsRoutes, {
    database,
    token: config.monitoring.metricsToken,
    heartbeatSeconds: g.heartbeatSeconds,
    engineReady: () => pipeline.isReady(),
  });
  await app.register(publicConfigRoutes, { config });
  await app.register(assetsRoutes, { assets: pipeline.assets });
  await app.register(monitoringTunnelRoutes, {
    dsn: config.monitoring.sentryWebDsn,
    maxBytes: config.monitoring.tunnelMaxBytes,
    rateLimit: config.rateLimits.monitoring,
  });
  await app.register(accountsRoutes, {
    accounts,
    config,
    clock,
    loginGuard: core.loginGuard,
    referencesUsed: (accountId: string) => hasUsedReferences(db, accountId),
  });
  await app.register(emailVerificationRoutes, {
    accounts,
    verification: core.verification,
    config,
    db,
  });
  await app.register(coinsRoutes, { accounts, giveaway: core.giveaway, config });
  await app.register(notificationsRoutes, { db });
  await app.register(outreachRoutes, { accounts, outreach: core.outreach, config });
  await app.register(analyticsRoutes, {
    analytics: core.analytics,
    rateLimit: config.rateLimits.analytics,
  });

  // admin console API and blocked accounts (decision 0904)
  const admins = await registerAdmin(app, {
    config,
    database,
    clock,
    coins,
    loginGuard: core.loginGuard,
    jobs: { queue: pipeline.queue, wake: () => pipeline.runner?.wake() },
  });

  // the pipeline's routes: uploads, generations, clothing, GPU status, templates
  await app.register(uploadsRoutes, {
    uploads: pipeline.uploads,
    tokens: pipeline.tokens,
    config: g,
  });
  await app.register(generationsRoutes, {
    generations: pipeline.generations,
    tokens: pipeline.tokens,
    config: g,
    clock,
  });
  await app.register(generationEventsRoutes, {
    generations: pipeline.generations,
    tokens: pipeline.tokens,
    config: g,
  });
  await app.register(clothingRoutes, {
    db,
    clock,
    tryOnAvailable: pipeline.tryOn.available,
    rateLimit: g.generationRateLimit,
  });
  await app.register(gpuRoutes, { gpu: pipeline.gpu });
  await app.register(templatesRoutes, {
    cacheDir: path.join(config.dataDir, "cache", "thumbnails"),
    engine: pipeline.engine,
  });
  // Tests drive jobs with runner.runUntilIdle(); a listening server runs them continuously.
  app.addHook("onListen", async () => {
    await pipeline.runner?.start();
  });
  app.addHook("onClose", async () => {
    await pipeline.stop();
  });

  // plans, checkout, payment webhooks (decision 0600)
  const billingStandIns = await registerBilling(app, { config, database, clock, coins });
  // product videos and made-to-order videos (decisions 0800, 0801)
  await app.register(videosRoutes, {
    videos: pipeline.videos.service,
    tokens: pipeline.tokens,
    config: g,
  });
  await registerVideoOrders(app, {
    config,
    database,
    clock,
    mailer,
    uploads: pipeline.uploads,
    storage: pipeline.storage,
    tokens: pipeline.tokens,
  });
  // API keys, webhooks, /v1 (decisions 1000–1004)
  const apiKeys = await registerPublicApi(app, {
    config,
    database,
    clock,
    uploads: pipeline.uploads,
    generations: pipeline.generations,
    videos: pipeline.videos.service,
    tokens: pipeline.tokens,
    publicApiJobs: pipeline.publicApiJobs,
  });
  await app.register(amazonCheckRoutes, {
    maxBytes: g.uploadMaxBytes,
    rateLimit: g.uploadRateLimit,
  });
  await app.register(promptPlanRoutes, { rateLimit: config.rateLimits.promptPlan });
  await app.register(outboxAdminRoutes, {
    db,
    admins: admins.emails,
    smtp: mailer.kind === "smtp",
  });
  if (!config.isProduction) await app.register(devMailboxRoutes, { db });
  return { apiKeys, billingStandIns };
}
