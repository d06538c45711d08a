// A @fastify/rate-limit store whose counters live in the database (table rate_limit_counters),
// so every API process behind a load balancer enforces one shared limit (decision 0902). One
// atomic upsert per counted request: a fixed window per key that restarts when it has ended.
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

const PRUNE_EVERY = 1000;

export function sqlRateLimitStore(database: Database, clock: Clock) {
  let counted = 0;
  return class SqlRateLimitStore {
    constructor(
      _globalParams?: unknown,
      readonly prefix = "",
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      const now = clock();
      if (++counted % PRUNE_EVERY === 0) {
        database
          .executeSql("delete from rate_limit_counters where reset_at < $1", [now])
          .catch(() => undefined);
      }
      database
        .executeSql<{ count: number; reset_at: string }>(
          `insert into rate_limit_counters (key, count, reset_at) values ($1, 1, $2::bigint + $3::bigint)
           on conflict (key) do update set
             count = case when rate_limit_counters.reset_at <= $2 then 1
                          else rate_limit_counters.count + 1 end,
             reset_at = case when rate_limit_counters.reset_at <= $2 then $2::bigint + $3::bigint
                             else rate_limit_counters.reset_at end
           returning count, reset_at`,
          [this.prefix + key, now, timeWindow],
        )
        .then(
          (r) => {
            const row = r.rows[0];
            cb(null, { current: Number(row?.count ?? 1), ttl: Number(row?.reset_at ?? now) - now });
          },
          (err: Error) => cb(err),
        );
    }

    child(options: object) {
      const routeOptions = options as RouteParams;
      const m = routeOptions.routeInfo?.method;
      const method = Array.isArray(m) ? m.join(",") : (m ?? "");
      return new SqlRateLimitStore(
        undefined,
        `${this.prefix}${method}${routeOptions.routeInfo?.url ?? ""}:`,
      );
    }
  };
}
