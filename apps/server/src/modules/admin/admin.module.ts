// Wires the admin console: the block list (checked on every authenticated request and at
// login), the admin service and its routes.
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { CoinsService } from "../coins/coins.service.ts";
import type { LoginGuard } from "../login-protection/login-guard.service.ts";
import { createBlockList } from "./account-blocks.ts";
import { adminRoutes } from "./admin.routes.ts";
import { createAdminService } from "./admin.service.ts";
import { adminClaimRoutes, announceAdminClaim, createAdminDirectory } from "./admin-claim.ts";
import { createGenerationActions, type QueueAccess } from "./generation-actions.ts";
import { createMaintenanceSchedule } from "./maintenance-schedule.ts";

export interface AdminDeps {
  config: Config;
  database: Database;
  clock: Clock;
  coins: CoinsService;
  loginGuard: LoginGuard;
  /** the pipeline's queue and runner: an admin's retry queues the generation again */
  jobs: QueueAccess;
}

/** Registered on the root instance (not encapsulated): the block list's hook guards every route. */
export async function registerAdmin(app: FastifyInstance, deps: AdminDeps) {
  const { config, database, clock, coins, loginGuard, jobs } = deps;
  const blocks = createBlockList(database, clock);
  blocks.register(app);
  loginGuard.refuseWhen((email) => blocks.isEmailBlocked(email));
  const maintenance = createMaintenanceSchedule(database, config.generations, clock);
  maintenance.start();
  app.addHook("onClose", async () => maintenance.stop());
  const admin = createAdminService({ database, clock, coins, blocks, maintenance });
  const generationActions = createGenerationActions({ db: database.db, clock, coins, jobs });
  // ADMIN_EMAILS plus whoever opened the start-up claim link (decision 0910)
  const directory = createAdminDirectory(database, config.adminEmails);
  await app.register(adminClaimRoutes, { directory });
  app.addHook("onReady", async () => announceAdminClaim(app, directory, config.publicUrl));
  await app.register(adminRoutes, {
    admin,
    admins: directory.emails,
    refreshAdmins: directory.refresh,
    database,
    generationActions,
    heartbeatSeconds: config.generations.heartbeatSeconds,
  });
  return directory;
}
