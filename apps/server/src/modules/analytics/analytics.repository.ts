import { desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { analyticsEvents } from "./analytics.tables.ts";

export interface AnalyticsEventInput {
  key: string;
  value: unknown;
  sessionId: string | null;
  accountId: string | null;
  createdAt: number;
}

export async function insertEvent(db: Db, e: AnalyticsEventInput): Promise<number> {
  const rows = await db
    .insert(analyticsEvents)
    .values({ ...e, value: e.value === undefined ? null : e.value })
    .returning({ id: analyticsEvents.id });
  return rows[0]?.id ?? 0;
}

/** Keeps only the newest `keep` events. */
export async function pruneEvents(db: Db, newestId: number, keep: number): Promise<void> {
  await db.delete(analyticsEvents).where(lt(analyticsEvents.id, newestId - keep + 1));
}

export async function listEvents(db: Db, key: string, limit = 100) {
  return db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.key, key))
    .orderBy(desc(analyticsEvents.id))
    .limit(limit);
}

export async function countEvents(db: Db): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(analyticsEvents);
  return rows[0]?.n ?? 0;
}
