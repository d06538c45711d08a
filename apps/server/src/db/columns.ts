// Columns that many tables declare the same way, written once so that every table means the
// same by them. Each still has to match its table's SQL migration in drizzle/.
import { integer, text, timestamp } from "drizzle-orm/pg-core";

/** when the row was made: `created_at timestamptz not null default now()` */
export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * The run of a job a worker takes from the queue (generations, videos): its status, the failure
 * it ended with, how often it was tried, which worker has it, and when it was made, started and
 * finished.
 */
export const jobRunColumns = <S extends readonly [string, ...string[]]>(statuses: S) => ({
  status: text("status", { enum: statuses as unknown as [S[number], ...S[number][]] }).notNull(),
  error: text("error"),
  attempts: integer("attempts").notNull(),
  workerId: text("worker_id"),
  createdAt: createdAt(),
  startedAt: timestamp("started_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});
