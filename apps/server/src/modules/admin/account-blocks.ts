// Blocked accounts: refused at login and on every authenticated request (so an existing token
// cannot generate either). Each process keeps the blocked ids for a few seconds at most.
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { forbidden } from "../../http/http-error.ts";
import { contactByEmail } from "../accounts/accounts.repository.ts";

import { ACCOUNT_BLOCKED } from "../login-protection/guarded-login.ts";

export { ACCOUNT_BLOCKED };

const REFRESH_MS = 5000;

export function createBlockList(database: Database, clock: Clock) {
  let ids = new Set<string>();
  let loadedAt = Number.NEGATIVE_INFINITY;
  return {
    async isBlocked(accountId: string): Promise<boolean> {
      if (clock() - loadedAt > REFRESH_MS || clock() < loadedAt) {
        const r = await database.executeSql<{ account_id: string }>(
          "select account_id from account_blocks",
        );
        ids = new Set(r.rows.map((x) => x.account_id));
        loadedAt = clock();
      }
      return ids.has(accountId);
    },
    /** after a change in this process: read again on the next request */
    invalidate() {
      loadedAt = Number.NEGATIVE_INFINITY;
    },
    async isEmailBlocked(email: string): Promise<boolean> {
      const account = await contactByEmail(database.db, email);
      if (!account) return false;
      const r = await database.executeSql("select 1 from account_blocks where account_id = $1", [
        account.id,
      ]);
      return r.rows.length > 0;
    },
    /** refuses every request carrying a blocked account's token */
    register(app: FastifyInstance) {
      app.addHook("preHandler", async (request) => {
        if (request.user && (await this.isBlocked(request.user.userId))) {
          throw forbidden(ACCOUNT_BLOCKED);
        }
      });
    },
  };
}

export type BlockList = ReturnType<typeof createBlockList>;
