// Queries of the generations module (routes → service → here), and the reads and writes of
// generation rows that other modules make (batches, admin): they call these, never the table
// (module-boundaries.test.ts). Where a caller holds a transaction, it passes it as `db`.
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import {
  ACTIVE_STATUSES,
  type GenerationImageRow,
  type GenerationRow,
  type GenerationStatus,
  generationImages,
  generations,
} from "./generations.tables.ts";

/** a generation's row and its images' rows, as the repository answers them */
export type { GenerationImageRow, GenerationRow };

export type NewGeneration = typeof generations.$inferInsert;

/**
 * Writes new generations; 250 rows a statement, under the database's limit on bind
 * parameters (a batch writes a thousand at once).
 */
export async function insertGenerations(tx: Db, rows: NewGeneration[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 250) {
    await tx.insert(generations).values(rows.slice(i, i + 250));
  }
}

/** Deletes a generation's row (the delete route, once it is finished or cancelled). */
export async function deleteGeneration(db: Db, id: string): Promise<void> {
  await db.delete(generations).where(eq(generations.id, id));
}

/**
 * Deletes these generations' rows, 250 ids a statement (a batch deletes a thousand at once;
 * the caller's transaction makes it one change).
 */
export async function deleteGenerations(tx: Db, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 250) {
    await tx.delete(generations).where(inArray(generations.id, ids.slice(i, i + 250)));
  }
}

export async function findGeneration(db: Db, id: string): Promise<GenerationRow | undefined> {
  return (await db.select().from(generations).where(eq(generations.id, id)))[0];
}

export async function findOwned(
  db: Db,
  accountId: string,
  id: string,
): Promise<GenerationRow | undefined> {
  const rows = await db
    .select()
    .from(generations)
    .where(and(eq(generations.id, id), eq(generations.accountId, accountId)));
  return rows[0];
}

export async function listPage(
  db: Db,
  accountId: string,
  page: number,
  pageSize: number,
  app?: "product" | "clothing",
) {
  const where = app
    ? and(eq(generations.accountId, accountId), eq(generations.app, app))
    : eq(generations.accountId, accountId);
  const [items, total] = await Promise.all([
    db
      .select()
      .from(generations)
      .where(where)
      .orderBy(desc(generations.createdAt), desc(generations.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(generations).where(where),
  ]);
  return { items, total: Number(total[0]?.n ?? 0) };
}

export async function imagesOf(db: Db, ids: string[]): Promise<GenerationImageRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(generationImages)
    .where(inArray(generationImages.generationId, ids))
    .orderBy(generationImages.generationId, generationImages.idx);
}

/** Whether any of the account's generations used reference pictures. */
export async function hasUsedReferences(db: Db, accountId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(generations)
    .where(
      and(eq(generations.accountId, accountId), sql`cardinality(${generations.referenceIds}) > 0`),
    )
    .limit(1);
  return rows.length > 0;
}

/** Waitlisted generations that run before this one (same order as the queue's fetch). */
export async function countAhead(db: Db, id: string): Promise<number> {
  const r = await db.execute(sql`
    select count(*)::int as n from generations g, generations me
    where me.id = ${id} and g.status = 'waitlisted' and g.id <> me.id
      and (g.priority > me.priority
        or (g.priority = me.priority and (g.created_at, g.id) < (me.created_at, me.id)))`);
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

export async function countRunning(db: Db): Promise<number> {
  const r = await db
    .select({ n: count() })
    .from(generations)
    .where(sql`${generations.status} in ('accepted', 'processing', 'generating')`);
  return Number(r[0]?.n ?? 0);
}

/** Mean submit-independent run time (start → done) of the last 20 generations, in seconds. */
export async function recentRunSeconds(db: Db): Promise<number | null> {
  const r = await db.execute(sql`
    select avg(extract(epoch from (finished_at - started_at)))::float8 as s from (
      select finished_at, started_at from generations
      where status = 'done' and started_at is not null and finished_at is not null
      order by finished_at desc limit 20) recent`);
  const s = (r as unknown as { rows: { s: number | null }[] }).rows[0]?.s;
  return s === null || s === undefined ? null : Number(s);
}

/** Remember the lowest position shown; answers the position to show now. */
export async function showPosition(db: Db, id: string, position: number): Promise<number> {
  const rows = await db
    .update(generations)
    .set({
      positionShown: sql`least(coalesce(${generations.positionShown}, ${position}), ${position})`,
    })
    .where(eq(generations.id, id))
    .returning({ shown: generations.positionShown });
  return rows[0]?.shown ?? position;
}

/** The generation while it is still waitlisted or running; undefined once finished or deleted. */
export async function findActiveGeneration(db: Db, id: string): Promise<GenerationRow | undefined> {
  const rows = await db
    .select()
    .from(generations)
    .where(and(eq(generations.id, id), inArray(generations.status, [...ACTIVE_STATUSES])));
  return rows[0];
}

/** Reads the row and locks it until the caller's transaction ends (admin retry and refund). */
export async function findGenerationForUpdate(
  tx: Db,
  id: string,
): Promise<GenerationRow | undefined> {
  return (await tx.select().from(generations).where(eq(generations.id, id)).for("update"))[0];
}

/**
 * Puts a failed generation back in the waitlist as if new, on the house: `reserved` 0 (its
 * coins were refunded when it failed), no worker, no times, no error.
 */
export async function resetForRetry(tx: Db, id: string): Promise<void> {
  await tx
    .update(generations)
    .set({
      status: "waitlisted",
      error: null,
      reserved: 0,
      positionShown: null,
      workerId: null,
      startedAt: null,
      finishedAt: null,
    })
    .where(eq(generations.id, id));
}

/** Sets the product photo a batch item's generation renders, once its job has imported it. */
export async function setGenerationUpload(db: Db, id: string, uploadId: string): Promise<void> {
  await db.update(generations).set({ uploadId }).where(eq(generations.id, id));
}

/** Those of `ids` whose status is one of `statuses` (unknown ids are left out). */
export async function idsWithStatus(
  db: Db,
  ids: string[],
  statuses: readonly GenerationStatus[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: generations.id })
    .from(generations)
    .where(and(inArray(generations.id, ids), inArray(generations.status, [...statuses])));
  return rows.map((r) => r.id);
}

/** Each existing generation's status and error, by id (a deleted one is absent). */
export async function statusesOf(
  db: Db,
  ids: string[],
): Promise<Map<string, { status: GenerationStatus; error: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: generations.id, status: generations.status, error: generations.error })
    .from(generations)
    .where(inArray(generations.id, ids));
  return new Map(rows.map((r) => [r.id, { status: r.status, error: r.error }]));
}
