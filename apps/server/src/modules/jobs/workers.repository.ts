// Heartbeats of the processes that run jobs; the time estimate divides by the ones online.
import { hostname } from "node:os";
import { and, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { jobWorkers } from "./jobs.tables.ts";

export async function beat(
  db: Db,
  id: string,
  kind: "server" | "worker",
  currentJob: string | null,
): Promise<void> {
  await db
    .insert(jobWorkers)
    .values({ id, kind, host: hostname(), pid: process.pid, currentJob })
    .onConflictDoUpdate({
      target: jobWorkers.id,
      set: { lastSeenAt: sql`now()`, currentJob },
    });
}

export async function removeWorker(db: Db, id: string): Promise<void> {
  await db.delete(jobWorkers).where(sql`${jobWorkers.id} = ${id}`);
}

/** Workers seen within three heartbeats. */
export async function workersOnline(db: Db, heartbeatSeconds: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobWorkers)
    .where(sql`${jobWorkers.lastSeenAt} > now() - make_interval(secs => ${heartbeatSeconds * 3})`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Those of `ids` still beating: seen within three heartbeats. An id missing from the answer
 * belongs to a process that stopped (or was pruned) and will not finish its job.
 */
export async function workersStillBeating(
  db: Db,
  ids: string[],
  heartbeatSeconds: number,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: jobWorkers.id })
    .from(jobWorkers)
    .where(
      and(
        inArray(jobWorkers.id, [...new Set(ids)]),
        sql`${jobWorkers.lastSeenAt} >= now() - make_interval(secs => ${heartbeatSeconds * 3})`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Forget processes silent for an hour (killed ones never remove their own row). */
export async function pruneWorkers(db: Db): Promise<void> {
  await db.delete(jobWorkers).where(sql`${jobWorkers.lastSeenAt} < now() - interval '1 hour'`);
}
