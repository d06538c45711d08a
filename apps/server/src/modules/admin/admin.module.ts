// Wires the admin console: the block list (checked on every authenticated request and at
// login), the admin service and its routes.
import type { FastifyInstance } from "fastify";
import { createBlockList } from "./account-blocks.ts";
import { adminRoutes } from "./admin.routes.ts";
import { createAdminService } from "./admin.service.ts";
import { adminClaimRoutes, announceAdminClaim, createAdminDirectory } from "./admin-claim.ts";
import { createGenerationActions } from "./generation-actions.ts";
import { createMaintenanceSchedule } from "./maintenance-schedule.ts";

export async function registerAdmin(app: FastifyInstance) {
  const { config, database, clock, coins, loginGuard } = app.services;
  const blocks = createBlockList(database, clock);
  blocks.register(app);
  loginGuard.refuseWhen((email) => blocks.isEmailBlocked(email));
  const maintenance = createMaintenanceSchedule(database, config.generations, clock);
  maintenance.start();
  app.addHook("onClose", async () => maintenance.stop());
  const admin = createAdminService({ database, clock, coins, blocks, maintenance });
  // The studio (queue, runner) is registered after this module; actions read it when they run.
  const generationActions = createGenerationActions({
    db: database.db,
    clock,
    coins,
    jobs: { queue: () => app.studio.queue, wake: () => app.studio.runner?.wake() },
  });
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
