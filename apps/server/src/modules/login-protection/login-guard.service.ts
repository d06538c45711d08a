// Failed logins limited per account as well as per address (decision 0902):
// - growing delays per (account, address): after 5 failures in an hour, each next attempt
//   waits 2^(n-5) s (at most 5 min) after the previous failure;
// - at most 100 failures an hour per account from all addresses together; beyond that only
//   addresses the account has logged in from before may still try, so an attacker with many
//   addresses cannot lock the owner out of their usual places;
// - a notice mail to the owner (at most one a day) when failures pile up.
// The attempt is recorded before the password is checked, under an advisory lock on the
// account, so parallel attempts cannot slip past the cap; a success removes its record.
import type { Clock } from "../../clock.ts";
import type { Database, SqlSession } from "../../db/database.ts";
import { contactByEmail } from "../accounts/accounts.repository.ts";
import type { Mailer } from "../mail/mailer.ts";
import { loginNoticeMail } from "./login-notice.mail.ts";

export const ACCOUNT_FAILURES_PER_HOUR = 100;
export const FREE_FAILURES_PER_ADDRESS = 5;
export const MAX_DELAY_MS = 5 * 60_000;
export const NOTICE_AFTER_FAILURES = 10;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

export type AttemptVerdict =
  | { allowed: true; attemptId: string }
  | { allowed: false; retryAfterMs: number; reason: "address-delay" | "account-cap" };

export interface LoginGuard {
  /** Call before checking the password; a refused attempt must not check it. */
  begin(emailKey: string, ip: string): Promise<AttemptVerdict>;
  /** The password was right: forget the attempt, remember the address. */
  succeeded(emailKey: string, ip: string, attemptId: string): Promise<void>;
  /** The password was wrong: the attempt stays counted; the owner may get a notice. */
  failed(emailKey: string, ip: string, attemptId: string): Promise<void>;
  /** Neither (e.g. a Google-only account): forget the attempt. */
  abandoned(attemptId: string): Promise<void>;
  /** Another module refuses some accounts even with the right password (blocked accounts). */
  refuseWhen(check: (emailKey: string) => Promise<boolean>): void;
  refused(emailKey: string): Promise<boolean>;
}

/** Delay an address must wait after its n-th failure in the hour. */
export function delayAfterFailures(n: number): number {
  if (n < FREE_FAILURES_PER_ADDRESS) return 0;
  return Math.min(MAX_DELAY_MS, 1000 * 2 ** (n - FREE_FAILURES_PER_ADDRESS));
}

async function locked<T>(database: Database, key: string, fn: (s: SqlSession) => Promise<T>) {
  return database.withSession(async (s) => {
    await s.query("begin");
    try {
      await s.query("select pg_advisory_xact_lock(hashtext($1))", [`login:${key}`]);
      const result = await fn(s);
      await s.query("commit");
      return result;
    } catch (err) {
      await s.query("rollback");
      throw err;
    }
  });
}

export function createLoginGuard(deps: {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
}): LoginGuard {
  const { database, clock } = deps;
  const refusals: ((emailKey: string) => Promise<boolean>)[] = [];
  return {
    refuseWhen(check) {
      refusals.push(check);
    },
    async refused(emailKey) {
      for (const check of refusals) if (await check(emailKey)) return true;
      return false;
    },
    begin(emailKey, ip) {
      return locked(database, emailKey, async (s): Promise<AttemptVerdict> => {
        const now = clock();
        const since = now - HOUR;
        await s.query("delete from login_failures where email_key = $1 and created_at <= $2", [
          emailKey,
          since,
        ]);
        const stats = await s.query<{
          total: string;
          oldest: string | null;
          mine: string;
          last: string | null;
        }>(
          `select count(*) as total, min(created_at) as oldest,
                  count(*) filter (where ip = $2) as mine,
                  max(created_at) filter (where ip = $2) as last
             from login_failures where email_key = $1`,
          [emailKey, ip],
        );
        const row = stats.rows[0];
        const total = Number(row?.total ?? 0);
        const mine = Number(row?.mine ?? 0);
        const wait = mine > 0 ? Number(row?.last) + delayAfterFailures(mine) - now : 0;
        if (wait > 0) return { allowed: false, retryAfterMs: wait, reason: "address-delay" };
        if (total >= ACCOUNT_FAILURES_PER_HOUR) {
          const known = await s.query(
            "select 1 from login_known_addresses where email_key = $1 and ip = $2",
            [emailKey, ip],
          );
          if (known.rows.length === 0) {
            const retry = Math.max(1000, Number(row?.oldest) + HOUR - now);
            return { allowed: false, retryAfterMs: retry, reason: "account-cap" };
          }
        }
        const inserted = await s.query<{ id: string }>(
          "insert into login_failures (email_key, ip, created_at) values ($1, $2, $3) returning id",
          [emailKey, ip, now],
        );
        return { allowed: true, attemptId: String(inserted.rows[0]?.id) };
      });
    },

    async succeeded(emailKey, ip, attemptId) {
      await database.executeSql("delete from login_failures where id = $1", [attemptId]);
      await database.executeSql(
        `insert into login_known_addresses (email_key, ip, last_seen_at) values ($1, $2, $3)
         on conflict (email_key, ip) do update set last_seen_at = excluded.last_seen_at`,
        [emailKey, ip, clock()],
      );
    },

    async failed(emailKey) {
      const now = clock();
      const count = await database.executeSql<{ n: string }>(
        "select count(*) as n from login_failures where email_key = $1 and created_at > $2",
        [emailKey, now - HOUR],
      );
      if (Number(count.rows[0]?.n ?? 0) < NOTICE_AFTER_FAILURES) return;
      // one notice a day: the update/insert wins only when the last one is a day old
      const claimed = await database.executeSql(
        `insert into login_notices (email_key, sent_at) values ($1, $2)
         on conflict (email_key) do update set sent_at = excluded.sent_at
           where login_notices.sent_at <= $3
         returning email_key`,
        [emailKey, now, now - DAY],
      );
      if (claimed.rows.length === 0) return;
      const owner = await contactByEmail(database.db, emailKey);
      if (!owner) return; // nobody to tell: the address has no account
      await deps.mailer.send(loginNoticeMail(owner.email, owner.language, deps.publicUrl));
    },

    async abandoned(attemptId) {
      await database.executeSql("delete from login_failures where id = $1", [attemptId]);
    },
  };
}
