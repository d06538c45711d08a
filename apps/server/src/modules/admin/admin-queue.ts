// What the console's "Generations and queue" page reads: the live queue in the order workers
// take it (pg-boss fetches by priority, then age, then id: decision 0501), the processes that
// beat within three heartbeats, and the latest failures with the error shown to the user and
// the last error the queue recorded for the job. One read each, no caching: the page polls.
import type { FinishedGeneration, QueuedGeneration, WorkerAlive } from "@studio/contracts";
import type { Database } from "../../db/database.ts";

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

export async function liveQueue(database: Database, limit = 200): Promise<QueuedGeneration[]> {
  const r = await database.executeSql<Record<string, unknown>>(
    `select g.id, a.email, g.status, g.priority, g.image_count, g.attempts, g.worker_id,
            g.created_at, g.started_at,
            case when g.status = 'waitlisted' then
              row_number() over (partition by g.status = 'waitlisted'
                                 order by g.priority desc, g.created_at, g.id) end as position
       from generations g left join accounts a on a.id = g.account_id
      where g.status in ('waitlisted', 'accepted', 'processing', 'generating')
      order by (g.status = 'waitlisted'), g.priority desc, g.created_at, g.id
      limit $1`,
    [limit],
  );
  return r.rows.map((x) => ({
    id: String(x.id),
    email: String(x.email ?? ""),
    status: String(x.status),
    position: x.position == null ? null : Number(x.position),
    priority: Number(x.priority),
    imageCount: Number(x.image_count),
    attempts: Number(x.attempts),
    workerId: x.worker_id == null ? null : String(x.worker_id),
    createdAt: iso(x.created_at) as string,
    startedAt: iso(x.started_at),
  }));
}

export async function workersAlive(
  database: Database,
  heartbeatSeconds: number,
): Promise<WorkerAlive[]> {
  const r = await database.executeSql<Record<string, unknown>>(
    `select id, kind, host, pid, current_job, started_at,
            extract(epoch from now() - last_seen_at) as ago
       from job_workers where last_seen_at > now() - make_interval(secs => $1)
      order by started_at`,
    [heartbeatSeconds * 3],
  );
  return r.rows.map((x) => ({
    id: String(x.id),
    kind: String(x.kind),
    host: String(x.host),
    pid: Number(x.pid),
    currentJob: x.current_job == null ? null : String(x.current_job),
    startedAt: iso(x.started_at) as string,
    lastSeenSecondsAgo: Math.max(0, Math.round(Number(x.ago))),
  }));
}

/** The queue's own record of the job's last failure, when pg-boss's schema exists. */
async function jobErrors(database: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const r = await database
    .executeSql<{ id: string; message: string | null }>(
      `select id::text as id, output->>'error' as message from pgboss.job
        where name = 'generation.run' and id = any($1::uuid[]) and output ? 'error'`,
      [ids],
    )
    .catch(() => ({ rows: [] as { id: string; message: string | null }[] }));
  return new Map(r.rows.filter((x) => x.message).map((x) => [x.id, String(x.message)]));
}

/**
 * The latest failed (or done) generations. A failed one has usually been refunded already for
 * what it did not deliver (decision 0501); `refundable` says what an admin could still give.
 */
export async function finishedGenerations(
  database: Database,
  status: "done" | "failed",
  limit = 50,
): Promise<FinishedGeneration[]> {
  const r = await database.executeSql<Record<string, unknown>>(
    `select g.id, g.account_id, a.email, g.status, g.prompt, g.delivered, g.image_count,
            g.attempts, g.error,
            g.reserved, g.finished_at,
            coalesce((select -s.delta from coin_ledger s
                       where s.idempotency_key = 'gen:' || g.id || ':reserve' and s.kind = 'spend'), 0)
            - coalesce((select sum(f.delta) from coin_ledger f
                         where f.refund_of = 'gen:' || g.id || ':reserve'), 0) as refundable
       from generations g left join accounts a on a.id = g.account_id
      where g.status = $2
      order by g.finished_at desc nulls last, g.created_at desc
      limit $1`,
    [limit, status],
  );
  const errors = await jobErrors(
    database,
    r.rows.map((x) => String(x.id)),
  );
  return r.rows.map((x) => ({
    id: String(x.id),
    accountId: String(x.account_id),
    email: String(x.email ?? ""),
    status: x.status === "done" ? "done" : "failed",
    prompt: String(x.prompt),
    delivered: Number(x.delivered),
    imageCount: Number(x.image_count),
    attempts: Number(x.attempts),
    error: x.error == null ? null : String(x.error),
    jobError: errors.get(String(x.id)) ?? null,
    reserved: Number(x.reserved),
    refundable: Number(x.refundable),
    finishedAt: iso(x.finished_at),
  }));
}
