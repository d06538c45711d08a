// What the admin console reads and changes. Every change goes through `act`, which writes the
// admin_actions row (who, what, on whom, when) in the same transaction as the change.
import { randomUUID } from "node:crypto";
import type { AdminUser } from "@studio/contracts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { findById, searchAccounts } from "../accounts/accounts.repository.ts";
import { latestPaymentsOf } from "../billing/billing.repository.ts";
import type { CoinsService } from "../coins/coins.service.ts";
import type { BlockList } from "./account-blocks.ts";
import type { createMaintenanceSchedule } from "./maintenance-schedule.ts";

export function createAdminService(deps: {
  database: Database;
  clock: Clock;
  coins: CoinsService;
  blocks: BlockList;
  maintenance: ReturnType<typeof createMaintenanceSchedule>;
}) {
  const { database, clock, coins, blocks, maintenance } = deps;
  const log = (admin: string, action: string, target: string | null, detail: unknown) =>
    database.executeSql(
      "insert into admin_actions (admin_email, action, target, detail, created_at) values ($1, $2, $3, $4, $5)",
      [admin, action, target, JSON.stringify(detail), clock()],
    );

  return {
    async searchUsers(query: string, limit = 50): Promise<AdminUser[]> {
      const found = await searchAccounts(database.db, query, limit);
      if (found.length === 0) return [];
      const blocked = await database.executeSql<{ account_id: string }>(
        "select account_id from account_blocks where account_id = any($1)",
        [found.map((a) => a.id)],
      );
      const blockedIds = new Set(blocked.rows.map((x) => x.account_id));
      return found.map((a) => ({
        id: a.id,
        username: a.username,
        email: a.email,
        balance: a.balance,
        diamond: a.diamond,
        createdAt: a.createdAt.toISOString(),
        blocked: blockedIds.has(a.id),
      }));
    },

    async userDetail(accountId: string) {
      const [user] = (await this.searchUsers(accountId, 1)).filter((u) => u.id === accountId);
      if (!user) return undefined;
      const ledger = await coins.history(accountId);
      // the console's field names are the columns' (apps/web/src/features/admin/admin-api.ts)
      const payments = await latestPaymentsOf(database.db, accountId)
        .then((rows) =>
          rows.map((p) => ({
            id: p.id,
            provider: p.provider,
            plan_type: p.planType,
            amount: p.amount,
            currency: p.currency,
            status: p.status,
            created_at: p.createdAt,
          })),
        )
        .catch(() => null); // billing tables absent: the console says so
      const plan = await findById(database.db, accountId)
        .then((a) => (a ? { payment_type: a.paymentType, expiration: a.expiration } : null))
        .catch(() => null);
      return { user, ledger, payments, plan };
    },

    /** A manual coin adjustment: a ledger entry like any other, with the admin's reason. */
    async adjustCoins(admin: string, accountId: string, delta: number, reason: string) {
      const key = `admin:${randomUUID()}`;
      const why = `admin adjustment by ${admin}: ${reason}`;
      const movement =
        delta > 0
          ? await coins.grant({ accountId, amount: delta, key, reason: why })
          : await coins.spend({ accountId, amount: -delta, key, reason: why });
      await log(admin, "coins.adjust", accountId, { delta, reason, key });
      return movement;
    },

    async block(admin: string, accountId: string, reason: string) {
      await database.executeSql(
        `insert into account_blocks (account_id, blocked_by, reason, blocked_at) values ($1, $2, $3, $4)
         on conflict (account_id) do nothing`,
        [accountId, admin, reason, clock()],
      );
      await log(admin, "account.block", accountId, { reason });
      blocks.invalidate();
    },

    async unblock(admin: string, accountId: string) {
      await database.executeSql("delete from account_blocks where account_id = $1", [accountId]);
      await log(admin, "account.unblock", accountId, {});
      blocks.invalidate();
    },

    maintenance: () => maintenance.read(),

    /** Announce maintenance at `at` for `minutes` (null: clear the notice). */
    async setMaintenance(admin: string, at: number | null, minutes: number) {
      const s = await maintenance.set(admin, at, minutes);
      await log(admin, at === null ? "maintenance.clear" : "maintenance.schedule", null, {
        at: at === null ? null : new Date(at).toISOString(),
        minutes,
      });
      return s;
    },

    async actions(limit = 100) {
      const r = await database.executeSql<Record<string, unknown>>(
        "select id, admin_email, action, target, detail, created_at from admin_actions order by id desc limit $1",
        [limit],
      );
      return r.rows.map((x) => ({
        id: Number(x.id),
        admin: String(x.admin_email),
        action: String(x.action),
        target: x.target === null ? null : String(x.target),
        detail: typeof x.detail === "string" ? JSON.parse(x.detail) : x.detail,
        at: new Date(Number(x.created_at)).toISOString(),
      }));
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
